import fs from 'node:fs';
import { POOL_WAIT_BUCKETS_MS, type PoolWaits } from './connect.ts';

/** A window's p95 wait above this is logged as a warning: the pool is full (decision 035). */
export const POOL_WAIT_WARN_MS = 100;

/** The counters of a window: `now` less `before`. */
export function poolWaitsBetween(before: PoolWaits, now: PoolWaits): PoolWaits {
  return {
    acquired: now.acquired - before.acquired,
    totalMs: now.totalMs - before.totalMs,
    maxMs: now.maxMs,
    buckets: now.buckets.map((n, i) => n - (before.buckets[i] ?? 0)),
    size: now.size,
    waitingNow: now.waitingNow,
  };
}

/**
 * The wait below which `p` % of the connections were handed out, as the upper bound of its
 * bucket (a longer wait than the last bound answers the maximum). NaN with none handed out.
 */
export function poolWaitPercentile(waits: PoolWaits, p: number): number {
  if (waits.acquired === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * waits.acquired);
  let seen = 0;
  for (const [i, n] of waits.buckets.entries()) {
    seen += n;
    if (seen >= rank) return POOL_WAIT_BUCKETS_MS[i] ?? waits.maxMs;
  }
  return waits.maxMs;
}

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Every minute, a warning when the pool made queries wait (p95 over POOL_WAIT_WARN_MS): the
 * operator's sign that DATABASE_POOL_SIZE, or a slow statement, holds requests up. With a stats
 * file, the counters are also written to it every second, for the load test (bench/loadtest.ts).
 */
export function startPoolReport(options: { poolWaits: () => PoolWaits; log: Log; statsFile: string | null; windowMs?: number }) {
  const windowMs = options.windowMs ?? 60_000;
  let windowStart = options.poolWaits();
  const report = setInterval(() => {
    const now = options.poolWaits();
    const window = poolWaitsBetween(windowStart, now);
    windowStart = now;
    const p95 = poolWaitPercentile(window, 95);
    if (p95 > POOL_WAIT_WARN_MS) {
      options.log.warn(
        { acquired: window.acquired, p95Ms: p95, meanMs: Math.round(window.totalMs / window.acquired), poolSize: now.size },
        `queries waited for a database connection (p95 ≤ ${p95} ms): DATABASE_POOL_SIZE=${now.size} is full; see decision 035`,
      );
    }
  }, windowMs);
  report.unref();
  const file = options.statsFile;
  const stats = file
    ? setInterval(() => {
        // Written whole then renamed: the reader never sees half a file.
        fs.writeFileSync(`${file}.tmp`, JSON.stringify(options.poolWaits()));
        fs.renameSync(`${file}.tmp`, file);
      }, 1_000)
    : null;
  stats?.unref();
  return {
    stop() {
      clearInterval(report);
      if (stats) clearInterval(stats);
    },
  };
}
