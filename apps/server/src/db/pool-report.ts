import fs from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { POOL_WAIT_BUCKETS_MS, type PoolWaits } from './connect.ts';

/** A window's p95 wait above this is logged as a warning: the pool is full (decision 035). */
export const POOL_WAIT_WARN_MS = 100;

/** The counters of a window: `now` less `before`. */
export function poolWaitsBetween(before: PoolWaits, now: PoolWaits): PoolWaits {
  return {
    acquired: now.acquired - before.acquired,
    totalMs: now.totalMs - before.totalMs,
    maxMs: now.maxMs,
    heldMs: now.heldMs - before.heldMs,
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

/**
 * The event loop's own counters, written beside the pool's (decision 035): when requests wait with
 * the database idle, is it the event loop? Cumulative time busy and idle
 * (`performance.eventLoopUtilization`), and each second's event-loop delay (p99, ms) as
 * `monitorEventLoopDelay` saw it, the last 600 seconds.
 */
export interface EventLoopStats {
  activeMs: number;
  idleMs: number;
  /** Each second's p99 delay (ms), oldest first; `seconds` counts every second since the start. */
  p99PerSecond: number[];
  seconds: number;
}

/** The event loop's utilisation and the seconds' p99 delays between two readings. */
export function eventLoopBetween(before: EventLoopStats, now: EventLoopStats): { utilisation: number; p99PerSecond: number[] } {
  const active = now.activeMs - before.activeMs;
  const idle = now.idleMs - before.idleMs;
  const added = Math.min(now.seconds - before.seconds, now.p99PerSecond.length);
  return { utilisation: active / Math.max(1e-9, active + idle), p99PerSecond: now.p99PerSecond.slice(now.p99PerSecond.length - added) };
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
  const delay = file ? monitorEventLoopDelay({ resolution: 5 }) : null;
  delay?.enable();
  const eventLoop: EventLoopStats = { activeMs: 0, idleMs: 0, p99PerSecond: [], seconds: 0 };
  const stats = file
    ? setInterval(() => {
        const elu = performance.eventLoopUtilization();
        eventLoop.activeMs = elu.active;
        eventLoop.idleMs = elu.idle;
        eventLoop.seconds += 1;
        eventLoop.p99PerSecond.push(Math.round(delay!.percentile(99) / 1e4) / 100);
        if (eventLoop.p99PerSecond.length > 600) eventLoop.p99PerSecond.shift();
        delay!.reset();
        // Written whole then renamed: the reader never sees half a file.
        fs.writeFileSync(`${file}.tmp`, JSON.stringify({ ...options.poolWaits(), eventLoop }));
        fs.renameSync(`${file}.tmp`, file);
      }, 1_000)
    : null;
  stats?.unref();
  return {
    stop() {
      clearInterval(report);
      if (stats) clearInterval(stats);
      delay?.disable();
    },
  };
}
