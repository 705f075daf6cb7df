import { sql } from 'kysely';
import { nextMonth as nextMonthOf } from '@ahente/contract/dates';
import { quarterMonths, quarterOf } from '@ahente/contract/tax';
import { payableUnpostedSql } from '../../db/entry-bucket.ts';
import { hasRowLocks } from '../../db/locks.ts';
import type { Exec } from '../../db/exec.ts';

const num = (v: unknown) => Number(v ?? 0);

/** The months of the ledger: their rows and locks, what each holds, and closing one into statements. */
export const periodsRepository = {
  /**
   * The row of month `period`, made if missing, and locked until the transaction ends: shared for
   * a writer of entries, exclusive for a close (PostgreSQL; SQLite runs transactions one at a
   * time). A close therefore waits for every entry being written into its month, and an entry
   * written after a close sees the month closed.
   */
  async lockPeriod(db: Exec, period: string, mode: 'share' | 'update') {
    await db
      .insertInto('commission_periods')
      .values({ period, closed_at: null, closed_by: null })
      .onConflict((oc) => oc.column('period').doNothing())
      .execute();
    const query = db.selectFrom('commission_periods').select(['period', 'closed_at']).where('period', '=', period);
    const locked = hasRowLocks(db) ? (mode === 'share' ? query.forShare() : query.forUpdate()) : query;
    return locked.executeTakeFirstOrThrow();
  },

  async isClosed(db: Exec, period: string): Promise<boolean> {
    const row = await db.selectFrom('commission_periods').select('closed_at').where('period', '=', period).executeTakeFirst();
    return row?.closed_at != null;
  },

  markPeriodClosed(db: Exec, period: string, at: string, by: number) {
    return db.updateTable('commission_periods').set({ closed_at: at, closed_by: by }).where('period', '=', period).execute();
  },

  /** The day (ISO timestamp) the first sale was recorded, or null: the periods list starts at its month at the latest. */
  async firstSaleAt(db: Exec): Promise<string | null> {
    const row = await db.selectFrom('sales').select('createdat').orderBy('id').limit(1).executeTakeFirst();
    return row?.createdat ?? null;
  },

  /** Every month with entries, statements or a close, newest first, with what admins need to see. */
  async periods(db: Exec) {
    const periods = await db
      .selectFrom('commission_periods as p')
      .leftJoin('members as m', 'm.id', 'p.closed_by')
      .select(['p.period', 'p.closed_at', 'm.f_name', 'm.m_name', 'm.l_name'])
      .orderBy('p.period', 'desc')
      .execute();
    const open = await db
      .selectFrom('commission_entries')
      .select(['period', sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(amount_centavos), 0)`.as('total')])
      .where(payableUnpostedSql)
      .groupBy('period')
      .execute();
    const statements = await db
      .selectFrom('commission_statements')
      .select([
        'period',
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(gross_centavos), 0)`.as('gross'),
        sql<number>`coalesce(sum(withholding_centavos), 0)`.as('tax'),
        sql<number>`coalesce(sum(case when carried = 0 then net_centavos else 0 end), 0)`.as('to_pay'),
        sql<number>`coalesce(sum(brought_forward_centavos), 0)`.as('brought_forward'),
        sql<number>`coalesce(sum(net_centavos), 0)`.as('net'),
        sql<number>`coalesce(sum(case when carried = 1 then net_centavos else 0 end), 0)`.as('carried_net'),
        sql<number>`coalesce(sum(carried), 0)`.as('carried'),
        sql<number>`coalesce(sum(case when paid_on is null then 0 else 1 end), 0)`.as('paid'),
        sql<number>`coalesce(sum(case when carried = 0 and paid_on is null then 1 else 0 end), 0)`.as('unpaid'),
      ])
      .groupBy('period')
      .execute();
    // Payable entries left in a closed month (verified or released after its close) are posted by the
    // close of the first open month after it: they are shown there.
    const openBy = new Map<string, { n: number; total: number }>();
    const ascending = [...periods].reverse();
    for (const r of open) {
      const target = ascending.find((p) => p.period >= r.period && p.closed_at === null)?.period ?? r.period;
      const o = openBy.get(target) ?? { n: 0, total: 0 };
      openBy.set(target, { n: o.n + num(r.n), total: o.total + num(r.total) });
    }
    const stBy = new Map(statements.map((r) => [r.period, r]));
    return periods.map((p) => {
      const o = openBy.get(p.period);
      const s = stBy.get(p.period);
      return {
        ...p,
        open_entries: num(o?.n),
        open_total: num(o?.total),
        statements: num(s?.n),
        statements_gross: num(s?.gross),
        statements_tax: num(s?.tax),
        statements_to_pay: num(s?.to_pay),
        statements_brought_forward: num(s?.brought_forward),
        statements_net: num(s?.net),
        carried_net: num(s?.carried_net),
        carried: num(s?.carried),
        paid: num(s?.paid),
        unpaid: num(s?.unpaid),
      };
    });
  },

  // ------------------------------------------------------------ closing

  /**
   * The months whose unposted entries the close of `period` posts: the month itself, and the
   * closed months right before it (down to the first open one), whose entries were verified or
   * released after their own close (decision 018).
   */
  async monthsPostedBy(db: Exec, period: string): Promise<string[]> {
    const rows = await db
      .selectFrom('commission_periods')
      .select(['period', 'closed_at'])
      .where('period', '<', period)
      .orderBy('period', 'desc')
      .execute();
    const months = [period];
    for (const r of rows) {
      if (r.closed_at === null) break;
      months.push(r.period);
    }
    return months;
  },

  /**
   * Posts the payable unposted entries of `months` to one statement per member for `period`, in the
   * database: the rows never pass through this process, so closing 300,000 entries takes no more
   * memory than 3. A sale verified or an entry released while the close runs (PostgreSQL, read
   * committed) may be seen by the UPDATE and not by the INSERT: when the UPDATE posted more entries
   * than the statements count, each statement's gross and count are taken again from the entries
   * posted to it, so they always agree.
   *
   * Then, per statement (decision 019): brought forward is the net of the member's carried
   * statement not yet brought forward (at most one: each statement brings forward the one before,
   * and the unique index on brought_forward_from lets it happen once); the withholding rate is the
   * member's rate on the month's last day (5 % when none is on record) with its ATC; the tax is the
   * rate of a positive gross, half up; net = brought forward + gross − tax; a net below the minimum
   * payout, or below zero, is carried.
   */
  async postPeriod(
    db: Exec,
    period: string,
    months: string[],
    now: string,
    settings: { minimumCentavos: number; atc5: string; atc10: string; defaultRateHundredths: number },
  ): Promise<{ statements: number; entries: number; gross: number; tax: number; toPay: number; carried: number }> {
    const unposted = sql<boolean>`commission_entries.period in (${sql.join(months)}) and ${payableUnpostedSql}`;
    const monthEnd = `${nextMonthOf(period)}-01`;
    const carriedOf = sql`(select p.id from commission_statements p
      where p.member_id = commission_entries.member_id and p.carried = 1
      and not exists (select 1 from commission_statements q where q.brought_forward_from = p.id)
      order by p.period desc limit 1)`;
    await db
      .insertInto('commission_statements')
      .columns([
        'member_id',
        'period',
        'gross_centavos',
        'entry_count',
        'created_at',
        'brought_forward_from',
        'withholding_rate_hundredths',
      ])
      .expression(
        db
          .selectFrom('commission_entries')
          .select([
            'member_id',
            sql<string>`${period}`.as('period'),
            sql<number>`sum(amount_centavos)`.as('gross_centavos'),
            sql<number>`count(*)`.as('entry_count'),
            sql<string>`${now}`.as('created_at'),
            sql<number | null>`${carriedOf}`.as('brought_forward_from'),
            sql<number>`coalesce((select w.rate_hundredths from member_withholding w
              where w.member_id = commission_entries.member_id and w.effective_from < ${monthEnd}
              order by w.effective_from desc, w.id desc limit 1), ${settings.defaultRateHundredths})`.as('withholding_rate_hundredths'),
          ])
          .where(unposted)
          .groupBy('member_id'),
      )
      .execute();
    // PostgreSQL caches, per connection, the plan of the foreign-key check on statement_id; made
    // while the table was small it scans it once per entry (seconds for 30,000 entries, bench
    // finding). Fresh statistics before the UPDATE give it the index (decision 016).
    if (hasRowLocks(db)) await sql`analyze commission_statements`.execute(db);
    const updated = await db
      .updateTable('commission_entries')
      .set({
        statement_id: (eb) =>
          eb
            .selectFrom('commission_statements as st')
            .select('st.id')
            .whereRef('st.member_id', '=', 'commission_entries.member_id')
            .where('st.period', '=', period),
      })
      .where(unposted)
      .where('member_id', 'in', db.selectFrom('commission_statements').select('member_id').where('period', '=', period))
      .executeTakeFirst();
    // Entries only become payable, never stop being (a rejection or a forfeit applies to entries
    // that are not payable), so the UPDATE posts each statement's INSERT-time entries and maybe
    // more: the counts agree exactly when nothing was verified or released between the two.
    const inserted = await db
      .selectFrom('commission_statements')
      .select(sql<number>`coalesce(sum(entry_count), 0)`.as('n'))
      .where('period', '=', period)
      .executeTakeFirstOrThrow();
    if (Number(updated.numUpdatedRows) !== num(inserted.n)) {
      await db
        .updateTable('commission_statements')
        .set({
          gross_centavos: sql`(select coalesce(sum(e.amount_centavos), 0) from commission_entries e where e.statement_id = commission_statements.id)`,
          entry_count: sql`(select count(*) from commission_entries e where e.statement_id = commission_statements.id)`,
        })
        .where('period', '=', period)
        .execute();
    }
    // The money of each statement, from its gross, its rate and the balance it brings forward.
    const tax = sql<number>`(case when gross_centavos > 0 then (gross_centavos * withholding_rate_hundredths + 5000) / 10000 else 0 end)`;
    const bf = sql<number>`coalesce((select p.net_centavos from commission_statements p where p.id = commission_statements.brought_forward_from), 0)`;
    await db
      .updateTable('commission_statements')
      .set({
        brought_forward_centavos: bf,
        withholding_centavos: tax,
        net_centavos: sql`${bf} + gross_centavos - ${tax}`,
        carried: sql`(case when ${bf} + gross_centavos - ${tax} < ${settings.minimumCentavos} or ${bf} + gross_centavos - ${tax} < 0 then 1 else 0 end)`,
        atc: sql`(case when withholding_rate_hundredths = 1000 then ${settings.atc10} else ${settings.atc5} end)`,
      })
      .where('period', '=', period)
      .execute();
    const row = await db
      .selectFrom('commission_statements')
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(entry_count), 0)`.as('entries'),
        sql<number>`coalesce(sum(gross_centavos), 0)`.as('gross'),
        sql<number>`coalesce(sum(withholding_centavos), 0)`.as('tax'),
        sql<number>`coalesce(sum(case when carried = 0 then net_centavos else 0 end), 0)`.as('to_pay'),
        sql<number>`coalesce(sum(carried), 0)`.as('carried'),
      ])
      .where('period', '=', period)
      .executeTakeFirstOrThrow();
    return {
      statements: num(row.n),
      entries: num(row.entries),
      gross: num(row.gross),
      tax: num(row.tax),
      toPay: num(row.to_pay),
      carried: num(row.carried),
    };
  },

  /** The earners with a statement of `period` (a query for notifications.notifyMany, not run here). */
  statementEarners(db: Exec, period: string) {
    return db.selectFrom('commission_statements').select('member_id').where('period', '=', period);
  },

  /**
   * The quarter of `period` when its withholding is final: its last month is closed and none of its
   * months is open (a month without a row had no entries and has nothing to close). Else null.
   */
  async quarterClosedBy(db: Exec, period: string): Promise<{ year: number; quarter: number } | null> {
    const { year, quarter } = quarterOf(period);
    const months = quarterMonths(year, quarter);
    const rows = await db.selectFrom('commission_periods').select(['period', 'closed_at']).where('period', 'in', months).execute();
    const last = rows.find((r) => r.period === months[2]);
    if (!last || last.closed_at === null || rows.some((r) => r.closed_at === null)) return null;
    return { year, quarter };
  },
};

/** A month as the periods list reads it. */
export type PeriodRow = Awaited<ReturnType<typeof periodsRepository.periods>>[number];
