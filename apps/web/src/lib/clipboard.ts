/**
 * Copies text to the clipboard. Uses the async Clipboard API, falling back to a hidden textarea
 * and execCommand('copy') where the API is missing or refused (plain http on a LAN address).
 */
export async function copyText(text: string): Promise<void> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return;
    }
  } catch {
    // fall back below
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'fixed top-0 left-0 opacity-0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Copy refused');
  } finally {
    area.remove();
  }
}
