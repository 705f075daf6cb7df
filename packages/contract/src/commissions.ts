import { z } from 'zod';
import { isProduct } from './catalogue.ts';
import {
  calendarDate,
  hasControlCharacter,
  controlCharacterMessage,
  idField,
  isBlank,
  memberIdSchema,
  optionalCalendarDate,
} from './common.ts';
import { enumField } from './deals.ts';
import { MSG } from './messages.ts';
import { CURSOR_NEEDS_LIMIT, cursorField, pageFields, pageLimitField } from './paging.ts';
import { centavosToPesos, MAX_TCV_PESOS, pesosToCentavos } from './money.ts';

/**
 * Commissions (decision 016): a dated rate per product and per leadership position, a ledger of
 * entries in integer centavos that is only ever added to, monthly statements and their payment.
 * Rates travel as percentages with up to 2 decimals (12.5) and are kept as hundredths of a percent
 * (1250), so every amount is integer arithmetic.
 */

/** The positions that earn an override on their downline's sales, nearest first up the chain. */
export const LEADER_POSITIONS = ['Manager', 'AgencyManager', 'AgencyOwner'] as const;
export type LeaderPosition = (typeof LEADER_POSITIONS)[number];

export {
  COMMISSION_KIND_LABELS,
  COMMISSION_KINDS,
  ENTRY_STATUS_LABELS,
  ENTRY_STATUSES,
  type CommissionKind,
  type EntryStatus,
} from './commission-rules.ts';
import { COMMISSION_KINDS, ENTRY_STATUSES, type EntryStatus } from './commission-rules.ts';

/** A rate is set for a product of the catalogue or for a leadership position. */
export const RATE_KINDS = ['product', 'override'] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/** What an entry's amount counts as: payable (will be or was paid), awaiting verification, held, or never paid. */
export type EntryBucket = 'payable' | 'awaiting' | 'held' | 'forfeited';
export function entryBucket(status: EntryStatus): EntryBucket {
  if (status === 'awaiting') return 'awaiting';
  if (status === 'held') return 'held';
  if (status === 'forfeited' || status === 'rejected') return 'forfeited';
  return 'payable';
}
/** The decision on a held entry: released (payable from the next close) or forfeited (never paid). */
export const HOLD_DECISIONS = ['released', 'forfeited'] as const;
export type HoldDecision = (typeof HOLD_DECISIONS)[number];

export const MAX_RATE_HUNDREDTHS = 100_00;

/** 12.5 (%) → 1250. */
export function percentToHundredths(percent: number): number {
  return Math.round(percent * 100);
}
/** 1250 → 12.5 (%). */
export function hundredthsToPercent(hundredths: number): number {
  return hundredths / 100;
}
/** 1250 → "12.5%", 1000 → "10%", 1234 → "12.34%". */
export function formatRate(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

/**
 * What a cancellation takes back of an entry: `amountCentavos` × `refundCentavos` ÷ `tcvCentavos`,
 * rounded half up (half away from zero), as `commissionCentavos`; the whole amount for a full refund.
 */
export function prorataCentavos(amountCentavos: number, refundCentavos: number, tcvCentavos: number): number {
  if (tcvCentavos <= 0 || refundCentavos >= tcvCentavos) return amountCentavos;
  const product = BigInt(Math.abs(amountCentavos)) * BigInt(refundCentavos) * 2n;
  const rounded = (product + BigInt(tcvCentavos)) / (2n * BigInt(tcvCentavos));
  return Number(amountCentavos < 0 ? -rounded : rounded);
}

/**
 * The commission on `baseCentavos` at `rateHundredths` hundredths of a percent, in whole
 * centavos rounded half-up (half away from zero): 12.5 % of 5 centavos is 0.625 → 1 centavo.
 * Exact for any amount: the product is taken in BigInt.
 */
export function commissionCentavos(baseCentavos: number, rateHundredths: number): number {
  const product = BigInt(Math.abs(baseCentavos)) * BigInt(rateHundredths);
  const rounded = (product + 5_000n) / 10_000n;
  return Number(baseCentavos < 0 ? -rounded : rounded);
}

/**
 * The tax withheld on a statement's gross at `rateHundredths` (decision 019): the rate of a positive
 * gross, half up, as `commissionCentavos`; nothing on a zero or negative gross. The close computes
 * the same in SQL; the members' Pending estimates an open month's tax with it (decision 016).
 */
export function withholdingCentavos(grossCentavos: number, rateHundredths: number): number {
  return grossCentavos > 0 ? commissionCentavos(grossCentavos, rateHundredths) : 0;
}

/**
 * A percentage 0–100 with at most 2 decimals, as a number or a numeric string. The output is the
 * percentage as a number (12.5), as `tcvField` gives pesos: the server turns it into hundredths
 * with `percentToHundredths`, which is exact for such a number.
 */
export const rateField = (label = 'Rate') =>
  z
    .union([z.number(), z.string()], {
      error: (iss) => (isBlank(iss.input) ? `${label} is required` : `${label} must be a number`),
    })
    .transform((value, ctx): number => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message, input: value });
        return z.NEVER;
      };
      const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'x') : value.trim();
      if (text === '') return fail(`${label} is required`);
      const m = /^(\d{1,3})(?:\.(\d+))?$/.exec(text);
      if (!m) return fail(/^-/.test(text) ? `${label} must not be negative` : `${label} must be a number from 0 to 100`);
      const decimals = (m[2] ?? '').replace(/0+$/, '');
      if (decimals.length > 2) return fail(`${label} must have at most 2 decimals`);
      const hundredths = Number(m[1]) * 100 + Number(decimals.padEnd(2, '0'));
      if (hundredths > MAX_RATE_HUNDREDTHS) return fail(`${label} must be a number from 0 to 100`);
      return hundredthsToPercent(hundredths);
    });

