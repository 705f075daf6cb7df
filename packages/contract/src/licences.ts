import { z } from 'zod';
import { PRODUCTS } from './catalogue.ts';
import { calendarDate, controlCharacterMessage, hasControlCharacter, idField, memberIdSchema, optionalText } from './common.ts';
import { enumField } from './deals.ts';

/**
 * Insurance Commission licences (decision 018). RA 10607 s.307 forbids paying a commission, an
 * override included (s.309), to anyone without a licence: a sale's entries are payable to an earner
 * only with a verified licence for one of the product's lines on the day the sale was recorded.
 */

export * from './licence-rules.ts';
import { LICENSE_LINES, LICENCE_STATUSES, linesFor } from './licence-rules.ts';

const licenceNo = z
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
    license_no: licenceNo,
    insurer: optionalText('Insurer'),
    issued_on: calendarDate('Issued on'),
    expires_on: calendarDate('Expires on'),
  })
  .refine((v) => v.expires_on > v.issued_on, { path: ['expires_on'], message: 'Expires on must be after Issued on' });
export type AddLicenceRequest = z.input<typeof addLicenseRequest>;
export type AddLicense = z.output<typeof addLicenseRequest>;

export const licenceRecord = z.object({
  id: z.number(),
  member_id: z.number(),
  line: z.enum(LICENSE_LINES),
  /** Null for a leader reading a recruit's licences: the number is the member's and the agency's only. */
  license_no: z.string().nullable(),
  insurer: z.string().nullable(),
  issued_on: z.string(),
  expires_on: z.string(),
  status: z.enum(LICENCE_STATUSES),
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
export type LicenseRecord = z.infer<typeof licenceRecord>;
export const licenceList = z.array(licenceRecord);
export const addLicenceResponse = z.object({ license: licenceRecord });

/** POST getlicenses {id}: newest first. The member, their Manager, Agency Manager and Agency Owner (read only, no scan), admins. */
export const getLicencesRequest = z.object({ id: memberIdSchema });

/**
 * POST licencealerts {id}: the dashboard's licence reminder (decision 018), decided on the server
 * from the member's licences and the products of their sales (expiringLicenceAlerts), so that the
 * dashboard need not load every sale to show it. The member and admins.
 */
export const licenceAlertsResponse = z.object({
  alerts: z.array(z.object({ line: z.enum(LICENSE_LINES), expires_on: z.string(), days: z.number() })),
});
export type LicenceAlertsResponse = z.infer<typeof licenceAlertsResponse>;

/** POST verifylicense (admins): decided once; a rejection needs a reason. */
export const verifyLicenceRequest = z
  .object({
    license_id: idField('Licence id'),
    decision: enumField('Decision', ['verified', 'rejected'] as const),
    reason: optionalText('Reason'),
  })
  .refine((v) => v.decision !== 'rejected' || v.reason !== null, { path: ['reason'], message: 'Reason is required to reject' });
export type VerifyLicenseRequest = z.input<typeof verifyLicenceRequest>;
export type VerifyLicenceInput = z.output<typeof verifyLicenceRequest>;

/** GET licensescan/:licenseId: the member and admins only. */
export const licenceScanParams = z.object({ licenseId: idField('Licence id') });
export const licenceScanPath = (licenseId: number) => `/api/licensescan/${licenseId}`;

// ---------------------------------------------------------------- the Compliance page (admins)

const memberName = { member_id: z.number(), member_name: z.string() };

export const complianceLicence = licenceRecord.extend({ member_name: z.string() });
export type ComplianceLicense = z.infer<typeof complianceLicence>;

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
export const licenceEarnings = z.object({
  license_id: z.number(),
  ...memberName,
  line: z.enum(LICENSE_LINES),
  issued_on: z.string(),
  expires_on: z.string(),
  /** Pesos: every entry of the member recorded within the term (adjustments included), held and awaiting excluded. */
  earned: z.number(),
  meets_renewal: z.boolean(),
});
export type LicenceEarnings = z.infer<typeof licenceEarnings>;

export const complianceResponse = z.object({
  as_of: z.string(),
  to_verify: z.array(complianceLicence),
  expiring: z.array(complianceLicence),
  unlicensed_sellers: z.array(unlicensedSeller),
  held: z.array(heldCommission),
  held_total: z.number(),
  earnings: z.array(licenceEarnings),
});
export type ComplianceResponse = z.infer<typeof complianceResponse>;

// ---------------------------------------------------------------- the dashboard banner

/** Every product's lines, for the decision record's table and tests. */
export const PRODUCT_LINE_ROWS = PRODUCTS.map((p) => ({ product: p, lines: linesFor(p) }));
