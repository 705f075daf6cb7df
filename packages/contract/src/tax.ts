import { z } from 'zod';
import { calendarDate, idField, lineField } from './common.ts';
import { tcvField } from './deals.ts';

/**
 * Withholding tax on commissions and the BIR's forms (decision 019): a TIN per member, a dated,
 * append-only withholding rate per member (RR 2-98 as amended by RR 11-2018: 5 % or 10 % for an
 * individual payee), the agency's payout settings (minimum payout, the ATC of each rate), BIR Form
 * 2307 per member and quarter, and the quarter's alphalist of payees.
 */

// ---------------------------------------------------------------- TIN

const TIN_MESSAGE = (label: string) => `${label} must be 9 digits (000-000-000) or 12 digits with the branch code (000-000-000-000)`;

/** Digits, spaces and dashes to the dashed form: '123456789' → '123-456-789'; null when not 9 or 12 digits. */
export function normalizeTin(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d{9}$|^\d{12}$/.test(digits)) return null;
  return digits.match(/\d{3}/g)!.join('-');
}

/** An optional TIN: '' and null mean none; digits with or without dashes are kept dashed. */
export const optionalTinField = (label = 'TIN') =>
  z
    .string({ error: TIN_MESSAGE(label) })
    .max(40, TIN_MESSAGE(label))
    .nullish()
    .transform((v, ctx): string | null => {
      const text = (v ?? '').trim();
      if (text === '') return null;
      const tin = normalizeTin(text);
      if (tin === null) {
        ctx.addIssue({ code: 'custom', message: TIN_MESSAGE(label), input: v });
        return z.NEVER;
      }
      return tin;
    });

/** What anyone but the member and admins sees of a TIN: the last three of its nine digits ('•••-•••-789'), and a branch code as is. */
export function maskTin(tin: string): string {
  const [, , last, branch] = tin.split('-');
  return `•••-•••-${last ?? '•••'}${branch ? `-${branch}` : ''}`;
}

/** The TIN's first 9 digits and its branch code (4 digits on the BIR's files; '0000' for the head office). */
export function splitTin(tin: string): { tin9: string; branch: string } {
  const digits = tin.replace(/\D/g, '');
  return { tin9: digits.slice(0, 9), branch: (digits.slice(9) || '0').padStart(4, '0').slice(-4) };
}

// ---------------------------------------------------------------- withholding rates

/** The individual payee's rates (percent): 5 % at most ₱3M of gross income, 10 % above or when VAT-registered. */
export const WITHHOLDING_RATES = [5, 10] as const;
export type WithholdingRate = (typeof WITHHOLDING_RATES)[number];
/** The rate when a member has none on record. */
export const DEFAULT_WITHHOLDING_RATE: WithholdingRate = 5;

/** POST setwithholding (admins): a member's rate from a date on (today or later), with the declaration it rests on. */
export const setWithholdingRequest = z.object({
  member_id: idField('Member'),
  rate: z.coerce
    .number({ error: 'Rate must be 5 or 10' })
    .refine((v): v is WithholdingRate => (WITHHOLDING_RATES as readonly number[]).includes(v), 'Rate must be 5 or 10'),
  effective_from: calendarDate('Effective from'),
  reason: lineField('Reason'),
});
export type SetWithholdingRequest = z.input<typeof setWithholdingRequest>;
export type SetWithholdingInput = z.output<typeof setWithholdingRequest>;

