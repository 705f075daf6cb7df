/** Hands a Blob to the browser as a download named `fileName` (an object URL and <a download>). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; give it time to start.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
