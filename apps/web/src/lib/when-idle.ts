/**
 * Runs `task` once the page is idle (at the latest after `timeout` ms), for work that must not
 * compete with a first paint: fetching a chunk a click will need. Safari has no
 * requestIdleCallback: a timer there. Returns the cancel.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}
