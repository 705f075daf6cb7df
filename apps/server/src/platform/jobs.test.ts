import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/connect.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { createJobRuns, hourSlot } from './jobs.ts';

/**
 * Scheduled work claimed in the database (decision 032): of several instances one runs a slot; a
 * run that fails or stops gives it back; a dead instance's claim is taken over once its lease is
 * past. On PostgreSQL the "instances" are two pools on the same database.
 */
let t: TestApp;
/** A second instance's connection: its own pool on PostgreSQL; SQLite is one process, the same database. */
let other: Db;
beforeAll(async () => {
  t = await startTestApp();
  other = t.anotherPool();
});
afterAll(async () => {
  if (other !== t.db) await other.close();
  await t.close();
});
beforeEach(async () => {
  await t.db.db.deleteFrom('job_runs').execute();
});

const rows = () => t.db.db.selectFrom('job_runs').selectAll().orderBy('job').orderBy('slot').execute();

describe('job runs', () => {
  it('runs a slot on one of two instances claiming it at once, and not again', async () => {
    const a = createJobRuns(t.db.db, { owner: 'a' });
    const b = createJobRuns(other.db, { owner: 'b' });
    let runs = 0;
    const work = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return 'done';
    };
    const [ra, rb] = await Promise.all([a.once('housekeeping', '2026-11-27T10', work), b.once('housekeeping', '2026-11-27T10', work)]);
    expect(runs).toBe(1);
    expect([ra, rb].filter((r) => r !== null)).toEqual([{ result: 'done' }]);
    const [row] = await rows();
    expect(row).toMatchObject({ job: 'housekeeping', slot: '2026-11-27T10', owner: ra ? 'a' : 'b' });
    expect(row!.finished_at).not.toBeNull();
    // Finished: neither instance runs it again; the next slot, and another job, are free.
    expect(await a.once('housekeeping', '2026-11-27T10', work)).toBeNull();
    expect(await b.once('housekeeping', '2026-11-27T10', work)).toBeNull();
    expect(await b.once('housekeeping', '2026-11-27T11', work)).toEqual({ result: 'done' });
    expect(await a.once('orphan-sweep', '2026-11-27T10', work)).toEqual({ result: 'done' });
    expect(runs).toBe(3);
  });

  it('gives the slot back when the run fails or is incomplete, so the next run takes it', async () => {
    const a = createJobRuns(t.db.db, { owner: 'a' });
    const b = createJobRuns(other.db, { owner: 'b' });
    await expect(a.once('daily-reminders', '2026-11-27', () => Promise.reject(new Error('database away')))).rejects.toThrow(
      'database away',
    );
    expect(await rows()).toEqual([]);
    expect(
      await b.once(
        'daily-reminders',
        '2026-11-27',
        async () => ({ failed: 2 }),
        (r) => r.failed === 0,
      ),
    ).toEqual({
      result: { failed: 2 },
    });
    expect(await rows()).toEqual([]);
    expect(
      await a.once(
        'daily-reminders',
        '2026-11-27',
        async () => ({ failed: 0 }),
        (r) => r.failed === 0,
      ),
    ).toEqual({
      result: { failed: 0 },
    });
    expect(await rows()).toMatchObject([{ owner: 'a', slot: '2026-11-27' }]);
  });

  it("keeps others off a run under way, and takes over a dead instance's claim once its lease is past", async () => {
    const a = createJobRuns(t.db.db, { owner: 'a', numbers: { leaseMs: 300, renewEveryMs: 100 } });
    const b = createJobRuns(other.db, { owner: 'b', numbers: { leaseMs: 300, renewEveryMs: 100 } });
    // a runs for 700 ms, renewing its 300 ms lease: b finds it under way all along.
    let release: () => void = () => undefined;
    const running = a.once('daily-reminders', '2026-11-27', () => new Promise<string>((resolve) => (release = () => resolve('a'))));
    for (let i = 0; i < 7; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await b.once('daily-reminders', '2026-11-27', async () => 'b')).toBeNull();
    }
    release();
    expect(await running).toEqual({ result: 'a' });

    // An instance that died mid-run: its row stays unfinished, its lease runs out, b takes it over.
    const past = new Date(Date.now() - 1_000).toISOString();
    await t.db.db
      .insertInto('job_runs')
      .values({ job: 'housekeeping', slot: '2026-11-27T10', owner: 'dead', started_at: past, lease_until: past, finished_at: null })
      .execute();
    expect(await b.once('housekeeping', '2026-11-27T10', async () => 'b')).toEqual({ result: 'b' });
    expect((await rows()).find((r) => r.job === 'housekeeping')).toMatchObject({ owner: 'b' });
  });

  it('forgets finished claims after two weeks, never one under way', async () => {
    const old = new Date(Date.now() - 15 * 24 * 3_600_000).toISOString();
    const recent = new Date().toISOString();
    const future = new Date(Date.now() + 60_000).toISOString();
    await t.db.db
      .insertInto('job_runs')
      .values([
        { job: 'housekeeping', slot: 'old-done', owner: 'a', started_at: old, lease_until: old, finished_at: old },
        { job: 'housekeeping', slot: 'old-running', owner: 'a', started_at: old, lease_until: future, finished_at: null },
        { job: 'housekeeping', slot: 'recent', owner: 'a', started_at: recent, lease_until: recent, finished_at: recent },
      ])
      .execute();
    expect(await createJobRuns(t.db.db).purge()).toBe(1);
    expect((await rows()).map((r) => r.slot)).toEqual(['old-running', 'recent']);
  });

  it('names hourly slots by the UTC hour', () => {
    expect(hourSlot(new Date('2026-11-27T10:59:59.999Z'))).toBe('2026-11-27T10');
  });
});
