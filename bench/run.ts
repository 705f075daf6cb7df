/**
 * `npm run bench`: every server-side benchmark in turn (see bench/README.md).
 * TODO: the browser benchmarks (deals table render, 10,000-sale export) join here as separate files.
 */
import { runGetdealsBench } from './getdeals.ts';

await runGetdealsBench();
