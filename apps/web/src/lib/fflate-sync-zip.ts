/**
 * A drop-in for the `fflate` package (aliased in vite.config.ts), which write-excel-file uses to
 * zip the .xlsx it builds.
 *
 * fflate's asynchronous `zip()` compresses any file over 160 kB in a Web Worker it creates from a
 * `blob:` URL. The server's CSP (script-src 'self', no worker-src) forbids such workers, and fflate
 * never hears back from a worker that could not start: an export of a few hundred sales or more
 * would wait forever. This version keeps the same API but compresses with `zipSync`. The sales
 * export runs it inside its own worker (a same-origin script, which the CSP allows), so the page
 * stays responsive anyway.
 *
 * fflate is a dependency of write-excel-file (the same copy is hoisted to the root node_modules).
 */
import { zipSync, type AsyncTerminable, type AsyncZipOptions, type AsyncZippable, type FlateCallback } from 'fflate/browser';

export * from 'fflate/browser';

export function zip(data: AsyncZippable, cb: FlateCallback): AsyncTerminable;
export function zip(data: AsyncZippable, opts: AsyncZipOptions, cb: FlateCallback): AsyncTerminable;
export function zip(data: AsyncZippable, optsOrCb: AsyncZipOptions | FlateCallback, maybeCb?: FlateCallback): AsyncTerminable {
  const cb = typeof optsOrCb === 'function' ? optsOrCb : maybeCb;
  const opts = typeof optsOrCb === 'function' ? {} : optsOrCb;
  if (!cb) throw new TypeError('zip: no callback');
  let cancelled = false;
  // Asynchronous like the original: the callback never runs before zip() returns.
  setTimeout(() => {
    if (cancelled) return;
    let out: Parameters<FlateCallback>[1];
    try {
      out = zipSync(data as Parameters<typeof zipSync>[0], opts) as Parameters<FlateCallback>[1];
    } catch (error) {
      cb(error as Parameters<FlateCallback>[0], null as unknown as Parameters<FlateCallback>[1]);
      return;
    }
    cb(null, out);
  }, 0);
  return () => {
    cancelled = true;
  };
}
