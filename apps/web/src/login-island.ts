/**
 * The script of the prerendered /login (dist/login.html, scripts/prerender.mjs; decision 014, the
 * phone budget): makes the form in the HTML work with a few KiB of script, instead of waiting for
 * React, the router, the shared chunk, the route table and zod (~210 KiB on slow 4G).
 *
 * It does the plain sign-in itself — POST /api/login as api/client.ts sends it (XSRF header, one
 * retry on a stale token), then the dashboard — and hands the page to the app (main.tsx, which
 * renders the same login page in its place, with what was typed: features/auth/login-handover.ts)
 * for everything else: a refusal (the app's form shows its message, or the second step of a
 * two-factor sign-in), "Forgot your password?", a language choice, a device set to Filipino. Once
 * the form works, the app's chunks are fetched (not run) while the visitor types, so that a hand-over
 * or the dashboard after signing in does not wait for them.
 *
 * No import: this entry shares no chunk with the app (see login-handover.ts).
 */
import type { LoginHandover, LoginHandoverAction } from './features/auth/login-handover';

// The contract's addresses (route-paths.ts: me, login, csrfCookie), written here to keep its chunk out.
const ME_PATH = '/api/me';
const LOGIN_PATH = '/api/login';
const CSRF_PATH = '/api/csrf-cookie';
const XSRF_COOKIE = 'XSRF-TOKEN';
const LANGUAGE_STORAGE_KEY = 'ahente.language';
/** features/offline/query-persistence.ts: a logout made with no signal, to send before anything else. */
const LOGOUT_PENDING = 'ahente-logout-pending';

const root = document.getElementById('root');
const form = root?.dataset.prerendered === 'login' ? root.querySelector('form') : null;
/** The app's entry and its chunks, written by the prerender. */
const app = readAppChunks();

function readAppChunks(): { entry: string; chunks: string[] } | null {
  const text = document.getElementById('app-chunks')?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as { entry?: unknown; chunks?: unknown };
    if (typeof value.entry !== 'string' || !Array.isArray(value.chunks)) return null;
    return { entry: value.entry, chunks: value.chunks.filter((c): c is string => typeof c === 'string') };
  } catch {
    return null;
  }
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

function field(name: string): HTMLInputElement | null {
  return form?.querySelector<HTMLInputElement>(`input[name="${name}"]`) ?? null;
}

function values(): Pick<LoginHandover, 'username' | 'password' | 'remember'> {
  return {
    username: field('username')?.value ?? '',
    password: field('password')?.value ?? '',
    remember: field('remember')?.checked ?? false,
  };
}

const submitButton = form?.querySelector<HTMLButtonElement>('button[data-login-submit]') ?? null;

function setBusy(busy: boolean) {
  if (!submitButton) return;
  submitButton.disabled = busy;
  if (busy) submitButton.setAttribute('aria-busy', 'true');
  else submitButton.removeAttribute('aria-busy');
}

/** A pointer held down, or Space held on a button: a press whose click is still to come. */
let pointerDown = false;
let spaceDown = false;
let whenSettled: (() => void)[] = [];

function pressing() {
  return pointerDown || spaceDown;
}

/** A press ended: its click is dispatched in the same task, so those waiting hear of it in the next. */
function pressEnded() {
  if (pressing() || whenSettled.length === 0) return;
  setTimeout(() => {
    if (pressing()) return;
    const waiting = whenSettled;
    whenSettled = [];
    for (const resolve of waiting) resolve();
  }, 0);
}

function watchPresses() {
  const options = { capture: true, passive: true };
  window.addEventListener('pointerdown', () => (pointerDown = true), options);
  for (const type of ['pointerup', 'pointercancel'])
    window.addEventListener(
      type,
      () => {
        pointerDown = false;
        pressEnded();
      },
      options,
    );
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key === ' ' && event.target instanceof HTMLButtonElement) spaceDown = true;
    },
    options,
  );
  window.addEventListener(
    'keyup',
    (event) => {
      if (event.key !== ' ') return;
      spaceDown = false;
      pressEnded();
    },
    options,
  );
  // A press that leaves the window ends there.
  window.addEventListener('blur', () => {
    pointerDown = spaceDown = false;
    pressEnded();
  });
}

function settled(): Promise<void> {
  if (!pressing()) return Promise.resolve();
  return new Promise((resolve) => whenSettled.push(resolve));
}

/** The language last pressed on this page (see LoginHandover.language). */
let language: 'en' | 'fil' | null = null;

let handedOver = false;
/** GET /api/me answered that no one is signed in. */
let signedOut = false;

