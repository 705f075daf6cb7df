/**
 * What the prerendered login page's script (src/login-island.ts) hands to the app when the app
 * takes the page over (decision 014): what was typed, and what the app should do at once — show a
 * refusal the island received, open "Forgot your password?", switch the language. The island
 * handles the plain sign-in itself and hands over for everything else, so that /login is usable
 * after a few KiB of script instead of the whole app.
 *
 * A property of `window`, not a module both import: the island is its own entry and shares no chunk
 * with the app (a shared chunk would be in the island's first load, or the island in the app's).
 */
export type LoginHandoverAction =
  /** Sign In with an empty field: the spec's message. */
  | { kind: 'missing' }
  /** POST /api/login answered outside 2xx: what the app's own form would do with that answer. */
  | { kind: 'refused'; status: number; error: string; body: unknown }
  /** POST /api/login got no answer. */
  | { kind: 'network' }
  /** "Forgot your password?" was pressed. */
  | { kind: 'forgot' }
  /** A language was chosen. */
  | { kind: 'language'; language: 'en' | 'fil' };

export interface LoginHandover {
  username: string;
  password: string;
  remember: boolean;
  /**
   * Null: the app only takes over (a device set to Filipino, whose page the prerender cannot show, or
   * a logout still to be sent to the server, which the app sends first).
   */
  action: LoginHandoverAction | null;
  /** The island asked GET /api/me and there is no session: the app does not ask again. */
  signedOut: boolean;
  /**
   * The language last pressed on the island's page, the hand-over's own press or one made while the
   * app loaded (the island's buttons stay on the page until the app's replace them); null if none.
   */
  language: 'en' | 'fil' | null;
  /**
   * Resolves once no press is under way on the island's page (a pointer held down, Space held on a
   * button), a task after it ended, so that its click has reached the island: the app swaps its page
   * in only then, since a press begun on the island's button and ended on the app's clicks neither.
   */
  settled(): Promise<void>;
}

declare global {
  interface Window {
    __ahenteLoginHandover?: LoginHandover;
  }
}

/** Set by the island just before it loads the app. */
export function setLoginHandover(handover: LoginHandover): void {
  window.__ahenteLoginHandover = handover;
}

/** The island's handover, if the app is taking over from it (read, not consumed). */
export function peekLoginHandover(): LoginHandover | null {
  return typeof window === 'undefined' ? null : (window.__ahenteLoginHandover ?? null);
}

/** Consumed once by the login page. */
export function clearLoginHandover(): void {
  delete window.__ahenteLoginHandover;
}
