import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { SESSION_QUERY_KEY, SessionProvider } from './api/session';
import { LoginPage } from './features/auth/login-page';

/**
 * The markup of /login for dist/login.html (scripts/prerender.mjs, after `vite build`; decision
 * 014): the same components the app shows to a visitor with no session, so the page paints as soon
 * as the HTML and the CSS arrive, before any script. Its script makes it work (login-island.ts) and
 * hands it to the app only when needed; main.tsx then shows the same page in its place at once.
 *
 * Until that script has the session's answer, nothing on the page acts (a native submit would even
 * put the password in the address): the buttons and the checkbox are disabled and the text fields
 * read-only; the Sign In button is also a plain button, and with no submit button, Enter submits
 * nothing. Automated clicks and fills wait for them.
 */
export function renderLogin(): string {
  const queryClient = new QueryClient();
  // A visitor with no session: the page the app shows once GET /api/me answers 401.
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
  const markup = renderToString(
    <MemoryRouter initialEntries={['/login']}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <LoginPage />
        </SessionProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  const submits = markup.match(/type="submit"/g)?.length ?? 0;
  if (submits !== 1) throw new Error(`the login page has ${submits} submit buttons; the prerender expects one`);
  return (
    markup
      // Marked for the page's own script (login-island.ts), which makes it the submit button again.
      .replace('type="submit"', 'type="button" data-login-submit=""')
      .replaceAll('<button ', '<button disabled="" ')
      .replace(/<input ([^>]*type="checkbox")/g, '<input disabled="" $1')
      .replace(/<input (?![^>]*type="checkbox")/g, '<input readonly="" ')
  );
}