/** The app takes the page over (main.tsx renders the login page in place of this markup). */
function handOver(action: LoginHandoverAction | null) {
  if (handedOver || !app) return;
  handedOver = true;
  // What was typed is read when the app's login page first renders, not now: the fields stay
  // editable while the app loads, and a username typed in that time (a language chosen, then the
  // username at once) must not be lost when the app's form takes the markup's place.
  const handover: LoginHandover = {
    get username() {
      return values().username;
    },
    get password() {
      return values().password;
    },
    get remember() {
      return values().remember;
    },
    action,
    signedOut,
    get language() {
      return language;
    },
    settled,
  };
  window.__ahenteLoginHandover = handover;
  setBusy(true);
  import(/* @vite-ignore */ app.entry).catch(() => {
    // No signal: the form stays as it is, and the next press tries again.
    handedOver = false;
    setBusy(false);
  });
}

async function ensureCsrfCookie(force: boolean) {
  if (!force && readCookie(XSRF_COOKIE)) return;
  await fetch(CSRF_PATH, { credentials: 'same-origin' });
}

async function postLogin(body: { username: string; password: string }, isRetry: boolean): Promise<Response> {
  await ensureCsrfCookie(isRetry);
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
  const token = readCookie(XSRF_COOKIE);
  if (token) headers.set('X-XSRF-TOKEN', token);
  const response = await fetch(LOGIN_PATH, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' });
  if (response.status === 403 && !isRetry) {
    const text = await response.clone().text();
    if (/csrf|xsrf/i.test(text)) return postLogin(body, true);
  }
  return response;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return (response.headers.get('content-type') ?? '').includes('application/json') ? await response.json() : await response.text();
  } catch {
    return null;
  }
}

let inFlight = false;

async function onSubmit(event: SubmitEvent) {
  event.preventDefault();
  if (handedOver || inFlight) return;
  const { username, password } = values();
  if (username === '' || password === '') {
    handOver({ kind: 'missing' });
    return;
  }
  inFlight = true;
  setBusy(true);
  try {
    const response = await postLogin({ username, password }, false);
    if (response.ok) {
      // Signed in: the dashboard, as the app's form does (its HTML names its chunks, fetched already).
      window.location.replace('/');
      return;
    }
    const body = await readBody(response);
    const error = body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : response.statusText;
    setBusy(false);
    handOver({ kind: 'refused', status: response.status, error, body });
  } catch {
    setBusy(false);
    handOver({ kind: 'network' });
  } finally {
    inFlight = false;
  }
}

function onClick(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target.closest('button') : null;
  if (!target || target === submitButton) return;
  if (target.hasAttribute('data-login-forgot')) {
    handOver({ kind: 'forgot' });
  } else if (target.closest('[role="group"]') && (target.lang === 'en' || target.lang === 'fil')) {
    // While the app loads, the page's buttons stay: a language pressed then is the app's to show.
    if (handedOver) language = target.lang;
    else if (target.getAttribute('aria-pressed') !== 'true') {
      language = target.lang;
      handOver({ kind: 'language', language: target.lang });
    }
  }
}

/** Fetches the app's chunks without running them, once the page is idle. */
function prefetchApp() {
  if (!app) return;
  const add = () => {
    for (const href of [app.entry, ...app.chunks]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(add, { timeout: 1000 });
  else setTimeout(add, 200);
}

function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

async function start() {
  if (!form || !app) return;
  watchPresses();
  // The prerender is in English: a device set to Filipino gets the app's page at once; so does one
  // with a logout to send (the app sends it before asking for the session).
  if (stored(LANGUAGE_STORAGE_KEY) === 'fil' || stored(LOGOUT_PENDING) !== null) {
    handOver(null);
    return;
  }
  // The session, from the HTML's preload (same address, mode and credentials, no extra header); not
  // asked when the server sent the page to a browser with no session cookie (data-signed-out).
  let status = 0;
  if (root?.dataset.signedOut !== undefined) {
    status = 401;
  } else {
    try {
      status = (await fetch(ME_PATH, { credentials: 'same-origin' })).status;
    } catch {
      // No answer: the login page, as in the app (which asks again when it takes over).
    }
  }
  if (status >= 200 && status < 300) {
    // Signed in already: the dashboard, as the app's guard would show.
    window.location.replace('/');
    return;
  }
  signedOut = status === 401;
  if (handedOver) return;
  for (const input of form.querySelectorAll('input')) input.readOnly = false;
  for (const element of root?.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input[type="checkbox"]') ?? [])
    element.disabled = false;
  if (submitButton) submitButton.type = 'submit';
  form.addEventListener('submit', (event) => void onSubmit(event));
  root?.addEventListener('click', onClick);
  // The moment the page is usable, for bench/phone.ts (what JavaScript had arrived by then).
  performance.mark('ahente:usable');
  prefetchApp();
  registerServiceWorker();
}

void start();
