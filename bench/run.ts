/**
 * `npm run bench`: every server-side benchmark in turn, then the browser benchmarks (deals table
 * render, 10,000-sale export; they need `npm run build` first). See bench/README.md.
 */
import { runBrowserBench } from './browser.ts';
import { runGetdealsBench } from './getdeals.ts';

await runGetdealsBench();
await runBrowserBench();
