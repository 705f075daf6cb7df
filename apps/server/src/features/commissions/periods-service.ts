import type { Kysely } from 'kysely';
import { percentToHundredths, type ClosePeriodResponse, type PeriodRecord, type StatementRecord } from '@ahente/contract/commissions';
import type { MarkPaidInput } from '@ahente/contract/commissions';
import { DEFAULT_WITHHOLDING_RATE } from '@ahente/contract/tax';
import { formatMonth, nextMonth, todayInManila } from '@ahente/contract/dates';
import { centavosToPesos } from '@ahente/contract/money';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Auth } from '../../platform/sessions.ts';
import { fullName } from '@ahente/contract/names';
import type { ProfileService } from '../members/profile-service.ts';
import type { Notifier } from '../notifications/service.ts';
import type { TaxService } from '../tax/service.ts';
import { entriesRepository as entries } from './entries-repository.ts';
import { EMPTY_PERIOD, toEntry, toPeriod, toStatement } from './mappers.ts';
import { periodsRepository as repo } from './periods-repository.ts';
import { statementsRepository as statements } from './statements-repository.ts';
import { statementPdf, statementWorkbook, payoutWorkbook, type StatementDocument } from './statement-files.ts';
import type { CommissionSummaryService } from './summary-service.ts';
import type { Exec } from '../../db/exec.ts';

/**
 * The month an entry recorded on `day` belongs to, its row locked (shared) until the transaction
 * ends: the day's month, or when that month is closed already, the first open month after it (an
 * entry is never added to a closed statement, nor lost).
 */
export async function openPeriodFor(trx: Exec, day: string): Promise<string> {
  let period = day.slice(0, 7);
  for (;;) {
    const row = await repo.lockPeriod(trx, period, 'share');
    if (row.closed_at === null) return period;
    period = nextMonth(period);
  }
}

/**
 * The 409 of a close of the month still running (decision 016): what closing it early means. The
 * Admin commissions screen's confirmation says the same.
 */
export function stillRunningMessage(period: string): string {
  const month = formatMonth(period);
  return (
    `${month} is still running: it ends on the last day of the month, Manila time. Closing it early posts its open entries now, ` +
    `and the commissions of sales recorded later in ${month} land in the next open month, ${formatMonth(nextMonth(period))}. ` +
    'To close it anyway, send close_early: true.'
  );
}

/**
 * The commission months and their statements (decision 016): the months' list, closing a month into
 * one statement per member, the statements, their payment, their files and the bank's payout file.
 */
