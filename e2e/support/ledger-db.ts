import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { PORT } from './env.ts';

/**
 * Commission entries in past months, written straight into the run's database (decision 019).
 *
 * The app records every entry on the day it happens, in the first open month, and a month that has
 * not begun cannot be closed: through the API alone an e2e run can close one month, the current
 * one, and commissions.spec.ts closes it. A balance carried forward from one statement to the next
 * needs two closes, so these helpers put a member's entries in two months of the past, which the
 * test then closes through the app like any month. Only the entries' month and day are written
 * here; the sales, the verification, the closes and every amount are the app's.
 *
 * The database is the one behind `baseURL` (playwright.config.ts): the run's SQLite file on PORT,
 * its PostgreSQL database on PORT + 1.
 */

type Param = string | number | null;
type Statement = { sql: string; params: Param[] };

/** Runs the statements in one transaction; returns the number of rows each changed. */
async function run(baseURL: string, statements: readonly Statement[]): Promise<number[]> {
  const port = Number(new URL(baseURL).port);
  if (port === PORT) {
    const dataDir = process.env.E2E_DATA_DIR;
    if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the specs through playwright.config.ts');
    const db = new SQLite(path.join(dataDir, 'ahente.db'));
    try {
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
      return db.transaction(() => statements.map((s) => db.prepare(s.sql).run(...s.params).changes))();
    } finally {
      db.close();
    }
  }
  if (port === PORT + 1 && process.env.E2E_PG_URL) {
    const client = new pg.Client({ connectionString: process.env.E2E_PG_URL });
    await client.connect();
    try {
      await client.query('begin');
      const changed: number[] = [];
      for (const s of statements) {
        let n = 0;
        const result = await client.query(
          s.sql.replace(/\?/g, () => `$${++n}`),
          s.params,
        );
        changed.push(result.rowCount ?? 0);
      }
      await client.query('commit');
      return changed;
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      await client.end();
    }
  }
  throw new Error(`No database is known for ${baseURL}`);
}

/** The month's row, as the app makes it when it first writes into a month (open). */
const periodRow = (period: string): Statement => ({
  sql: 'insert into commission_periods (period, closed_at, closed_by) values (?, null, null) on conflict (period) do nothing',
  params: [period],
});

/**
 * Moves a sale's entries to a day of a past month. Call it while the sale awaits verification: no
 * close posts such entries, so none can be on a statement yet.
 */
export async function backdateSale(baseURL: string, saleId: number, day: string): Promise<void> {
  const period = day.slice(0, 7);
  const [, moved] = await run(baseURL, [
    periodRow(period),
    {
      sql: 'update commission_entries set period = ?, entry_date = ? where sale_id = ? and statement_id is null',
      params: [period, day, saleId],
    },
  ]);
  if (!moved) throw new Error(`Sale ${saleId} has no unposted entry to move to ${period}`);
}

/**
 * An admin's adjustment recorded on a day of a past month (the admin's form records one today, and
 * a payable entry of today's month could be posted by another spec's close before it is moved).
 */
export async function addPastAdjustment(
  baseURL: string,
  adjustment: { memberId: number; centavos: number; reason: string; day: string; adminUsername: string },
): Promise<void> {
  const period = adjustment.day.slice(0, 7);
  await run(baseURL, [
    periodRow(period),
    {
      sql:
        'insert into commission_entries (member_id, kind, sale_id, seller_id, position, rule, rate_hundredths, base_centavos, ' +
        'amount_centavos, entry_date, period, statement_id, reason, created_by, created_at, hold_reason, reverses_id) ' +
        "values (?, 'adjustment', null, null, null, 'Adjustment', null, null, ?, ?, ?, null, ?, " +
        '(select id from members where username = ?), ?, null, null)',
      params: [
        adjustment.memberId,
        adjustment.centavos,
        adjustment.day,
        period,
        adjustment.reason,
        adjustment.adminUsername,
        `${adjustment.day}T02:00:00.000Z`,
      ],
    },
  ]);
}

/**
 * A notification made at `at` (an ISO timestamp) but written now, as a backfilled one is (decision
 * 023): its id is the newest whatever its moment, so a list ordered by id would put it first.
 */
export async function addNotification(
  baseURL: string,
  notification: { memberId: number; title: string; body: string; at: string; link?: string },
): Promise<void> {
  await run(baseURL, [
    {
      sql:
        'insert into notifications (member_id, event, title, body, link, dedupe_key, created_at, read_at) ' +
        "values (?, 'ticket_answered', ?, ?, ?, null, ?, null)",
      params: [notification.memberId, notification.title, notification.body, notification.link ?? '/helpcenter', notification.at],
    },
  ]);
}
