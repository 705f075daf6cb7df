import { z } from 'zod';
import { PRODUCTS, type Product } from './catalogue.ts';
import { calendarDate, controlCharacterMessage, hasControlCharacter, idField, memberIdSchema, optionalText } from './common.ts';
import { daysUntil, todayInManila } from './dates.ts';
import { enumField } from './deals.ts';

/**
 * Insurance Commission licences (issue 20, decision 018). RA 10607 s.307 forbids paying a
 * commission, an override included (s.309), to anyone without a licence: a sale's entries are
 * payable to an earner only with a verified licence for one of the product's lines on the day the
 * sale was recorded.
 */

/** The lines the Insurance Commission licenses (shared/reference/philippine-rules.md). */
export const LICENSE_LINES = [
  'Life',
  'Variable Life',
  'Accident and Health',
  'Non-Life',
  'HMO',
  'Pre-Need',
  'Life Microinsurance',
  'Non-Life Microinsurance',
] as const;
export type LicenseLine = (typeof LICENSE_LINES)[number];

/**
 * Which licence lines allow selling each product of the catalogue: any one of them suffices.
 * Sources and how an agency changes it: docs/decisions/018-verified-sales-and-licences.md.
 */
export const PRODUCT_LINES: Record<Product, readonly LicenseLine[]> = {
  Comprehensive: ['Non-Life'],
  CTPL: ['Non-Life'],
  'Motor Insurance': ['Non-Life'],
  'Residential(Inside Village)': ['Non-Life'],
  'residential(Outside Village)': ['Non-Life'],
  'Commercial Fire': ['Non-Life'],
  'Surety Bond': ['Non-Life'],
  'Perfomance Bond': ['Non-Life'],
  'Warranty Bond': ['Non-Life'],
  'Bond(Others)': ['Non-Life'],
  Prepaid: ['HMO', 'Accident and Health'],
  Individual: ['HMO', 'Accident and Health'],
  Group: ['HMO', 'Accident and Health'],
  GYRT: ['Life'],
  'Group Accident': ['Accident and Health', 'Non-Life'],
  'Group MRI(CGLI)': ['Life'],
  'Professional Indemnity': ['Non-Life'],
  CGL: ['Non-Life'],
  'Travel Insurance': ['Non-Life'],
  'Micro Insurance': ['Life Microinsurance', 'Non-Life Microinsurance', 'Life', 'Non-Life'],
  'Pet Insurance': ['Non-Life'],
  'Memorial Plan': ['Pre-Need'],
};

/** The lines that allow selling `product` (none for a product outside the catalogue). */
export function linesFor(product: string): readonly LicenseLine[] {
  return (PRODUCT_LINES as Record<string, readonly LicenseLine[] | undefined>)[product] ?? [];
}

/** "Non-Life", "HMO or Accident and Health": how a hold's reason names the lines. */
export function linesLabel(lines: readonly string[]): string {
  return lines.length <= 1 ? (lines[0] ?? '') : `${lines.slice(0, -1).join(', ')} or ${lines[lines.length - 1]}`;
}

/** Why an entry is held: `No verified Non-Life licence on 2026-11-24`. */
export function holdReason(product: string, day: string): string {
  return `No verified ${linesLabel(linesFor(product))} licence on ${day}`;
}

/** A licence's verification by the agency. */
export const LICENSE_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];
export const LICENSE_STATUS_LABELS: Record<LicenseStatus, string> = { pending: 'Pending', verified: 'Verified', rejected: 'Rejected' };

/** Days before expiry from which a licence is "expiring" (the dashboard banner, the Compliance page). */
export const LICENSE_EXPIRY_WARNING_DAYS = 60;

/**
 * The commission an active agent shows at renewal over a licence's three-year term (IC renewal
 * guidance, shared/reference/philippine-rules.md), in pesos.
 */
export const RENEWAL_COMMISSION_PESOS = 10_800;

/** The statutory term: 31 December of the third year after issue ('2026-03-10' → '2029-12-31'). */
export function defaultLicenseExpiry(issuedOn: string): string {
  const year = Number(issuedOn.slice(0, 4));
  return Number.isFinite(year) && year > 0 ? `${year + 3}-12-31` : '';
}

/** The licence scan's accepted kinds: the valid ID's (PDF or image). */
export const LICENSE_SCAN_FIELD = 'scan';

const licenseNo = z
  .string({ error: 'Licence number is required' })
  .trim()
  .min(1, 'Licence number is required')
  .max(40, 'Licence number must be at most 40 characters')
  .refine((v) => !hasControlCharacter(v), controlCharacterMessage('Licence number'));

/**
 * POST addlicense: JSON, or multipart/form-data whose fields are these (all text) and whose
 * optional file field is `scan`. `expires_on` must be after `issued_on`.
 */
export const addLicenseRequest = z
  .object({
    id: memberIdSchema,
    line: enumField('Line', LICENSE_LINES),
    license_no: licenseNo,
    insurer: optionalText('Insurer'),
    issued_on: calendarDate('Issued on'),
    expires_on: calendarDate('Expires on'),
  })
  .refine((v) => v.expires_on > v.issued_on, { path: ['expires_on'], message: 'Expires on must be after Issued on' });
export type AddLicenseRequest = z.input<typeof addLicenseRequest>;
export type AddLicense = z.output<typeof addLicenseRequest>;