/**
 * A signed peso amount (an adjustment): not zero, at most 2 decimals, at most MAX_TCV_PESOS
 * either way. The output is pesos (-250.5), as `tcvField` gives: the server turns it into
 * centavos with `signedPesosToCentavos`.
 */
export const signedPesosField = (label = 'Amount') =>
  z
    .union([z.number(), z.string()], {
      error: (iss) => (isBlank(iss.input) ? `${label} is required` : `${label} must be a number`),
    })
    .transform((value, ctx): number => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message, input: value });
        return z.NEVER;
      };
      const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(6) : 'x') : value.trim().replace(/,/g, '');
      if (text === '') return fail(`${label} is required`);
      const m = /^([+-]?)(\d{1,15})(?:\.(\d+))?$/.exec(text);
      if (!m) return fail(`${label} must be a number`);
      const decimals = (m[3] ?? '').replace(/0+$/, '');
      if (decimals.length > 2) return fail(`${label} must have at most 2 decimals`);
      const centavos = Number(m[2]) * 100 + Number(decimals.padEnd(2, '0'));
      if (centavos === 0) return fail(`${label} must not be zero`);
      if (centavos > MAX_TCV_PESOS * 100) return fail(`${label} must be at most ${MAX_TCV_PESOS.toLocaleString('en-US')} either way`);
      return centavosToPesos(m[1] === '-' ? -centavos : centavos);
    });

/** Signed pesos (at most 2 decimals) to integer centavos, exactly: -250.5 → -25050. */
export function signedPesosToCentavos(pesos: number): number {
  return Math.sign(pesos) * pesosToCentavos(Math.abs(pesos));
}

/** A calendar month, YYYY-MM. */
export const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const periodField = (label = 'Period') =>
  z.string({ error: `${label} is required` }).regex(PERIOD_PATTERN, `${label} must be a month (YYYY-MM)`);

const textField = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !hasControlCharacter(v), controlCharacterMessage(label));

// ---------------------------------------------------------------- rates (admins)

/** POST commissionrates: a new dated rate for a product or a leadership position. */
export const setRateRequest = z
  .object({
    kind: enumField('Kind', RATE_KINDS),
    key: z.string({ error: 'Product or position is required' }).trim().min(1, 'Product or position is required'),
    rate: rateField('Rate'),
    effective_from: calendarDate('Effective from'),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'product' && !isProduct(v.key)) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: 'Product must be one of the products of the catalogue' });
    }
    if (v.kind === 'override' && !(LEADER_POSITIONS as readonly string[]).includes(v.key)) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: `Position must be one of: ${LEADER_POSITIONS.join(', ')}` });
    }
  });
export type SetRateRequest = z.input<typeof setRateRequest>;
export type SetRate = z.output<typeof setRateRequest>;

