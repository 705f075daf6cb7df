import { VitePWA } from 'vite-plugin-pwa';

/**
 * The installable app and its service worker (decision 028).
 *
 * - Workbox's generateSW: the worker only precaches the build and serves navigations from it; it
 *   has no code of ours to maintain, and nothing else of it would need injectManifest.
 * - The precache holds every screen's chunk, the CSS, the Latin fonts, the icons and index.html.
 *   So a repeat visit paints from the device, and every screen opens with no signal.
 * - Navigations the precache does not hold get index.html (the client's router decides), except
 *   /api/* and files (a path whose last part has an extension), which always go to the network,
 *   and /login.
 * - /login is asked of the network first: the server chooses between its two prerendered pages by
 *   the session (the one that asks GET /api/me only for a live session, so a signed-out visitor's
 *   console logs no 401; decision 014, tenth session). The last one it sent is kept (cache
 *   'login-page', a page with no one's data in it) for when there is no signal, and with none kept,
 *   index.html, whose router draws the same page.
 * - Nothing else is cached at run time: API answers are never kept by the worker. The data shown
 *   offline is the TanStack Query cache, persisted per member in IndexedDB and cleared at logout
 *   (src/features/offline/query-persistence.ts).
 * - A new version takes over at once (skipWaiting, clientsClaim) without reloading the page in use:
 *   the next load is the new version. The page registers the worker from src/features/offline/
 *   register-service-worker.ts (no inline script: the CSP stays `script-src 'self'`).
 */
export function pwa() {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'autoUpdate',
    injectRegister: false,
    manifest: {
      id: '/',
      name: 'Ahente',
      short_name: 'Ahente',
      description: 'The agent portal of your insurance agency: deals, sales, your team and materials.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f766e',
      background_color: '#f8fafc',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
      // Filipino and English need the Latin fonts only.
      // Nor the spreadsheet worker: Export To Excel needs the connection's data anyway, and the page
      // builds the file itself where the worker cannot start.
      // Nor /login's pages: the server chooses between them (below).
      globIgnores: ['**/*-cyrillic*', '**/*-greek*', '**/*-vietnamese*', '**/*.worker-*.js', 'login.html', 'login-anonymous.html'],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/^\/api(\/|$)/, /\/[^/?]+\.[^/?]+$/, /^\/login(\?.*)?$/],
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) => request.mode === 'navigate' && url.pathname === '/login',
          handler: 'NetworkFirst',
          options: {
            cacheName: 'login-page',
            networkTimeoutSeconds: 4,
            cacheableResponse: { statuses: [200] },
            precacheFallback: { fallbackURL: 'index.html' },
          },
        },
      ],
      cleanupOutdatedCaches: true,
      skipWaiting: true,
      clientsClaim: true,
      // The reports' chart chunk is the largest; nothing may be left out of the precache for its size.
      maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    },
  });
}
