import type { Product } from './catalogue.ts';
import { daysUntil, formatDay, todayInManila } from './dates.ts';

/**
 * Licence lines and the rules read from them: no zod and no schema, so that the web's first load (the dashboard, the layout) can use
 * them without building the route table's schemas (decision 014). Re-exported by the schema module
 * of the same domain, which the server and the forms import.
 */

/** The lines the Insurance Commission licenses (decision 018, "Which lines allow selling a product"). */
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

/** Why an entry is held: `No verified Non-Life licence on Nov 24, 2026` (a date as people read it, decision 023). */
export function holdReason(product: string, day: string): string {
  return `No verified ${linesLabel(linesFor(product))} licence on ${formatDay(day)}`;
}

/** A licence's verification by the agency. */
export const LICENCE_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type LicenseStatus = (typeof LICENCE_STATUSES)[number];
export const LICENSE_STATUS_LABELS: Record<LicenseStatus, string> = { pending: 'Pending', verified: 'Verified', rejected: 'Rejected' };

/** Days before expiry from which a licence is "expiring" (the dashboard banner, the Compliance page). */
export const LICENSE_EXPIRY_WARNING_DAYS = 60;

/**
 * The commission an active agent shows at renewal over a licence's three-year term (IC renewal
 * guidance, decision 018), in pesos.
 */
export const RENEWAL_COMMISSION_PESOS = 10_800;

/** The statutory term: 31 December of the third year after issue ('2026-03-10' → '2029-12-31'). */
export function defaultLicenseExpiry(issuedOn: string): string {
  const year = Number(issuedOn.slice(0, 4));
  return Number.isFinite(year) && year > 0 ? `${year + 3}-12-31` : '';
}

/** The licence scan's accepted kinds: the valid ID's (PDF or image). */
export const LICENSE_SCAN_FIELD = 'scan';

/**
 * The lines a member sells (from their sales' products) whose licence expires within
 * LICENSE_EXPIRY_WARNING_DAYS and is not renewed: no other verified licence of that line runs
 * longer. One rule for the banner, wherever it is shown.
 */
export function expiringLicenceAlerts(
  licences: readonly { line: string; status: string; issued_on: string; expires_on: string }[],
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

/**
 * How a member's licences stand for selling under `lines` on `day` (decision 018): `verified` when
 * a verified licence of one of the lines runs over the day; else `pending` when one awaiting the
 * agency's verification does; else `none`. The same rule as the hold written with a sale's entries
 * (decision 018: verified, `issued_on ≤ day ≤ expires_on`, any one line suffices; the server's
 * check is its SQL twin in the licences repository), read by the Make as Sales warning and the
 * dashboard's checklist.
 */
export type LicenceCover = 'verified' | 'pending' | 'none';
export function licenceCover(
  licences: readonly { line: string; status: string; issued_on: string; expires_on: string }[],
  lines: readonly string[],
  day: string,
): LicenceCover {
  const running = licences.filter((l) => lines.includes(l.line) && l.issued_on <= day && l.expires_on >= day);
  if (running.some((l) => l.status === 'verified')) return 'verified';
  return running.some((l) => l.status === 'pending') ? 'pending' : 'none';
}
