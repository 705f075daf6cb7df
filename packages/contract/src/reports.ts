import { z } from 'zod';
import { memberIdSchema, optionalCalendarDate } from './common.ts';
import { optionalEnum } from './deals.ts';
import { POSITIONS } from './enums.ts';
import { MSG } from './messages.ts';
import { retentionMonth } from './portfolio.ts';

/**
 * Performance Reports (decision 017): a member's own sales, a leader's whole downline, or (admins)
 * the whole agency. Sales are placed in months and periods by their effective date, the date the
 * Sales screen's From/To filters use.
 */
export const REPORT_SCOPES = ['own', 'team', 'agency'] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];
export const REPORT_SCOPE_LABELS: Record<ReportScope, string> = {
  own: 'My sales',
  team: 'My team',
  agency: 'Whole agency',
};

/** How many months the monthly chart covers, this month included. */
export const REPORT_MONTHS = 12;
/** How many rows a leaderboard shows at most. */
export const LEADERBOARD_SIZE = 20;
/** Who a leaderboard ranks (decision 021), said under its title. */
export const RANKED_SELLERS_NOTE = 'Only approved, active members with a counted sale in the period are ranked.';

/**
 * POST reports: the scope, and the leaderboard's period (inclusive; either bound may be empty).
 * Without a scope (absent, null or '') the server answers the widest one this caller may ask for:
 * 'agency' for an admin, 'team' for a leader, else 'own' (the page opens on it in one request).
 */
export const reportRequest = z
  .object({
    id: memberIdSchema,
    scope: optionalEnum('Scope', REPORT_SCOPES),
    from: optionalCalendarDate('From'),
    to: optionalCalendarDate('To'),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: MSG.dateRangeReversed });
export type ReportRequest = z.input<typeof reportRequest>;
export type ReportInput = z.output<typeof reportRequest>;

export const reportMonth = z.object({ month: z.string(), tcv: z.number(), count: z.number() });
export const reportProduct = z.object({ product: z.string(), category: z.string().nullable(), tcv: z.number(), count: z.number() });
export const leaderboardRow = z.object({
  rank: z.number(),
  id: z.number(),
  name: z.string(),
  position: z.enum(POSITIONS),
  tcv: z.number(),
  count: z.number(),
});
export type ReportMonth = z.infer<typeof reportMonth>;
export type ReportProduct = z.infer<typeof reportProduct>;
export type LeaderboardRow = z.infer<typeof leaderboardRow>;

export const reportResponse = z.object({
  scope: z.enum(REPORT_SCOPES),
  /** The scopes this caller may ask for ('own' always; 'team' for leaders; 'agency' for admins). */
  scopes: z.array(z.enum(REPORT_SCOPES)),
  /** The last REPORT_MONTHS months, oldest first, months without sales included (0). */
  months: z.array(reportMonth),
  /** Product mix over those months, largest TCV first. */
  products: z.array(reportProduct),
  totals: z.object({ tcv: z.number(), count: z.number() }),
  /**
   * Members counted (decision 021): 1 for 'own'; the member's team members for 'team' (the
   * dashboard's Whole Team); the agency's members for 'agency' (the admin's dashboard's Members).
   */
  members: z.number(),
  /**
   * The ranked sellers (decision 021) by their own TCV over from–to: 'team', the member's counted
   * recruits; 'agency', every counted member; null for 'own'. Nobody without a counted sale.
   */
  leaderboard: z.array(leaderboardRow).nullable(),
  /**
   * Retention (decision 025), the same months and scope: per month, the policies (sales neither
   * rejected nor cancelled) whose term ended in it, and how many of them are renewed.
   */
  retention: z.array(retentionMonth),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type ReportResponse = z.infer<typeof reportResponse>;

/**
 * agencysummary (admins, decision 021): the admin's dashboard. `members`: the agency's members
 * (Approved, active agents); `pending`: accounts awaiting approval; `sales`: counted sales with an
 * effective date in `month` (Manila), as the 'agency' report's "this month" tiles; `commissions`:
 * what every member earned in `month`, as each member's 'Earned This Month'.
 */
export const agencySummary = z.object({
  month: z.string(),
  members: z.number(),
  pending: z.number(),
  sales: z.object({ count: z.number(), tcv: z.number() }),
  commissions: z.number(),
});
export type AgencySummary = z.infer<typeof agencySummary>;
