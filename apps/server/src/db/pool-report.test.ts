import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POOL_WAIT_BUCKETS_MS, type PoolWaits } from './connect.ts';
import { eventLoopBetween, poolWaitPercentile, poolWaitsBetween, startPoolReport, type EventLoopStats } from './pool-report.ts';

function waits(counts: Record<number, number>, extra: Partial<PoolWaits> = {}): PoolWaits {
  const buckets = POOL_WAIT_BUCKETS_MS.map((bound) => counts[bound] ?? 0).concat(counts[Infinity] ?? 0);
  return { acquired: buckets.reduce((a, b) => a + b, 0), totalMs: 0, maxMs: 7_500, heldMs: 0, buckets, size: 10, waitingNow: 0, ...extra };
}

describe('the pool-wait report', () => {
  afterEach(() => vi.useRealTimers());

  it('reads percentiles off the buckets, the longest wait past the last bound', () => {
    const w = waits({ 0.5: 90, 200: 5, 1000: 4, [Infinity]: 1 });
    expect(poolWaitPercentile(w, 50)).toBe(0.5);
    expect(poolWaitPercentile(w, 95)).toBe(200);
    expect(poolWaitPercentile(w, 99)).toBe(1000);
    expect(poolWaitPercentile(w, 100)).toBe(7_500);
    expect(poolWaitPercentile(waits({}), 95)).toBeNaN();
  });

  it('warns once a minute only when the window waited, and writes the counters for the load test', () => {
    vi.useFakeTimers();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pool-')), 'pool.json');
    let now = waits({ 0.5: 100 });
    const warn = vi.fn();
    const report = startPoolReport({ poolWaits: () => now, log: { warn }, statsFile: file });
    vi.advanceTimersByTime(1_000);
    const written = JSON.parse(fs.readFileSync(file, 'utf8')) as PoolWaits & { eventLoop: EventLoopStats };
    expect(written).toMatchObject({ acquired: 100, size: 10, eventLoop: { seconds: 1 } });
    expect(written.eventLoop.p99PerSecond).toHaveLength(1);
    now = waits({ 0.5: 200 }); // a quiet minute: no warning
    vi.advanceTimersByTime(59_000);
    expect(warn).not.toHaveBeenCalled();
    now = waits({ 0.5: 210, 500: 90 }); // then 90 of the window's 100 waited up to 500 ms
    vi.advanceTimersByTime(60_000);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatchObject({ acquired: 100, p95Ms: 500, poolSize: 10 });
    expect(warn.mock.calls[0]![1]).toContain('DATABASE_POOL_SIZE=10 is full');
    report.stop();
    expect(poolWaitsBetween(waits({ 0.5: 1 }), waits({ 0.5: 3 })).acquired).toBe(2);
    const before: EventLoopStats = { activeMs: 100, idleMs: 900, p99PerSecond: [1, 2], seconds: 2 };
    expect(eventLoopBetween(before, { activeMs: 400, idleMs: 1_600, p99PerSecond: [1, 2, 30, 40], seconds: 4 })).toEqual({
      utilisation: 0.3,
      p99PerSecond: [30, 40],
    });
  });
});
