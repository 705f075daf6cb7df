import { lazy, type ComponentType } from 'react';

/**
 * A component in a chunk of its own, loaded when it first renders or when `preload` is called: each
 * screen (app/router.tsx), and what a screen opens on a click (the Deals Table's modals). The login
 * page does not wait for the deals table, nor the table for its forms (decision 014, the phone
 * budget).
 *
 * One whose chunk has already arrived (preloadScreens, a preload when idle) renders at once:
 * React's lazy takes a thenable that answers synchronously, so the page neither suspends nor shows
 * the spinner for the 300 ms React keeps a fallback up (decision 014).
 */
type Props<C> = C extends ComponentType<infer P> ? P : never;
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  type Loaded = { default: ComponentType<Props<M[K]>> };
  let loaded: Loaded | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = { default: module[name] as ComponentType<Props<M[K]>> };
      return loaded;
    });
  const Page = lazy(() => {
    const ready = loaded;
    return ready ? ({ then: (resolve: (value: Loaded) => void) => resolve(ready) } as unknown as Promise<Loaded>) : preload();
  });
  return Object.assign(Page, { preload });
}