export const rateRecord = z.object({
  id: z.number(),
  kind: z.enum(RATE_KINDS),
  key: z.string(),
  /** Percent, e.g. 12.5. */
  rate: z.number(),
  effective_from: z.string(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
});
export type RateRecord = z.infer<typeof rateRecord>;

/** One product's or position's schedule: the rate in force today, and every rate ever set, newest first. */
export const rateSchedule = z.object({
  key: z.string(),
  /** The product's category, or null for a position. */
  category: z.string().nullable(),
  current: z.number().nullable(),
  current_from: z.string().nullable(),
  /** A rate set for a later date, if any (the nearest). */
  next: z.number().nullable(),
  next_from: z.string().nullable(),
  history: z.array(rateRecord),
});
export type RateSchedule = z.infer<typeof rateSchedule>;

export const ratesResponse = z.object({
  /** Today in Manila: what "current" means. */
  as_of: z.string(),
  products: z.array(rateSchedule),
  overrides: z.array(rateSchedule),
});
export type RatesResponse = z.infer<typeof ratesResponse>;

export const setRateResponse = z.object({ rate: rateRecord });

// ---------------------------------------------------------------- ledger

export const ledgerEntry = z.object({
  id: z.number(),
  kind: z.enum(COMMISSION_KINDS),
  /** The member who earns it. */
  member_id: z.number(),
  /** The day it was recorded (Manila), YYYY-MM-DD, and the month whose statement it goes to. */
  entry_date: z.string(),
  period: z.string(),
  /** Pesos, negative for a deduction. */
  amount: z.number(),
  /** Percent of TCV, or null for an adjustment. */
  rate: z.number().nullable(),
  /** The TCV it was computed on (pesos), or null for an adjustment. */
  base: z.number().nullable(),
  /** How it was computed, e.g. "Product rate: Comprehensive" or "Manager override". */
  rule: z.string(),
  /** For an override, the leader's position the override was paid for. */
  position: z.enum(LEADER_POSITIONS).nullable(),
  sale_id: z.number().nullable(),
  /** The customer: on the seller's own entries only; never on a leader's override (decision 017, decision 018). */
  customer_name: z.string().nullable(),
  product: z.string().nullable(),
  /** The agent who made the sale (an override's source), or null. */
  seller_id: z.number().nullable(),
  seller_name: z.string().nullable(),
  /** An adjustment's reason. */
  reason: z.string().nullable(),
  status: z.enum(ENTRY_STATUSES),
  statement_id: z.number().nullable(),
  created_at: z.string(),
  /** Why the entry was written held (no licence on the day), or null. */
  hold_reason: z.string().nullable(),
  /** The decision on a held entry, who made it, when and why (a forfeit's reason). */
  decision: z.enum(HOLD_DECISIONS).nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  /** A rejected sale's reason, shown on its entries. */
  rejection_reason: z.string().nullable(),
  /** A reversal: the entry it reverses. */
  reverses_id: z.number().nullable(),
  /**
   * A reversal: the day of the entry it reverses (YYYY-MM-DD), the day its sale was recorded; a
   * reversal is named by it, never by entry number ("Reversal of the Oct 5 sale commission",
   * decision 016).
   */
  reverses_date: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/** POST commissionledger: a member's entries, newest first, by recorded date and kind. */
export const ledgerRequest = z
  .object({
    id: memberIdSchema,
    from: optionalCalendarDate('From'),
    to: optionalCalendarDate('To'),
    kind: z
      .union([enumField('Kind', COMMISSION_KINDS), z.literal(''), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
    /** Paging (decision 036): absent, the whole filter as always; present, a page of it, after `cursor`. */
    limit: pageLimitField,
    cursor: cursorField('ledger'),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: MSG.dateRangeReversed })
  .refine((v) => v.limit !== undefined || v.cursor === null, { path: ['cursor'], message: CURSOR_NEEDS_LIMIT });
export type LedgerRequest = z.input<typeof ledgerRequest>;
export type LedgerInput = z.output<typeof ledgerRequest>;

/** Pesos by what they count as: payable (open, posted, paid), awaiting verification, held, forfeited (or of a rejected sale). */
export const bucketTotals = z.object({ payable: z.number(), awaiting: z.number(), held: z.number(), forfeited: z.number() });
export type BucketTotals = z.infer<typeof bucketTotals>;

export const ledgerResponse = z.object({
  entries: z.array(ledgerEntry),
  /** The sum of the entries listed (pesos), whatever their status. */
  total: z.number(),
  /** The entries listed, by what they count as. */
  totals: bucketTotals,
  /**
   * Only when a `limit` was sent: the next page's cursor (null after the last) and how many entries
   * the whole filter has. `entries` is then the page; `total` and `totals` still cover the whole filter.
   */
  next_cursor: pageFields.next_cursor.optional(),
  count: pageFields.count.optional(),
});
export type LedgerResponse = z.infer<typeof ledgerResponse>;

/**
 * POST commissionsummary: what the dashboard card, Commission Tracking's totals and a statement's
 * "not on this statement" show. Pending and Paid to Date are each brought forward + gross − tax =
 * net, summed from the statements the close wrote (decisions 016 and 019): the net is what the
 * member will receive and has received, the figure of their statements and of the bank's payout.
 */
export const commissionSummary = z.object({
  /** This month in Manila (YYYY-MM). */
  month: z.string(),
  /** Payable entries recorded this month. */
  earned_this_month: z.number(),
  /**
   * Pending, gross: the gross of the statements closed and not yet paid (not carried), and the
   * payable entries no statement holds yet (the next close posts them).
   */
  pending: z.number(),
  /** Pending's brought forward: those statements' brought forward, and a carried balance no statement has brought forward yet. */
  pending_brought_forward: z.number(),
  /** Pending's tax: withheld on those statements, and estimated on the entries not posted yet at the member's rate for their month. */
  pending_tax: z.number(),
  /** Pending, net (brought forward + gross − tax): what the member will receive; a net below the minimum payout waits on the next statement. */
  pending_net: z.number(),
  /** Paid to Date, gross: the gross of the statements marked paid. */
  paid_to_date: z.number(),
  /** The paid statements' brought forward, and their tax withheld. */
  paid_brought_forward: z.number(),
  paid_tax: z.number(),
  /** Paid to Date, net: the paid statements' net, what the bank received. */
  paid_net: z.number(),
  /** Entries of sales not verified yet, held entries, and entries never to be paid (forfeited, or of a rejected sale). */
  awaiting: z.number(),
  held: z.number(),
  forfeited: z.number(),
});
export type CommissionSummary = z.infer<typeof commissionSummary>;

// ---------------------------------------------------------------- adjustments (admins)

export const adjustmentRequest = z.object({
  member_id: idField('Member'),
  amount: signedPesosField('Amount'),
  reason: textField('Reason', 200),
});
export type AdjustmentRequest = z.input<typeof adjustmentRequest>;
export type AdjustmentInput = z.output<typeof adjustmentRequest>;
export const adjustmentResponse = z.object({ entry: ledgerEntry });
/** Admins' list of adjustments: the entry and whose it is. */
export const adjustmentList = z.array(ledgerEntry.extend({ member_name: z.string(), created_by_name: z.string().nullable() }));
export type AdjustmentRecord = z.infer<typeof adjustmentList>[number];

// ---------------------------------------------------------------- held entries (admins)

/** POST releasecommission: a held entry becomes payable, if its earner now holds a verified licence that covered its recording day. */
export const releaseCommissionRequest = z.object({ entry_id: idField('Entry id') });
export type ReleaseCommissionRequest = z.input<typeof releaseCommissionRequest>;
/** POST forfeitcommission: a held entry is never paid. */
export const forfeitCommissionRequest = z.object({ entry_id: idField('Entry id'), reason: textField('Reason', 200) });
export type ForfeitCommissionRequest = z.input<typeof forfeitCommissionRequest>;
export type ForfeitCommissionInput = z.output<typeof forfeitCommissionRequest>;
export const holdDecisionResponse = z.object({ entry: ledgerEntry });

// ---------------------------------------------------------------- statements

/**
 * A member's statement of a month (decisions 016 and 019): brought forward (the previous
 * statement's balance when it was carried), gross (this month's payable entries), the tax withheld
 * on a positive gross at the member's rate, and net = brought forward + gross − tax. A net below the
 * minimum payout, or below zero, is carried forward to the next statement instead of paid.
 */
export const statementRecord = z.object({
  id: z.number(),
  member_id: z.number(),
  member_name: z.string(),
  period: z.string(),
  brought_forward: z.number(),
  gross: z.number(),
  withholding_tax: z.number(),
  net: z.number(),
  /** Percent (5 or 10) and its ATC, as they stood at the close. */
  withholding_rate: z.number(),
  atc: z.string(),
  /** Not paid: its net opens the next statement as "Balance brought forward". */
  carried: z.boolean(),
  entry_count: z.number(),
  created_at: z.string(),
  paid_on: z.string().nullable(),
  paid_reference: z.string().nullable(),
  /** Admins' list only: whether the member has bank details on file (the payout needs them). */
  has_bank_details: z.boolean().optional(),
});
export type StatementRecord = z.infer<typeof statementRecord>;
export const statementList = z.array(statementRecord);

/** GET commissionstatement/:id/:statementId/{pdf|xlsx}: a statement of member `id`. */
export const statementFileParams = z.object({ id: idField('id'), statementId: idField('Statement id') });

/**
 * POST closeperiod (admins): posts the open entries of a month to one statement per member. A month
 * that has not ended (Manila time) is closed only with `close_early: true` (decision 016): without
 * it the answer is 409, as the later sales of the month then land in the next open month.
 */
export const closePeriodRequest = z.object({ period: periodField(), close_early: z.boolean().optional() });
export type ClosePeriodRequest = z.input<typeof closePeriodRequest>;
export const closePeriodResponse = z.object({
  period: z.string(),
  statements: z.number(),
  entries: z.number(),
  /** Pesos: the gross posted, the tax withheld, the net to pay (statements not carried) and how many were carried. */
  gross: z.number(),
  withholding_tax: z.number(),
  to_pay: z.number(),
  carried: z.number(),
});
export type ClosePeriodResponse = z.infer<typeof closePeriodResponse>;

/**
 * A month's state (decision 016): `running` is the current Manila month, not closed; `open` a month
 * that has ended, not closed; `upcoming` a month not begun that already holds entries (those of a
 * month closed early); `closed`, and `closed_early` when it was closed before it ended.
 */
export const PERIOD_STATES = ['running', 'open', 'upcoming', 'closed', 'closed_early'] as const;
export type PeriodState = (typeof PERIOD_STATES)[number];

/** One month as admins see it: its state, and its statements' totals. */
export const periodRecord = z.object({
  period: z.string(),
  state: z.enum(PERIOD_STATES),
  closed_at: z.string().nullable(),
  closed_by_name: z.string().nullable(),
  /** Open entries of the month (pesos) and their count: what a close would post. */
  open_total: z.number(),
  open_entries: z.number(),
  statements: z.number(),
  /** Pesos: the statements' gross, tax withheld, and the net of those to pay (not carried). */
  statements_gross: z.number(),
  statements_tax: z.number(),
  statements_to_pay: z.number(),
  /**
   * Pesos, so the month's totals reconcile on screen (decision 016):
   * brought forward + gross − tax = net, over every statement;
   * net = to pay + the nets carried forward (below the minimum payout, or below zero).
   */
  statements_brought_forward: z.number(),
  statements_net: z.number(),
  carried_net: z.number(),
  carried: z.number(),
  paid: z.number(),
  /** Statements to pay (not carried) not yet marked paid. */
  unpaid: z.number(),
});
export type PeriodRecord = z.infer<typeof periodRecord>;
export const periodList = z.array(periodRecord);

/** POST periodstatements (admins): a month's statements with their members' bank status. */
export const periodStatementsRequest = z.object({ period: periodField() });

/** POST markstatementpaid (admins). */
export const markPaidRequest = z.object({
  statement_id: idField('Statement id'),
  paid_on: calendarDate('Paid on'),
  reference: textField('Reference', 100),
});
export type MarkPaidRequest = z.input<typeof markPaidRequest>;
export type MarkPaidInput = z.output<typeof markPaidRequest>;
export const markPaidResponse = z.object({ statement: statementRecord });

/** GET payoutexport/:period (admins): the bank's payout file, .xlsx. */
export const payoutParams = z.object({ period: periodField() });

// ---------------------------------------------------------------- dashboard

/** POST activeproposals: open deals, neither sold nor 'Did not Continue'. */
export const activeProposals = z.object({ count: z.number(), tcv: z.number() });
export type ActiveProposals = z.infer<typeof activeProposals>;

export { statementFileName, payoutFileName } from './files.ts';