export const withholdingRecord = z.object({
  id: z.number(),
  member_id: z.number(),
  /** Percent: 5 or 10. */
  rate: z.number(),
  effective_from: z.string(),
  reason: z.string(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
});
export type WithholdingRecord = z.infer<typeof withholdingRecord>;

/** POST withholding: a member's rate today (the default when none is on record), its ATC and its history, newest first. */
export const withholdingResponse = z.object({
  member_id: z.number(),
  as_of: z.string(),
  rate: z.number(),
  atc: z.string(),
  /** null when the default applies. */
  rate_from: z.string().nullable(),
  next: withholdingRecord.nullable(),
  history: z.array(withholdingRecord),
});
export type WithholdingResponse = z.infer<typeof withholdingResponse>;
export const setWithholdingResponse = z.object({ withholding: withholdingRecord });

// ---------------------------------------------------------------- payout settings

/** An ATC of BIR's 1601-EQ list: W, I or C, then three digits (WI070). */
export const ATC_PATTERN = /^W[IC]\d{3}$/;
const atcField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .toUpperCase()
    .regex(ATC_PATTERN, `${label} must be an ATC such as WI070`);

/** The defaults: ₱500.00, WI070 (5 %) and WI071 (10 %), insurance agents in the 1601-EQ's ATC list. */
export const DEFAULT_PAYOUT_SETTINGS = { minimum_payout: 500, atc_5: 'WI070', atc_10: 'WI071' } as const;

/** POST setpayoutsettings (admins): a new version of the settings, from the next close on. */
export const setPayoutSettingsRequest = z.object({
  minimum_payout: tcvField('Minimum payout'),
  atc_5: atcField('ATC at 5%'),
  atc_10: atcField('ATC at 10%'),
});
export type SetPayoutSettingsRequest = z.input<typeof setPayoutSettingsRequest>;
export type SetPayoutSettingsInput = z.output<typeof setPayoutSettingsRequest>;

export const payoutSettings = z.object({
  /** Pesos: a net below it (or below zero) is carried forward. */
  minimum_payout: z.number(),
  atc_5: z.string(),
  atc_10: z.string(),
  /** null while the defaults apply. */
  updated_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
  /** Whether AGENCY_TIN, AGENCY_ADDRESS and AGENCY_RDO are set: the 2307 and the alphalist need them. */
  agency_configured: z.boolean(),
});
export type PayoutSettings = z.infer<typeof payoutSettings>;

// ---------------------------------------------------------------- the agency's tax details

/**
 * The agency's TIN with its branch code, registered address and RDO (decision 019): what BIR Form
 * 2307 and the alphalist print of the payor. An administrator saves them on Admin Panel →
 * Commissions; while none are saved, the server's AGENCY_TIN, AGENCY_ADDRESS and AGENCY_RDO apply.
 */
export const AGENCY_TAX_FIELDS = ['tin', 'address', 'rdo'] as const;
export type AgencyTaxField = (typeof AGENCY_TAX_FIELDS)[number];
/** Each field's environment variable, the default while nothing is saved. */
export const AGENCY_TAX_ENV: Record<AgencyTaxField, string> = { tin: 'AGENCY_TIN', address: 'AGENCY_ADDRESS', rdo: 'AGENCY_RDO' };

/** The agency's TIN with its branch code: 12 to 14 digits, dashed 000-000-000-000(00); null otherwise. */
export function normalizeAgencyTin(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d{12,14}$/.test(digits)) return null;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6, 9)}-${digits.slice(9)}`;
}

/** A BIR revenue district office code (050, 21B), upper case; null otherwise. */
export function normalizeRdo(text: string): string | null {
  const rdo = text.trim().toUpperCase();
  return /^\d{2,3}[A-Z]?$/.test(rdo) ? rdo : null;
}

export const AGENCY_TIN_MESSAGE = "TIN must be the agency's TIN with its branch code, 000-000-000-000";
export const AGENCY_RDO_MESSAGE = 'RDO must be a BIR revenue district office code such as 050 or 21B';

/** POST setagencytaxdetails (admins): a new version of the agency's tax details, all three at once. */
export const setAgencyTaxDetailsRequest = z
  .object({
    tin: z
      .string({ error: AGENCY_TIN_MESSAGE })
      .max(40, AGENCY_TIN_MESSAGE)
      .transform((v, ctx) => normalizeAgencyTin(v) ?? (ctx.addIssue({ code: 'custom', message: AGENCY_TIN_MESSAGE }), z.NEVER)),
    address: lineField('Registered address'),
    rdo: z
      .string({ error: AGENCY_RDO_MESSAGE })
      .max(10, AGENCY_RDO_MESSAGE)
      .transform((v, ctx) => normalizeRdo(v) ?? (ctx.addIssue({ code: 'custom', message: AGENCY_RDO_MESSAGE }), z.NEVER)),
  })
  .strict();
export type SetAgencyTaxDetailsRequest = z.input<typeof setAgencyTaxDetailsRequest>;
export type SetAgencyTaxDetailsInput = z.output<typeof setAgencyTaxDetailsRequest>;

/** GET agencytaxdetails (admins): the details in force, where they come from, and what is missing. */
export const agencyTaxDetails = z.object({
  tin: z.string().nullable(),
  address: z.string().nullable(),
  rdo: z.string().nullable(),
  /** 'settings' once an administrator saved them; 'environment' while the server's variables apply (some may be unset). */
  source: z.enum(['settings', 'environment']),
  /** The fields still unset: BIR Form 2307 and the alphalist cannot be issued until none is. */
  missing: z.array(z.enum(AGENCY_TAX_FIELDS)),
  updated_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
});
export type AgencyTaxDetails = z.infer<typeof agencyTaxDetails>;

/** The code of the 409 a 2307 or the alphalist answers while the agency's tax details are not all set. */
export const AGENCY_TAX_DETAILS_MISSING_CODE = 'agency_tax_details_missing';
/** What a member reads (the screen has it in English and Filipino, by the code). */
export const AGENCY_TAX_DETAILS_MISSING_FOR_MEMBER =
  'The agency has not set up its tax details (its TIN, address and RDO) yet, so BIR Form 2307 cannot be issued. The administrators have been told; try again later.';
/** What an administrator reads: where to set them. */
export const AGENCY_TAX_DETAILS_MISSING_FOR_ADMIN =
  "Set the agency's TIN, address and RDO on Admin Panel → Commissions (Agency tax details) to issue BIR Form 2307 and the alphalist";

// ---------------------------------------------------------------- Form 2307 and the alphalist

export const QUARTERS = [1, 2, 3, 4] as const;
const yearField = z.coerce
  .number({ error: 'Year must be a year' })
  .int('Year must be a year')
  .min(2000, 'Year must be from 2000 to 2100')
  .max(2100, 'Year must be from 2000 to 2100');
const quarterField = z.coerce
  .number({ error: 'Quarter must be 1, 2, 3 or 4' })
  .int('Quarter must be 1, 2, 3 or 4')
  .min(1, 'Quarter must be 1, 2, 3 or 4')
  .max(4, 'Quarter must be 1, 2, 3 or 4');

/** GET form2307/:id/:year/:quarter/pdf: member `id`'s certificate for a quarter. */
export const form2307Params = z.object({ id: idField('id'), year: yearField, quarter: quarterField });
/** GET alphalist/:year/:quarter/{xlsx|dat} (admins). */
export const alphalistParams = z.object({ year: yearField, quarter: quarterField });

/** The months (YYYY-MM) of a quarter. */
export function quarterMonths(year: number, quarter: number): [string, string, string] {
  const first = (quarter - 1) * 3 + 1;
  const m = (n: number) => `${year}-${String(n).padStart(2, '0')}`;
  return [m(first), m(first + 1), m(first + 2)];
}

/** The quarter a month (YYYY-MM) falls in. */
export function quarterOf(period: string): { year: number; quarter: number } {
  return { year: Number(period.slice(0, 4)), quarter: Math.floor((Number(period.slice(5, 7)) - 1) / 3) + 1 };
}

/** A 2307 is due to the payee by the 20th day of the month after the quarter (RR 2-98 s.2.58). */
export function form2307Deadline(year: number, quarter: number): string {
  return quarter === 4 ? `${year + 1}-01-20` : `${year}-${String(quarter * 3 + 1).padStart(2, '0')}-20`;
}

export const form2307FileName = (memberId: number, year: number, quarter: number) => `BIR2307_${year}Q${quarter}_${memberId}.pdf`;
export const alphalistXlsxFileName = (year: number, quarter: number) => `alphalist_1601EQ_${year}Q${quarter}.xlsx`;
/** BIR's alphalist module reads `{TIN}{BRANCH}{MMYYYY}1601EQ.DAT`, MMYYYY the quarter's last month. */
export function alphalistDatFileName(agencyTin: string, year: number, quarter: number): string {
  const { tin9, branch } = splitTin(agencyTin);
  return `${tin9}${branch}${String(quarter * 3).padStart(2, '0')}${year}1601EQ.DAT`;
}

/** One payee's income and tax of a quarter under one ATC: a row of the alphalist, a line of a 2307. */
export const withheldIncome = z.object({
  member_id: z.number(),
  member_name: z.string(),
  tin: z.string().nullable(),
  atc: z.string(),
  /** Percent. */
  rate: z.number(),
  /** Pesos per month of the quarter, then their total; and the tax withheld. */
  months: z.tuple([z.number(), z.number(), z.number()]),
  income: z.number(),
  tax: z.number(),
});
export type WithheldIncome = z.infer<typeof withheldIncome>;

/** GET alphalist/:year/:quarter: the payees of a quarter, for the admin's page and its files. */
export const alphalistResponse = z.object({
  year: z.number(),
  quarter: z.number(),
  deadline: z.string(),
  rows: z.array(withheldIncome),
  income: z.number(),
  tax: z.number(),
  /** Payees without a TIN on file: the BIR's files need one. */
  missing_tin: z.number(),
});
export type AlphalistResponse = z.infer<typeof alphalistResponse>;

/** POST form2307s: the quarters a member has a 2307 for (a statement with a positive gross), newest first. */
export const form2307List = z.array(
  z.object({ year: z.number(), quarter: z.number(), income: z.number(), tax: z.number(), deadline: z.string() }),
);
export type Form2307Summary = z.infer<typeof form2307List>[number];

/**
 * A payee's name as BIR Form 2307 asks for it, "Last Name, First Name, Middle Name" (decision 019):
 * 'Dela Cruz, Juan, Santos'; without a middle name 'Dela Cruz, Juan'.
 */
export function payeeName(m: { l_name: string; f_name: string; m_name: string | null }): string {
  return [m.l_name, m.f_name, m.m_name]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(', ');
}
