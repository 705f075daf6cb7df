import type { BrowserContext, Page } from '@playwright/test';

/** A toast the page showed: its type (`data-type`) and its text. */
export interface ShownToast {
  type: string;
  text: string;
}

declare global {
  interface Window {
    __ahenteToasts?: ShownToast[];
  }
}

/**
 * Records every toast the page opens, as the person saw it (its type and message), into
 * `window.__ahenteToasts`. A toast lives 3 s (decision 004); on a loaded CI machine the test's
 * process can be starved past that between the action and its check, and a toast that was on screen
 * was then reported as never shown (decision 015). The record is read by expectToast, which
 * consumes each entry once, so a second identical toast must really be shown a second time.
 */
function recordToasts() {
  const shown: ShownToast[] = [];
  const entries = new WeakMap<Element, ShownToast>();
  window.__ahenteToasts = shown;
  // The message as the eye reads it: without the visually hidden type word and the close button.
  const messageOf = (li: Element) => {
    const copy = li.cloneNode(true) as Element;
    for (const hidden of copy.querySelectorAll('.sr-only, button')) hidden.remove();
    return (copy.textContent ?? '').trim();
  };
  const scan = () => {
    for (const li of document.querySelectorAll('li[data-type][data-state="open"]')) {
      const text = messageOf(li);
      const known = entries.get(li);
      if (known) known.text = text;
      else if (text) {
        const entry = { type: li.getAttribute('data-type') ?? '', text };
        entries.set(li, entry);
        shown.push(entry);
      }
    }
  };
  new MutationObserver(scan).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['data-state'],
  });
}

/** Installs the recorder in every page of `context`, from its next document on. */
export async function recordToastsIn(context: BrowserContext): Promise<void> {
  await context.addInitScript(recordToasts);
}

/**
 * The first toast recorded since the page loaded whose message holds `text` (or is `text`, when
 * `exact`), removed from the record (null while there is none); in a page without the recorder,
 * the open toast on screen.
 */
export async function takeShownToast(page: Page, text: string, exact = false): Promise<{ toast: ShownToast | null; shown: ShownToast[] }> {
  return page.evaluate(
    ({ wanted, exact }) => {
      const live = () =>
        [...document.querySelectorAll('li[data-type][data-state="open"]')].map((li) => {
          const copy = li.cloneNode(true) as Element;
          for (const hidden of copy.querySelectorAll('.sr-only, button')) hidden.remove();
          return { type: li.getAttribute('data-type') ?? '', text: (copy.textContent ?? '').trim() };
        });
      const shown = window.__ahenteToasts ?? live();
      const at = shown.findIndex((t) => (exact ? t.text === wanted : t.text.includes(wanted)));
      if (at < 0) return { toast: null, shown: [...shown] };
      const [toast] = window.__ahenteToasts ? window.__ahenteToasts.splice(at, 1) : [shown[at]!];
      return { toast: toast!, shown: [...shown] };
    },
    { wanted: text, exact },
  );
}
