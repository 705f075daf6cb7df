import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { routeTable } from './api/client';
import { startFirstCalls } from './app/first-calls';
import { createQueryClient } from './api/query-client';
import { SESSION_QUERY_KEY, sessionQuery } from './api/session';
import { AppRoutes, preloadScreens } from './app/router';
import { peekLoginHandover } from './features/auth/login-handover';
import { takeOverLoginPage } from './features/auth/login-takeover';
import { PersistedQueryProvider, restorePersistedQueries } from './features/offline/query-persistence';
import { registerServiceWorker } from './features/offline/register-service-worker';
import { Toaster } from './ui/toast';

/** The screens whose calls first-answers covers: the route table is not fetched at start there. */
const FIRST_SCREENS = new Set(['/', '/deals/dealsview']);

performance.mark('ahente:main');
const queryClient = createQueryClient();
const screens = preloadScreens(window.location.pathname);
void screens.then(() => performance.mark('ahente:screens'));
const restored = restorePersistedQueries(queryClient);
// The session's answer is parsed with its schema of the first load (api/session-schema.ts); those
// of the dashboard and the Deals Table with the first screens' schemas (api/first-schemas.ts,
// contract/first-answers.ts), whose chunk their first call fetches and runs: on /deals as the
// session answers, on / after the first render, so that the first render waits neither for its
// bytes nor for its evaluation. The whole route table parses every other answer: fetched now on
// every other screen, and on those two by the first call that needs it (decision 014).
if (!FIRST_SCREENS.has(window.location.pathname)) {
  void routeTable().then(
    () => performance.mark('ahente:route-table'),
    () => undefined,
  );
}
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// /login painted from the HTML (dist/login.html, scripts/prerender.mjs): its own script
// (login-island.ts) makes it work and loads this entry only to hand the page over. The markup stays
// until the app can put the same page in its place in one go, once the session is known and the
// page's chunk is in; no spinner in between (decision 014).
if (container.dataset.prerendered) {
  // Loaded by the page's own script (login-island.ts), which asked GET /api/me already: no session.
  const signedOut = peekLoginHandover()?.signedOut === true;
  if (signedOut) queryClient.setQueryData(SESSION_QUERY_KEY, null);
  await Promise.all([signedOut ? undefined : queryClient.prefetchQuery(sessionQuery), screens, restored]);
} else {
  // The saved cache (IndexedDB) is usually back within a few milliseconds, and the session's answer
  // (GET /api/me, preloaded by index.html) has usually arrived while the scripts loaded: the first
  // render is then the page itself, not a spinner whose effects ask for the session (~0.35 s on a
  // phone, decision 014). The session is asked once the saved cache is back, so a saved answer
  // never lands on a newer one. A slow read or a slow answer renders the wait as before.
  const asked = Date.now();
  const session = restored.then(() => queryClient.prefetchQuery(sessionQuery));
  // And the one first call whose late answer would move what is drawn (the dashboard's checklist,
  // app/first-calls.ts).
  const firstCalls = session.then(() => {
    performance.mark('ahente:me');
    return startFirstCalls(queryClient, window.location.pathname, asked);
  });
  // The screen's chunks too (preloaded by the HTML; `screens` is their evaluation): a first render
  // that starts before them shows the layout with a spinner, and the page only in a later render.
  await Promise.race([Promise.all([firstCalls, screens]), new Promise((resolve) => setTimeout(resolve, 300))]);
}

performance.mark('ahente:render');
void restored.then(() => performance.mark('ahente:restored'));
const root = createRoot(container);
const render = () =>
  root.render(
    <StrictMode>
      <PersistedQueryProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Toaster />
      </PersistedQueryProvider>
    </StrictMode>,
  );
// The prerendered /login is swapped for the app's page in one task, with what the visitor was doing
// on it (features/auth/login-takeover.ts).
if (container.dataset.prerendered) await takeOverLoginPage(container, peekLoginHandover(), render);
else render();
