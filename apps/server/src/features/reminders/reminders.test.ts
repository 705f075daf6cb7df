import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, todayInManila } from '@ahente/contract/dates';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { buildServices } from '../../app.ts';
import { createJobRuns } from '../../platform/jobs.ts';
import { DEFAULT_DAILY_JOB_CRON, isCronPattern } from '../../lib/cron.ts';
import { claimedDailyRun, dailyJobSlot, startDailyJob } from './schedule.ts';

/**
 * The daily job (decision 026): renewal reminders at 60, 30 and 7 days, the lapse on the day after
 * expiry, licence reminders at 60, 30 and 7 days; the nearest threshold only when days were missed;
 * each reminder once, however often and on however many instances the job runs. The clock is the
 * test's (Manila midday); e-mail is on, so every reminder writes its outbox row.
 */
type Member = Awaited<ReturnType<TestApp['createMember']>>;

let clock = new Date('2026-11-01T04:00:00.000Z');
const setToday = (day: string) => (clock = new Date(`${day}T04:00:00.000Z`));
const today = () => todayInManila(clock);
let t: TestApp;
let adminClient: TestClient;

beforeAll(async () => {
  t = await startTestApp(
    { smtpUrl: 'smtp://127.0.0.1:2', mailFrom: { name: 'Ahente', address: 'no-reply@ahente.test' }, portalUrl: 'https://ahente.test' },
    { now: () => clock },
  );
  adminClient = await t.loginAs(await t.createAdmin());
});
afterAll(() => t.close());

/** A policy of `member` (a sale through the API) whose term ends `days` from today. */
async function policy(member: Member, customer: string, days: number, product = 'Comprehensive'): Promise<number> {
  const c = await t.loginAs(member);
  const expiry = addDays(today(), days);
  const effective = addDays(expiry, -364) > today() ? today() : addDays(expiry, -364);
  const deal = await c.post(routes.addDeal.path, {
    id: member.id,
    customerName: customer,
    transactionType: 'New',
    product,
    tcvValue: '12000',
    effectiveDate: effective,
    salesType: 'Direct',
  });
  expect(deal.statusCode, deal.body).toBe(200);
  const sale = await c.post(routes.addSale.path, {
    id: member.id,
    formData: {
      dealid: deal.json().deal.id,
      customerName: customer,
      product,
      tcv: '12000',
      sales_type: 'Direct',
      effectiveDate: effective,
      ...(product === 'Memorial Plan' ? {} : { expiry_date: expiry }),
    },
  });
  expect(sale.statusCode, sale.body).toBe(200);
  return sale.json().sale.id as number;
}

const reminders = (event?: string) =>
  t.db.db
    .selectFrom('notifications')
    .select(['member_id', 'event', 'title', 'link', 'dedupe_key'])
    .where('event', 'in', event ? [event] : ['policy_due', 'policy_lapsed', 'licence_expiring'])
    .orderBy('id')
    .execute();