export const licenseRecord = z.object({
  id: z.number(),
  member_id: z.number(),
  line: z.enum(LICENSE_LINES),
  /** Null for a leader reading a recruit's licences: the number is the member's and the agency's only. */
  license_no: z.string().nullable(),
  insurer: z.string().nullable(),
  issued_on: z.string(),
  expires_on: z.string(),
  status: z.enum(LICENSE_STATUSES),
  /** Who verified or rejected it, and when; the reason of a rejection. */
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  /** Days from today (Manila) to expiry; negative once expired. */
  days_to_expiry: z.number(),
  /** Whether a scan is on file, and where the member or an admin downloads it (null for a leader). */
  has_scan: z.boolean(),
  scan_url: z.string().nullable(),
  created_at: z.string(),
});
export type LicenseRecord = z.infer<typeof licenseRecord>;
export const licenseList = z.array(licenseRecord);
export const addLicenseResponse = z.object({ license: licenseRecord });

/** POST getlicenses {id}: newest first. The member, their Manager, Agency Manager and Agency Owner (read only, no scan), admins. */
export const getLicensesRequest = z.object({ id: memberIdSchema });

/** POST verifylicense (admins): decided once; a rejection needs a reason. */
export const verifyLicenseRequest = z
  .object({
    license_id: idField('Licence id'),
    decision: enumField('Decision', ['verified', 'rejected'] as const),
    reason: optionalText('Reason'),
  })
  .refine((v) => v.decision !== 'rejected' || v.reason !== null, { path: ['reason'], message: 'Reason is required to reject' });
export type VerifyLicenseRequest = z.input<typeof verifyLicenseRequest>;

/** GET licensescan/:licenseId: the member and admins only. */
export const licenseScanParams = z.object({ licenseId: idField('Licence id') });
export const licenseScanPath = (licenseId: number) => `/api/licensescan/${licenseId}`;

// ---------------------------------------------------------------- the Compliance page (admins)

const memberName = { member_id: z.number(), member_name: z.string() };

export const complianceLicense = licenseRecord.extend({ member_name: z.string() });
export type ComplianceLicense = z.infer<typeof complianceLicense>;

/** A member who sold a product in the last 12 months without a verified licence valid today for any of its lines. */
export const unlicensedSeller = z.object({
  ...memberName,
  product: z.string(),
  lines: z.array(z.enum(LICENSE_LINES)),
  sales: z.number(),
  last_sold_on: z.string(),
});
export type UnlicensedSeller = z.infer<typeof unlicensedSeller>;

/** A held entry as the Compliance page lists it. */
export const heldCommission = z.object({
  entry_id: z.number(),
  ...memberName,
  kind: z.enum(['sale', 'override']),
  product: z.string().nullable(),
  seller_name: z.string().nullable(),
  entry_date: z.string(),
  amount: z.number(),
  hold_reason: z.string(),
  /** Whether the earner now holds a verified licence that covered the recording day: release would succeed. */
  releasable: z.boolean(),
});
export type HeldCommission = z.infer<typeof heldCommission>;

/** A verified licence and the commission its holder earned within its term, against RENEWAL_COMMISSION_PESOS. */
export const licenseEarnings = z.object({
  license_id: z.number(),
  ...memberName,
  line: z.enum(LICENSE_LINES),
  issued_on: z.string(),
  expires_on: z.string(),
  /** Pesos: every entry of the member recorded within the term (adjustments included), held and awaiting excluded. */
  earned: z.number(),
  meets_renewal: z.boolean(),
});
export type LicenseEarnings = z.infer<typeof licenseEarnings>;

export const complianceResponse = z.object({
  as_of: z.string(),
  to_verify: z.array(complianceLicense),
  expiring: z.array(complianceLicense),
  unlicensed_sellers: z.array(unlicensedSeller),
  held: z.array(heldCommission),
  held_total: z.number(),
  earnings: z.array(licenseEarnings),
});
export type ComplianceResponse = z.infer<typeof complianceResponse>;

// ---------------------------------------------------------------- the dashboard banner

/**
 * The lines a member sells (from their sales' products) whose licence expires within
 * LICENSE_EXPIRY_WARNING_DAYS and is not renewed: no other verified licence of that line runs
 * longer. One rule for the banner, wherever it is shown.
 */
export function expiringLicenceAlerts(
  licences: readonly Pick<LicenseRecord, 'line' | 'status' | 'issued_on' | 'expires_on'>[],
  soldProducts: Iterable<string>,
  today: string = todayInManila(),
): { line: LicenseLine; expires_on: string; days: number }[] {
  const sold = new Set<LicenseLine>();
  for (const p of soldProducts) for (const l of linesFor(p)) sold.add(l);
  const out: { line: LicenseLine; expires_on: string; days: number }[] = [];
  for (const line of LICENSE_LINES) {
    if (!sold.has(line)) continue;
    const valid = licences.filter((l) => l.line === line && l.status === 'verified' && l.issued_on <= today && l.expires_on >= today);
    if (valid.length === 0) continue;
    const latest = valid.reduce((a, b) => (b.expires_on > a.expires_on ? b : a));
    const days = daysUntil(latest.expires_on, today);
    if (days <= LICENSE_EXPIRY_WARNING_DAYS) out.push({ line, expires_on: latest.expires_on, days });
  }
  return out;
}

/** Every product's lines, for the decision record's table and tests. */
export const PRODUCT_LINE_ROWS = PRODUCTS.map((p) => ({ product: p, lines: linesFor(p) }));
