import { flushSync } from 'react-dom';
import type { LoginHandover } from './login-handover';

/** What can hold the focus on the login page, in the order of its markup (the island's and the app's alike). */
const FOCUSABLE = 'input, button, a[href], textarea, select';

/** How long the app waits for a press on the island's page to end before it swaps its page in anyway. */
const MOST_WAIT_MS = 2000;

/**
 * The app takes the prerendered /login over (main.tsx; decision 014): its page replaces the
 * island's markup in one task, the render, its commit, the login page's effects and the focus
 * restored at once, so that no key and no click of the visitor lands in between (issue 49 §3). Left
 * to React's scheduler, the commit came in a later task: a key typed meanwhile went into a field
 * about to be removed, or, after the commit, to the page's body, the focused field being gone; a
 * press begun on the island's button and ended on the app's clicked neither; and a language pressed
 * on the island while the app loaded was ignored. Now:
 * - the swap waits until no press is under way on the island's page (LoginHandover.settled, at most
 *   two seconds), so a press is the island's or the app's, whole;
 * - the first render reads what was typed (login-page.tsx) in the task of the commit;
 * - the element that had the focus gets it back in the app's page, the same field or button in the
 *   same place of the same markup, with the text selected in it (a key typed next replaces it, as it
 *   would have);
 * - the login page applies the language last pressed on the island (LoginHandover.language).
 */
export async function takeOverLoginPage(container: HTMLElement, handover: LoginHandover | null, render: () => void): Promise<void> {
  if (handover) await Promise.race([handover.settled(), new Promise((resolve) => setTimeout(resolve, MOST_WAIT_MS))]);
  const focus = focusIn(container);
  flushSync(render);
  if (focus) restoreFocus(container, focus);
}

interface Focus {
  index: number;
  tag: string;
  name: string | null;
  selection: { start: number; end: number; direction: 'forward' | 'backward' | 'none' } | null;
}

function focusIn(container: HTMLElement): Focus | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !container.contains(active)) return null;
  const index = [...container.querySelectorAll(FOCUSABLE)].indexOf(active);
  if (index === -1) return null;
  let selection: Focus['selection'] = null;
  if (active instanceof HTMLInputElement && active.selectionStart !== null && active.selectionEnd !== null) {
    selection = { start: active.selectionStart, end: active.selectionEnd, direction: active.selectionDirection ?? 'none' };
  }
  return { index, tag: active.tagName, name: active.getAttribute('name'), selection };
}

function restoreFocus(container: HTMLElement, focus: Focus): void {
  // The visitor moved the focus into the app's page already (nothing can, in one task; kept safe).
  if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) return;
  const element = container.querySelectorAll<HTMLElement>(FOCUSABLE)[focus.index];
  if (!element || element.tagName !== focus.tag || element.getAttribute('name') !== focus.name) return;
  element.focus({ preventScroll: true });
  if (focus.selection && element instanceof HTMLInputElement) {
    try {
      element.setSelectionRange(focus.selection.start, focus.selection.end, focus.selection.direction);
    } catch {
      // An input without a text selection.
    }
  }
}