const count = async (table: 'notifications' | 'outbox') =>
  Number(
    (
      await t.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function wipe() {
  await t.db.db.deleteFrom('outbox').execute();
  await t.db.db.deleteFrom('notifications').execute();
}

describe('policy reminders', () => {
  beforeEach(async () => {
    // Each test reads its own policies only: the terms of earlier tests' sales are taken away.
    await t.db.db.updateTable('sales').set({ expiry_date: null }).execute();
    await wipe();
  });

  it('tells the agent at the threshold each policy has reached, the lapse within a week, and nothing else', async () => {
    setToday('2026-11-01');
    const agent = await t.createMember();
    const other = await t.createMember();
    const ids: Record<string, number> = {};
    for (const [name, days] of [
      ['Far Off', 75],
      ['Sixty', 60],
      ['Forty Five', 45],
      ['Thirty', 30],
      ['Twenty', 20],
      ['Five', 5],
      ['Today', 0],
      ['Yesterday', -1],
      ['Week Ago', -7],
      ['Too Old', -8],
      ['Renewed', 10],
      ['Cancelled', 10],
      ['Rejected', 10],
    ] as const) {
      ids[name] = await policy(agent, name, days);
    }
    await policy(agent, 'Memorial', 0, 'Memorial Plan');
    // Renewed: its renewal deal started from the Portfolio and sold.
    const agentClient = await t.loginAs(agent);
    const started = await agentClient.post(routes.startRenewal.path, { sale_id: ids.Renewed! });
    expect(started.statusCode, started.body).toBe(200);
    const renewal = await agentClient.post(routes.addSale.path, {
      id: agent.id,
      formData: {
        dealid: started.json().deal_id,
        customerName: 'Renewed',
        product: 'Comprehensive',
        tcv: '12000',
        sales_type: 'Direct',
        effectiveDate: addDays(today(), 11),
      },
    });
    expect(renewal.statusCode, renewal.body).toBe(200);
    const cancelled = await adminClient.post(routes.cancelSale.path, {
      sale_id: ids.Cancelled!,
      cancelled_on: today(),
      reason: 'Client cancelled',
      refund: null,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const rejected = await adminClient.post(routes.verifySales.path, {
      sale_ids: [ids.Rejected!],
      decision: 'rejected',
      reason: 'No policy',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    // A deactivated agent hears of nothing.
    const gone = await t.createMember();
    await policy(gone, 'Gone Client', 30);
    expect((await adminClient.post(routes.deactivateMember.path, { id: gone.id })).statusCode).toBe(200);
    await wipe(); // the sales' own events (held commissions, the rejection)

    const result = await t.services.reminders.runDaily();
    expect(result).toEqual({ day: '2026-11-01', policy_due: 6, policy_lapsed: 2, licence_expiring: 0, training: 0, failed: 0 });
    const due = '/portfolio?status=due';
    expect((await reminders()).map((r) => [r.member_id, r.event, r.title, r.link, r.dedupe_key])).toEqual([
      [agent.id, 'policy_due', 'Renewal due in 60 days: Sixty', due, `policy_due:${ids.Sixty}:60`],
      [agent.id, 'policy_due', 'Renewal due in 45 days: Forty Five', due, `policy_due:${ids['Forty Five']}:60`],
      [agent.id, 'policy_due', 'Renewal due in 30 days: Thirty', due, `policy_due:${ids.Thirty}:30`],
      [agent.id, 'policy_due', 'Renewal due in 20 days: Twenty', due, `policy_due:${ids.Twenty}:30`],
      [agent.id, 'policy_due', 'Renewal due in 5 days: Five', due, `policy_due:${ids.Five}:7`],
      [agent.id, 'policy_due', 'Renewal due today: Today', due, `policy_due:${ids.Today}:7`],
      [agent.id, 'policy_lapsed', 'Policy lapsed: Yesterday', '/portfolio?status=lapsed', `policy_lapsed:${ids.Yesterday}`],
      [agent.id, 'policy_lapsed', 'Policy lapsed: Week Ago', '/portfolio?status=lapsed', `policy_lapsed:${ids['Week Ago']}`],
    ]);
    expect((await reminders()).some((r) => r.member_id === other.id || r.member_id === gone.id)).toBe(false);
    // Each reminder by e-mail too (no personal number: the client and the product, never the premium).
    const mails = await t.db.db.selectFrom('outbox').select(['recipient', 'subject', 'body']).orderBy('id').execute();
    expect(mails).toHaveLength(8);
    expect(mails[0]!.subject).toBe('Ahente Insurance Agency: Renewal due in 60 days: Sixty');
    expect(mails[0]!.body).toContain('https://ahente.test/portfolio?status=due');
    expect(mails.some((m) => m.body.includes('12,000') || m.body.includes('12000'))).toBe(false);
  });

  it('run twice, or twice at once, sends each reminder once', async () => {
    setToday('2026-12-01');
    const agent = await t.createMember();
    for (const days of [3, 25, 50, -2]) await policy(agent, `Client ${days}`, days);
    await wipe();
    const first = await t.services.reminders.runDaily();
    expect(first).toMatchObject({ policy_due: 3, policy_lapsed: 1, failed: 0 });
    const [n, o] = [await count('notifications'), await count('outbox')];
    expect([n, o]).toEqual([4, 4]);
    expect(await t.services.reminders.runDaily()).toMatchObject({ policy_due: 0, policy_lapsed: 0, licence_expiring: 0, failed: 0 });
    expect([await count('notifications'), await count('outbox')]).toEqual([n, o]);

    // A server stopping ends a run between two reminders: nothing more is written, the next run sends it.
    await wipe();
    const stopped = new AbortController();
    stopped.abort();
    expect(await t.services.reminders.runDaily(undefined, stopped.signal)).toMatchObject({ policy_due: 0, policy_lapsed: 0 });
    expect(await count('notifications')).toBe(0);

    // Two runs at the same moment (two instances: on PostgreSQL, two connections racing for the same keys).
    await wipe();
    const [a, b] = await Promise.all([t.services.reminders.runDaily(), t.services.reminders.runDaily()]);
    expect(a.policy_due + b.policy_due).toBe(3);
    expect(a.policy_lapsed + b.policy_lapsed).toBe(1);
    expect(a.failed + b.failed).toBe(0);
    expect([await count('notifications'), await count('outbox')]).toEqual([4, 4]);
    const keys = (await reminders()).map((r) => r.dedupe_key);
    expect(new Set(keys).size).toBe(keys.length);

    // Two instances running the daily job at the same moment, as main.ts runs it: claimed per slot
    // of the cron, here 06:00 in Manila (decision 032). On PostgreSQL the second instance has its own pool on the database.
    await wipe();
    await t.db.db.deleteFrom('job_runs').execute();
    const otherDb = t.anotherPool();
    try {
      const other = buildServices({ config: t.config, db: otherDb, now: () => clock });
      const instances = [
        claimedDailyRun(createJobRuns(t.db.db), (signal) => t.services.reminders.runDaily(undefined, signal), {
          cron: DEFAULT_DAILY_JOB_CRON,
          now: () => clock,
        }),
        claimedDailyRun(createJobRuns(otherDb.db), (signal) => other.reminders.runDaily(undefined, signal), {
          cron: DEFAULT_DAILY_JOB_CRON,
          now: () => clock,
        }),
      ];
      const runs = await Promise.all(instances.map((run) => run(new AbortController().signal)));
      expect(runs.filter((r) => r === null)).toHaveLength(1);
      expect(runs.find((r) => r !== null)).toMatchObject({ day: '2026-12-01', policy_due: 3, policy_lapsed: 1, failed: 0 });
      expect([await count('notifications'), await count('outbox')]).toEqual([4, 4]);
      // The slot is done: a later trigger on either instance that day (a restart's first run) does nothing.
      for (const run of instances) expect(await run(new AbortController().signal)).toBeNull();
      expect(await t.db.db.selectFrom('job_runs').select(['job', 'slot']).execute()).toEqual([
        { job: 'daily-reminders', slot: '2026-11-30T22:00:00Z' }, // 06:00 on 1 December in Manila
      ]);
      // The next day is another run.
      setToday('2026-12-02');
      expect(await instances[1]!(new AbortController().signal)).toMatchObject({ day: '2026-12-02', failed: 0 });
    } finally {
      if (otherDb !== t.db) await otherDb.close();
    }
  });

  it('walks a policy through 60, 30 and 7 days and its lapse; after missed days only the nearest threshold', async () => {
    setToday('2027-01-01');
    const agent = await t.createMember();
    const steady = await policy(agent, 'Steady', 61); // expires 2027-03-03
    const late = await policy(agent, 'Late', 50); // expires 2027-02-20
    await wipe();
    const keysAfter = async (day: string) => {
      setToday(day);
      expect((await t.services.reminders.runDaily()).failed).toBe(0);
      return (await reminders()).map((r) => r.dedupe_key);
    };
    expect(await keysAfter('2027-01-01')).toEqual([`policy_due:${late}:60`]);
    expect(await keysAfter('2027-01-02')).toEqual([`policy_due:${late}:60`, `policy_due:${steady}:60`]);
    // The job did not run for six weeks: Late, 5 days left, gets its 7-day reminder only, not the 30-day one it missed.
    const caughtUp = [`policy_due:${late}:60`, `policy_due:${steady}:60`, `policy_due:${steady}:30`, `policy_due:${late}:7`];
    expect(await keysAfter('2027-02-15')).toEqual(caughtUp);
    expect(await keysAfter('2027-02-16')).toEqual(caughtUp);
    expect(await keysAfter('2027-03-03')).toEqual([...caughtUp, `policy_due:${steady}:7`]);
    // The day after its last day Steady lapsed; Late lapsed on 2027-02-21, more than 7 days ago, unannounced (the job was away).
    expect(await keysAfter('2027-03-04')).toEqual([...caughtUp, `policy_due:${steady}:7`, `policy_lapsed:${steady}`]);
    expect(await keysAfter('2027-03-05')).toHaveLength(6);
  });
});

describe('licence reminders', () => {
  beforeEach(async () => {
    await t.db.db.updateTable('sales').set({ expiry_date: null }).execute();
    await t.db.db.deleteFrom('licenses').execute();
    await wipe();
  });

  async function licence(memberId: number, line: string, expires: string, status: 'verified' | 'pending' | 'rejected' = 'verified') {
    const row = await t.db.db
      .insertInto('licenses')
      .values({
        member_id: memberId,
        line: line as 'Non-Life',
        license_no: `LIC-${memberId}-${line}-${expires}`,
        insurer: null,
        issued_on: '2024-01-01',
        expires_on: expires,
        scan_key: null,
        scan_type: null,
        status,
        decided_by: null,
        decided_at: status === 'pending' ? null : clock.toISOString(),
        rejection_reason: status === 'rejected' ? 'Illegible' : null,
        created_by: null,
        created_at: clock.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('tells the licensee of a verified licence with no later one of its line, at its threshold, once', async () => {
    setToday('2026-11-01');
    const holder = await t.createMember();
    const expiring = await licence(holder.id, 'Non-Life', '2026-12-01'); // 30 days
    await licence(holder.id, 'Life', '2026-11-20'); // 19 days, but renewed by a later verified Life licence
    await licence(holder.id, 'Life', '2029-12-31');
    await licence(holder.id, 'HMO', '2026-11-05'); // 4 days, a renewal waits for verification: no reminder
    await licence(holder.id, 'HMO', '2029-12-31', 'pending');
    const preNeed = await licence(holder.id, 'Pre-Need', '2026-12-25'); // the later one was rejected: reminded
    await licence(holder.id, 'Pre-Need', '2029-12-31', 'rejected');
    await licence(holder.id, 'Accident and Health', '2026-11-10', 'pending'); // not verified
    await licence(holder.id, 'Variable Life', '2026-10-31'); // expired yesterday
    const micro = await licence(holder.id, 'Life Microinsurance', '2027-01-15'); // 75 days

    const result = await t.services.reminders.runDaily();
    expect(result).toMatchObject({ licence_expiring: 2, failed: 0 });
    expect((await reminders('licence_expiring')).map((r) => [r.member_id, r.title, r.link, r.dedupe_key])).toEqual([
      [holder.id, 'Your Non-Life licence expires in 30 days', '/settings/licences', `licence_expiring:${expiring}:30`],
      [holder.id, 'Your Pre-Need licence expires in 54 days', '/settings/licences', `licence_expiring:${preNeed}:60`],
    ]);
    expect(await t.services.reminders.runDaily()).toMatchObject({ licence_expiring: 0 });
    // 24 days on: Non-Life at 6 days (its 7-day reminder), Pre-Need at 30, Life Microinsurance now at 51 (its 60-day one).
    setToday('2026-11-25');
    expect(await t.services.reminders.runDaily()).toMatchObject({ licence_expiring: 3 });
    expect((await reminders('licence_expiring')).slice(2).map((r) => [r.title, r.dedupe_key])).toEqual([
      ['Your Non-Life licence expires in 6 days', `licence_expiring:${expiring}:7`],
      ['Your Pre-Need licence expires in 30 days', `licence_expiring:${preNeed}:30`],
      ['Your Life Microinsurance licence expires in 51 days', `licence_expiring:${micro}:60`],
    ]);
    expect(await t.services.reminders.runDaily()).toMatchObject({ licence_expiring: 0 });
  });
});

describe('the schedule', () => {
  it('accepts cron patterns croner runs and refuses others', () => {
    expect(isCronPattern(DEFAULT_DAILY_JOB_CRON)).toBe(true);
    expect(isCronPattern('30 5 * * 1-6')).toBe(true);
    expect(isCronPattern('0 25 * * *')).toBe(false);
    expect(isCronPattern('daily')).toBe(false);
  });

  it('claims a run per time the cron names: the 06:00 run and a later restart share one slot, a pattern every 2 s gets one per firing', () => {
    // 06:00 in Manila is 22:00 UTC the day before.
    expect(dailyJobSlot(DEFAULT_DAILY_JOB_CRON, new Date('2026-11-30T22:00:00.400Z'))).toBe('2026-11-30T22:00:00Z');
    expect(dailyJobSlot(DEFAULT_DAILY_JOB_CRON, new Date('2026-12-01T09:30:00Z'))).toBe('2026-11-30T22:00:00Z');
    // Before 06:00 in Manila, a restart catches up the day before's run.
    expect(dailyJobSlot(DEFAULT_DAILY_JOB_CRON, new Date('2026-12-01T21:59:59Z'))).toBe('2026-11-30T22:00:00Z');
    expect(dailyJobSlot(DEFAULT_DAILY_JOB_CRON, new Date('2026-12-01T22:00:01Z'))).toBe('2026-12-01T22:00:00Z');
    expect(dailyJobSlot('*/2 * * * * *', new Date('2026-12-01T03:00:04.010Z'))).toBe('2026-12-01T03:00:04Z');
    expect(dailyJobSlot('*/2 * * * * *', new Date('2026-12-01T03:00:05.900Z'))).toBe('2026-12-01T03:00:04Z');
    expect(dailyJobSlot('*/2 * * * * *', new Date('2026-12-01T03:00:06.001Z'))).toBe('2026-12-01T03:00:06Z');
  });

  it('runs once shortly after start, never twice at once, and stops', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const lines: string[] = [];
    const job = startDailyJob(
      async () => {
        runs += 1;
        await new Promise<void>((resolve) => (release = resolve));
        return { day: '2026-11-01', policy_due: 0, policy_lapsed: 0, licence_expiring: 0, training: 0, failed: 0 };
      },
      // Every second (a six-part pattern), so a scheduled run falls while the first is under way.
      { cron: '* * * * * *', firstRunDelayMs: 10, log: { info: (_o, m) => lines.push(m), error: (_o, m) => lines.push(m) } },
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(runs).toBe(1);
    release();
    const stopped = job.stop();
    await stopped;
    expect(lines).toContain('daily job done');
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(runs).toBe(after);
  });
});
