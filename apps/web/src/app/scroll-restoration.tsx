import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'ahente-scroll-positions';
/** At most this many addresses' positions are kept (the oldest go first). */
const KEPT = 50;

function load(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(Array.isArray(saved) ? (saved as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

const positions = load();
let current = '';

function remember(key: string, y: number) {
  positions.delete(key);
  positions.set(key, y);
  if (positions.size > KEPT) positions.delete(positions.keys().next().value!);
}

/**
 * What React Router's `<ScrollRestoration>` does for its data router, which this app no longer uses
 * (app/router.tsx): a new screen starts at the top (or at its `#hash`), and Back and Forward, and a
 * reload, return to where the user was on it. Positions are kept per history entry, in this tab's
 * sessionStorage, as React Router keeps them.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const type = useNavigationType();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    // The position is noted as the user scrolls, so that leaving a screen never records the
    // position of the next one's shorter page.
    const note = () => remember(current, window.scrollY);
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions]));
      } catch {
        // Storage full or refused: Back still works within this page's life.
      }
    };
    window.addEventListener('scroll', note, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', note);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    // A tab's first entry has no key of its own ('default'): its address tells two of them apart.
    current = location.key === 'default' ? `default ${location.pathname}${location.search}` : location.key;
    const saved = positions.get(current);
    if (type === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.search, location.hash, type]);

  return null;
}
