import { z } from 'zod';
import { LIMITS, MAX_ID, controlCharacterMessage, hasControlCharacter, idField, memberIdSchema } from './common.ts';
import { DEAL_STATUSES } from './enums.ts';

/**
 * The book of business (decision 025): every sale that was not rejected is a policy, with a term
 * from its effective date to its expiry date. Its status is derived, never stored.
 */
export const POLICY_STATUSES = ['in force', 'due', 'lapsed', 'renewed', 'cancelled'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];
export const POLICY_STATUS_LABELS: Record<PolicyStatus, string> = {
  'in force': 'In force',
  due: 'Due',
  lapsed: 'Lapsed',
  renewed: 'Renewed',
  cancelled: 'Cancelled',
};
export * from './portfolio-rules.ts';
import { EXPIRING_WITHIN_DAYS } from './portfolio-rules.ts';
/** Whether a policy's status offers Renew. */
export const isRenewable = (status: PolicyStatus) => status === 'due' || status === 'lapsed';

/** The default expiry of a term starting on `effective` (YYYY-MM-DD): one year later less a day. */
export function defaultExpiryDate(effective: string): string {
  const [y, m, d] = effective.split('-').map(Number) as [number, number, number];
  // 29 Feb + 1 year is 1 Mar in Date arithmetic; less a day, 28 Feb: the term's last day.
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  next.setUTCDate(next.getUTCDate() - 1);
  return next.toISOString().slice(0, 10);
}

export const PORTFOLIO_SCOPES = ['own', 'team'] as const;
export type PortfolioScope = (typeof PORTFOLIO_SCOPES)[number];
export const PORTFOLIO_PAGE_SIZES = [25, 50, 100] as const;

/**
 * POST portfolio: the policies of member `id` (scope 'own'), or of the whole downline of `id`
 * ('team', leaders and admins). The member themselves and admins see the clients; a leader looking
 * at a downline member or at the team sees the pipeline without them (decision 017).
 */
export const portfolioRequest = z
  .object({
    id: memberIdSchema,
    scope: z
      .enum(PORTFOLIO_SCOPES, { error: `scope must be one of ${PORTFOLIO_SCOPES.join(', ')}` })
      .optional()
      .default('own'),
    status: z.enum(POLICY_STATUSES, { error: `status must be one of ${POLICY_STATUSES.join(', ')}` }).optional(),
    /** Policies neither cancelled nor renewed that expire from today to today + N days. */
    due_within_days: z
      .union([z.literal(30), z.literal(60), z.literal(90)], { error: `due_within_days must be one of ${EXPIRING_WITHIN_DAYS.join(', ')}` })
      .optional(),
    /** Part of the customer's name or of the policy number (ignored where the clients are hidden). */
    q: z
      .string({ error: 'Search must be text' })
      .trim()
      .max(LIMITS.name, `Search must be at most ${LIMITS.name} characters`)
      .refine((v) => !hasControlCharacter(v), controlCharacterMessage('Search'))
      .optional()
      .default(''),
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(MAX_ID)
      .default(1),
    pageSize: z.coerce
      .number({ error: 'pageSize must be a number' })
      .refine((v) => (PORTFOLIO_PAGE_SIZES as readonly number[]).includes(v), `pageSize must be one of ${PORTFOLIO_PAGE_SIZES.join(', ')}`)
      .default(25),
  })
  .strict();
export type PortfolioRequest = z.input<typeof portfolioRequest>;
export type PortfolioInput = z.output<typeof portfolioRequest>;
/** POST portfolioexport: the same filters, every matching policy (at most PORTFOLIO_EXPORT_LIMIT). */
export const portfolioExportRequest = portfolioRequest.omit({ page: true, pageSize: true });
export type PortfolioExportRequest = z.input<typeof portfolioExportRequest>;
export type PortfolioExportInput = z.output<typeof portfolioExportRequest>;
export const PORTFOLIO_EXPORT_LIMIT = 50_000;
/** The workbook's file name (one sheet, 'Portfolio'). */
export const PORTFOLIO_EXPORT_FILE_NAME = 'portfolio.xlsx';

/** The renewal of a policy: its deal, and the sale once the deal was sold. */
export const policyRenewal = z.object({
  deal_id: z.number(),
  deal_status: z.enum(DEAL_STATUSES),
  sale_id: z.number().nullable(),
});

export const policyRow = z.object({
  sale_id: z.number(),
  /** Whose policy it is (the team view lists several members). */
  member_id: z.number(),
  agent_name: z.string(),
  /** Null where the clients are hidden (a leader's view of a downline). */
  customer_name: z.string().nullable(),
  customer_contact: z.string().nullable(),
  customer_email: z.string().nullable(),
  policy_number: z.string().nullable(),
  product: z.string(),
  insurer: z.string().nullable(),
  /** Pesos. */
  tcv: z.number(),
  effective_date: z.string(),
  expiry_date: z.string().nullable(),
  /** From today (Manila) to the expiry date; negative once expired; null without an expiry. */
  days_to_expiry: z.number().nullable(),
  status: z.enum(POLICY_STATUSES),
  renewal: policyRenewal.nullable(),
});
export type PolicyRow = z.infer<typeof policyRow>;

export const policyStatusCounts = z.record(z.enum(POLICY_STATUSES), z.number());
export type PolicyStatusCounts = z.infer<typeof policyStatusCounts>;

export const portfolioResponse = z.object({
  scope: z.enum(PORTFOLIO_SCOPES),
  /**
   * The scopes this caller may ask for, for this member (as the reports' `scopes`, decision 017):
   * 'own' always; 'team' too for a leader (Manager, Agency Manager, Agency Owner) and for an admin.
   * The page shows its 'My team' switch only when there is a choice.
   */
  scopes: z.array(z.enum(PORTFOLIO_SCOPES)),
  /** True when this caller may not see the clients: their names, contacts and policy numbers are null. */
  clients_hidden: z.boolean(),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Per status, the policies the search and the expiring filter find (the status filter aside). */
  counts: policyStatusCounts,
  rows: z.array(policyRow),
});
export type PortfolioResponse = z.infer<typeof portfolioResponse>;

/** POST startrenewal: a Renewal deal for a due or lapsed policy of the caller's (or, for an admin, anyone's). */
export const startRenewalRequest = z.object({ sale_id: idField('Sale id') }).strict();
export type StartRenewalRequest = z.input<typeof startRenewalRequest>;
export type StartRenewalInput = z.output<typeof startRenewalRequest>;
export const startRenewalResponse = z.object({ deal_id: z.number() });
/** 409: the policy already has its renewal deal (its id), or is not due or lapsed. */
export const startRenewalConflict = z.object({ error: z.string(), deal_id: z.number().optional() });

/** The retention of a month: policies that fell due (expired) in it, and how many of them were renewed. */
export const retentionMonth = z.object({
  month: z.string(),
  due: z.number(),
  renewed: z.number(),
  /** renewed / due × 100, one decimal; null when nothing fell due. */
  rate: z.number().nullable(),
});
export type RetentionMonth = z.infer<typeof retentionMonth>;
