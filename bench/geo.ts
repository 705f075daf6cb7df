/**
 * The PSGC bench of decision 015: what the geo service (apps/server/src/features/geo/service.ts)
 * costs. The first call, which reads and indexes the PSA list; then each call from memory; the heap
 * it keeps. Through the service (no HTTP: an answer over HTTP costs what the session lookup costs).
 *
 *   npm run bench -- --geo          (or: node --expose-gc --import tsx bench/geo.ts)
 *
 * Figures, never a timed test.
 */
import { pathToFileURL } from 'node:url';
import { createGeoService } from '../apps/server/src/features/geo/service.ts';

const NCR = '1300000000';
const MANILA = '1380600000';
const QUEZON_CITY = '1381300000';
const ALICIA = '1381300001';
const CALLS = 100_000;

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/** Microseconds per call of `fn`, over CALLS calls after a warm-up. */
function perCall(fn: () => unknown): number {
  for (let i = 0; i < 1_000; i++) fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) fn();
  return Number(process.hrtime.bigint() - start) / 1_000 / CALLS;
}

export async function runGeoBench(): Promise<void> {
  const before = heapMb();
  const geo = createGeoService();
  const t0 = process.hrtime.bigint();
  const regions = geo.regions();
  const firstMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const kept = heapMb() - before;

  const rows: [string, string][] = [
    ['first call (read and index the list)', `${firstMs.toFixed(0)} ms`],
    [
      'heap kept after it',
      `${kept.toFixed(1)} MB${(globalThis as { gc?: unknown }).gc ? '' : ' (run with --expose-gc for an exact figure)'}`,
    ],
    [`regions() (${regions.length})`, `${perCall(() => geo.regions()).toFixed(2)} µs`],
    [`cities(NCR) (${geo.cities(NCR)!.length})`, `${perCall(() => geo.cities(NCR)).toFixed(2)} µs`],
    [`barangays(City of Manila) (${geo.barangays(MANILA)!.length})`, `${perCall(() => geo.barangays(MANILA)).toFixed(2)} µs`],
    [
      'addressProblem(NCR, Quezon City, Alicia)',
      `${perCall(() => geo.addressProblem({ region: NCR, city: QUEZON_CITY, barangay: ALICIA })).toFixed(2)} µs`,
    ],
  ];
  console.log(`\nPSGC (PSA 2025-2Q), node ${process.version}, ${CALLS.toLocaleString('en')} calls each`);
  console.log('| figure | result |\n|---|---|');
  for (const [what, value] of rows) console.log(`| ${what} | ${value} |`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runGeoBench();