export function createPeriodsService(
  db: Kysely<Database>,
  deps: {
    members: Pick<ProfileService, 'requireMember'>;
    tax: Pick<TaxService, 'settingsIn' | 'announceForm2307s'>;
    notifier: Pick<Notifier, 'notify' | 'notifyMany'>;
    summaries: Pick<CommissionSummaryService, 'summaryOf'>;
  },
  options: { agencyName: string; now?: () => Date },
) {
  const { members, tax, notifier, summaries } = deps;
  const now = () => options.now?.() ?? new Date();

  async function requireStatementOf(memberId: number, statementId: number): Promise<StatementDocument> {
    const row = await statements.statement(db, statementId);
    if (!row || row.member_id !== memberId) throw notFound('Statement not found');
    const posted = (await entries.statementEntries(db, statementId)).map(toEntry);
    // What is not on it yet: the member's awaiting, held and forfeited amounts, as their summary says.
    const { awaiting, held, forfeited } = await summaries.summaryOf(memberId);
    return {
      agencyName: options.agencyName,
      statement: toStatement(row),
      entries: posted,
      notPayable: { awaiting, held, forfeited, asOf: todayInManila(now()) },
    };
  }

  return {
    /**
     * Every month from the first entry's (or the first sale's) to the current Manila month, newest
     * first, empty ones included (decision 016), and any later month already holding entries; each
     * with its state.
     */
    async periods(): Promise<PeriodRecord[]> {
      const current = todayInManila(now()).slice(0, 7);
      const rows = await repo.periods(db);
      const firstSaleAt = await repo.firstSaleAt(db);
      const firstSale =
        firstSaleAt === null || Number.isNaN(Date.parse(firstSaleAt)) ? [] : [todayInManila(new Date(firstSaleAt)).slice(0, 7)];
      const starts = [...rows.map((r) => r.period), ...firstSale];
      if (starts.length === 0) return [];
      const byPeriod = new Map(rows.map((r) => [r.period, r]));
      const last = rows.length > 0 && rows[0]!.period > current ? rows[0]!.period : current;
      const months: string[] = [];
      for (let m = starts.reduce((a, b) => (b < a ? b : a)); m <= last; m = nextMonth(m)) months.unshift(m);
      return months.map((month) => toPeriod(byPeriod.get(month) ?? { ...EMPTY_PERIOD, period: month }, current));
    },

    /**
     * Closes a month: its open entries go to one statement per member, all in one transaction
     * that holds the month's row exclusively, so a second close (at the same time or later) finds
     * it closed (409) and a sale being recorded into the month is either in or rolls forward.
     */
    async closePeriod(auth: Auth, period: string, closeEarly = false): Promise<ClosePeriodResponse> {
      const at = now();
      const current = todayInManila(at).slice(0, 7);
      if (period > current) throw badRequest('A month can be closed once it has begun');
      return db.transaction().execute(async (trx) => {
        const row = await repo.lockPeriod(trx, period, 'update');
        if (row.closed_at !== null) throw conflict(`${period} is already closed`);
        // Decision 016: the month still running is closed only on purpose (nothing is written: the
        // transaction, and the row lockPeriod made, roll back).
        if (period === current && !closeEarly) throw conflict(stillRunningMessage(period));
        const months = await repo.monthsPostedBy(trx, period);
        const settings = await tax.settingsIn(trx);
        const posted = await repo.postPeriod(trx, period, months, at.toISOString(), {
          minimumCentavos: settings.minimumCentavos,
          atc5: settings.atc5,
          atc10: settings.atc10,
          defaultRateHundredths: percentToHundredths(DEFAULT_WITHHOLDING_RATE),
        });
        await repo.markPeriodClosed(trx, period, at.toISOString(), auth.memberId);
        // Every earner with a statement of the month hears of it, in two statements however many
        // there are (decision 026); and when this close leaves every month of its quarter closed,
        // the quarter's withholding is final: its payees' BIR Form 2307 is ready.
        await notifier.notifyMany(trx, 'statement_ready', { period }, repo.statementEarners(trx, period), {
          dedupeKey: `statement_ready:${period}`,
        });
        const quarter = await repo.quarterClosedBy(trx, period);
        if (quarter) await tax.announceForm2307s(trx, quarter.year, quarter.quarter);
        return {
          period,
          statements: posted.statements,
          entries: posted.entries,
          gross: centavosToPesos(posted.gross),
          withholding_tax: centavosToPesos(posted.tax),
          to_pay: centavosToPesos(posted.toPay),
          carried: posted.carried,
        };
      });
    },

    async statementsOf(memberId: number): Promise<StatementRecord[]> {
      await members.requireMember(memberId);
      return (await statements.statementsOfMember(db, memberId)).map((r) => toStatement(r));
    },

    async statementsOfPeriod(period: string): Promise<StatementRecord[]> {
      return (await statements.statementsOfPeriod(db, period)).map((r) => toStatement(r, true));
    },

    async markPaid(auth: Auth, input: MarkPaidInput): Promise<StatementRecord> {
      const at = now();
      if (input.paid_on > todayInManila(at)) throw badRequest('Paid on cannot be a future date');
      await db.transaction().execute(async (trx) => {
        const st = await statements.lockStatement(trx, input.statement_id);
        if (!st) throw notFound('Statement not found');
        if (st.paid_on !== null) throw conflict('This statement is already marked paid');
        if (Number(st.carried) === 1) throw conflict('This statement was carried forward: its balance opens the member’s next statement');
        if (input.paid_on < `${st.period}-01`) throw badRequest('Paid on cannot be before the statement’s month');
        await statements.markPaid(trx, st.id, {
          paid_on: input.paid_on,
          paid_reference: input.reference,
          paid_at: at.toISOString(),
          paid_by: auth.memberId,
        });
        await notifier.notify(trx, st.member_id, 'statement_paid', { period: st.period });
      });
      return toStatement((await statements.statement(db, input.statement_id))!);
    },

    /** A member's statement as a PDF (Buffer), with its file name. */
    async statementPdf(memberId: number, statementId: number) {
      const doc = await requireStatementOf(memberId, statementId);
      return { bytes: await statementPdf(doc), period: doc.statement.period };
    },

    async statementXlsx(memberId: number, statementId: number) {
      const doc = await requireStatementOf(memberId, statementId);
      return { bytes: await statementWorkbook(doc), period: doc.statement.period };
    },

    /**
     * The bank's payout file of a closed month: each unpaid statement with a net to pay (not carried,
     * net above zero), and the member's bank details, or a flag when there are none (the row is kept,
     * never dropped).
     */
    async payoutXlsx(period: string): Promise<{ bytes: Buffer; banksOf: number[] }> {
      const rows = await statements.statementsOfPeriod(db, period);
      if (rows.length === 0) {
        if (!(await repo.isClosed(db, period))) throw notFound(`${period} has no statements: close the month first`);
      }
      const payable = rows.filter((r) => r.paid_on === null && Number(r.carried) === 0 && Number(r.net_centavos) > 0);
      const bytes = await payoutWorkbook(
        options.agencyName,
        period,
        payable.map((r) => ({
          member_id: r.member_id,
          member_name: fullName(r),
          bank_name: r.bank_name,
          account_number: r.account_number,
          account_name: r.account_name,
          amount: centavosToPesos(Number(r.net_centavos)),
        })),
      );
      // The members whose bank account the file holds (their reads are logged, decision 027).
      return { bytes, banksOf: [...new Set(payable.filter((r) => r.account_number !== null).map((r) => r.member_id))] };
    },
  };
}

export type PeriodsService = ReturnType<typeof createPeriodsService>;
