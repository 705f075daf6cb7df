/**
 * Registers the service worker that pwa.config.ts has the build write (decision 028): from this
 * module, not an inline script, so the CSP stays `script-src 'self'`. After the page has loaded, so
 * that its first paint never waits for the precache; only in a build (the dev server has none).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
