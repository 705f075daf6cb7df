import { z } from 'zod';
import { LIMITS, calendarDate, idField, memberIdSchema, nameField, lineField, optionalCalendarDate, optionalText } from './common.ts';
import { customerContactField, customerEmailField, productField, tcvField } from './deals.ts';
import { MSG } from './messages.ts';
import { cursorField, DEFAULT_PAGE_SIZE, pageFields, pageLimitField } from './paging.ts';
import { MAX_COVERAGES, MAX_PROPOSAL_OPTIONS, PROPOSAL_ACTIONS, PROPOSAL_STATUSES } from './proposal-rules.ts';
import { CTPL_TERMS, CTPL_VEHICLE_TYPE_KEYS, MAX_CTPL_PREMIUM_CENTAVOS, MAX_FEE_CENTAVOS, MAX_RATE_BP, TAX_LINES } from './proposal-tax.ts';

export * from './proposal-rules.ts';

/** A proposal's id in a request. */
export const proposalIdField = idField('Proposal id');

/** One coverage line: its name and, optionally, its limit as the insurer writes it (₱850,000; "Actual cash value"). */
export const coverageLine = z.object({ name: lineField('Coverage'), limit: optionalText('Coverage limit') }).strict();
export type CoverageLine = z.output<typeof coverageLine>;

/** One insurer's offer. Money in pesos (two decimals at most), as every amount of the API. */
export const proposalOptionInput = z
  .object({
    insurer: nameField('Insurer'),
    /** The insurer of the insurers list the text names, if the form picked one (decision 037). */
    insurer_id: idField('Insurer id').nullish(),
    plan_name: optionalText('Plan name'),
    sum_insured: z.union([tcvField('Sum insured'), z.null()]).optional(),
    basic_premium: tcvField('Basic premium'),
    coverages: z
      .array(coverageLine, { error: 'Coverages must be a list' })
      .max(MAX_COVERAGES, `At most ${MAX_COVERAGES} coverage lines`)
      .nullish()
      .transform((v) => v ?? []),
    deductible: optionalText('Deductible'),
    remarks: optionalText('Remarks', LIMITS.description),
  })
  .strict();
export type ProposalOptionInput = z.input<typeof proposalOptionInput>;

/**
 * POST saveproposal: a new proposal (no proposal_id), or a change to one: a draft is changed in
 * place, a sent one gets a new version (the link shows it). `valid_until` defaults to 30 days from
 * today and is at most 90 days away (the service checks against today).
 */
export const saveProposalRequest = z
  .object({
    id: memberIdSchema,
    proposal_id: proposalIdField.nullish(),
    client: z.object({ name: nameField('Client name'), contact: customerContactField, email: customerEmailField }).strict(),
    product: productField,
    options: z
      .array(proposalOptionInput, { error: 'Options must be a list' })
      .min(1, 'A proposal needs at least one option')
      .max(MAX_PROPOSAL_OPTIONS, `At most ${MAX_PROPOSAL_OPTIONS} options`),
    valid_until: optionalCalendarDate('Valid until'),
    /** The cover's start: the deal's effective date when the client accepts (today when not given). */
    start_date: optionalCalendarDate('Start date'),
    notes: optionalText('Notes', LIMITS.description),
    /** Whether the client's page shows the agent's contact number (their name and licence number it always shows). */
    show_contact: z.boolean({ error: 'show_contact must be true or false' }).optional().default(false),
  })
  .strict();
export type SaveProposalRequest = z.input<typeof saveProposalRequest>;
export type SaveProposalInput = z.output<typeof saveProposalRequest>;

/** An option's breakdown, in pesos. */
export const breakdownRecord = z.object({
  basic_premium: z.number(),
  dst: z.number(),
  vat: z.number(),
  lgt: z.number(),
  fst: z.number(),
  fees: z.number(),
  amount_due: z.number(),
});
export type BreakdownRecord = z.infer<typeof breakdownRecord>;

/** The rates a proposal was worked out with: percentages (12.5 is 12.5 %) and the fee in pesos. */
export const proposalRatesRecord = z.object({ dst: z.number(), vat: z.number(), lgt: z.number(), fst: z.number(), lto_fee: z.number() });
export type ProposalRatesRecord = z.infer<typeof proposalRatesRecord>;

export const proposalOptionRecord = z.object({
  /** 1 to 3, as shown. */
  option: z.number(),
  insurer: z.string(),
  insurer_id: z.number().nullable(),
  plan_name: z.string().nullable(),
  sum_insured: z.number().nullable(),
  coverages: z.array(z.object({ name: z.string(), limit: z.string().nullable() })),
  deductible: z.string().nullable(),
  remarks: z.string().nullable(),
  breakdown: breakdownRecord,
});
export type ProposalOptionRecord = z.infer<typeof proposalOptionRecord>;

export const proposalEventRecord = z.object({
  action: z.enum(PROPOSAL_ACTIONS),
  version: z.number(),
  by: z.enum(['agent', 'admin', 'client']),
  /** The member who acted (null for the client). */
  by_name: z.string().nullable(),
  option: z.number().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});

/** A proposal as its agent (or an administrator) reads it: its latest version. */
export const proposalRecord = z.object({
  id: z.number(),
  number: z.string(),
  version: z.number(),
  member_id: z.number(),
  status: z.enum(PROPOSAL_STATUSES),
  client: z.object({ name: z.string(), contact: z.string().nullable(), email: z.string().nullable() }),
  product: z.string(),
  tax_line: z.enum(TAX_LINES),
  valid_until: z.string(),
  start_date: z.string().nullable(),
  notes: z.string().nullable(),
  show_contact: z.boolean(),
  rates: proposalRatesRecord,
  options: z.array(proposalOptionRecord),
  accepted_option: z.number().nullable(),
  deal_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  sent_at: z.string().nullable(),
  events: z.array(proposalEventRecord),
});
export type ProposalRecord = z.infer<typeof proposalRecord>;

export const proposalResponse = z.object({ proposal: proposalRecord });
export type ProposalResponse = z.infer<typeof proposalResponse>;

/** POST proposal, withdrawproposal, sendproposal: a proposal named by its id. */
export const proposalIdRequest = z.object({ proposal_id: proposalIdField }).strict();
export type ProposalIdRequest = z.input<typeof proposalIdRequest>;

/** GET /api/proposalpdf/:proposalId. */
export const proposalPdfParams = z.object({ proposalId: proposalIdField }).strict();

/** The PDF's file name: proposal-<number>-v<version>.pdf. */
export const proposalFileName = (number: string, version: number) => `proposal-${number}-v${version}.pdf`;

export const withdrawProposalRequest = z.object({ proposal_id: proposalIdField, reason: optionalText('Reason') }).strict();

/** sendproposal's answer: the client's link (shown once: the portal keeps only its hash). */
export const sendProposalResponse = z.object({ share_url: z.string(), proposal: proposalRecord });

/** The option's number as shown, 1 to 3. */
export const optionNumberField = z
  .number({ error: `Option must be a number from 1 to ${MAX_PROPOSAL_OPTIONS}` })
  .int(`Option must be a number from 1 to ${MAX_PROPOSAL_OPTIONS}`)
  .min(1, `Option must be a number from 1 to ${MAX_PROPOSAL_OPTIONS}`)
  .max(MAX_PROPOSAL_OPTIONS, `Option must be a number from 1 to ${MAX_PROPOSAL_OPTIONS}`);

/** POST acceptproposal: the agent accepts for the client (after a call). */
export const acceptProposalRequest = z.object({ proposal_id: proposalIdField, option: optionNumberField }).strict();
/** The accepted proposal and its one deal. */
export const acceptProposalResponse = z.object({ proposal: proposalRecord, deal_id: z.number() });
export type AcceptProposalResponse = z.infer<typeof acceptProposalResponse>;

/**
 * POST proposals: a member's proposals, newest first, paged like the Deals Table (decision 036),
 * filtered by status and by the day they were made (Manila, inclusive).
 */
export const proposalsRequest = z
  .object({
    id: memberIdSchema,
    status: z.enum(PROPOSAL_STATUSES, { error: `Status must be one of: ${PROPOSAL_STATUSES.join(', ')}` }).optional(),
    from: optionalCalendarDate('From'),
    to: optionalCalendarDate('To'),
    limit: pageLimitField.transform((v) => v ?? DEFAULT_PAGE_SIZE),
    cursor: cursorField('proposals'),
  })
  .strict()
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: MSG.dateRangeReversed });
export type ProposalsRequest = z.input<typeof proposalsRequest>;
export type ProposalsInput = z.output<typeof proposalsRequest>;

export const proposalRow = z.object({
  id: z.number(),
  number: z.string(),
  version: z.number(),
  status: z.enum(PROPOSAL_STATUSES),
  /** Null where the clients are hidden (a leader's view of a downline, decision 017). */
  client_name: z.string().nullable(),
  product: z.string(),
  valid_until: z.string(),
  /** Option 1's amount due, or the accepted option's (pesos). */
  amount_due: z.number(),
  deal_id: z.number().nullable(),
  created_at: z.string(),
});
export type ProposalRow = z.infer<typeof proposalRow>;

export const proposalsResponse = z.object({
  rows: z.array(proposalRow),
  ...pageFields,
  /** The amount due of every proposal of the filter (pesos). */
  amount_due: z.number(),
  /** Per status, the proposals of the date filter (the status filter aside). */
  counts: z.record(z.enum(PROPOSAL_STATUSES), z.number()),
  clients_hidden: z.boolean(),
});
export type ProposalsResponse = z.infer<typeof proposalsResponse>;

// ---------------------------------------------------------------- settings (Admin Panel → Proposals)

/** A percentage with at most two decimals (12.5), as basis points (1250). */
const percentField = (label: string, max = MAX_RATE_BP) =>
  z
    .number({ error: `${label} must be a number` })
    .refine((v) => Number.isFinite(v) && v >= 0, `${label} must not be negative`)
    .refine((v) => Math.round(v * 100) / 100 === v, `${label} must have at most 2 decimals`)
    .refine((v) => Math.round(v * 100) <= max, `${label} must be at most ${max / 100} %`)
    .transform((v) => Math.round(v * 100));

/** POST saveproposalsettings: new rates from a day on (any left out keep theirs). */
export const saveProposalSettingsRequest = z
  .object({
    effective_from: calendarDate('Effective from'),
    dst: percentField('DST').optional(),
    vat: percentField('VAT').optional(),
    lgt: percentField('LGT', 50).optional(),
    fst: percentField('FST').optional(),
    lto_fee: tcvField('LTO fee')
      .refine((v) => Math.round(v * 100) <= MAX_FEE_CENTAVOS, `LTO fee must be at most ${MAX_FEE_CENTAVOS / 100}`)
      .optional(),
  })
  .strict()
  .refine((v) => [v.dst, v.vat, v.lgt, v.fst, v.lto_fee].some((x) => x !== undefined), { message: 'Give at least one rate' });
export type SaveProposalSettingsRequest = z.input<typeof saveProposalSettingsRequest>;
export type SaveProposalSettingsInput = z.output<typeof saveProposalSettingsRequest>;

export const PROPOSAL_SETTING_NAMES = ['dst', 'vat', 'lgt', 'fst', 'lto_fee'] as const;
export const proposalSettingsResponse = z.object({
  /** In force today. */
  rates: proposalRatesRecord,
  /** Every rate set, newest effective date first (a value is a percentage, the LTO fee pesos). */
  history: z.array(
    z.object({
      name: z.enum(PROPOSAL_SETTING_NAMES),
      value: z.number(),
      effective_from: z.string(),
      created_at: z.string(),
      created_by: z.string().nullable(),
    }),
  ),
});
export type ProposalSettingsResponse = z.infer<typeof proposalSettingsResponse>;

export const ctplVehicleTypeField = z.enum(CTPL_VEHICLE_TYPE_KEYS, {
  error: `Vehicle type must be one of: ${CTPL_VEHICLE_TYPE_KEYS.join(', ')}`,
});
export const ctplYearsField = z.union(
  CTPL_TERMS.map((n) => z.literal(n)),
  { error: `Years must be one of: ${CTPL_TERMS.join(', ')}` },
);

/** POST savectplpremium: a vehicle type's premium for 1 or 3 years from a day on. */
export const saveCtplPremiumRequest = z
  .object({
    vehicle_type: ctplVehicleTypeField,
    years: ctplYearsField,
    premium: tcvField('Premium')
      .refine((v) => v > 0, 'Premium must be more than 0')
      .refine((v) => Math.round(v * 100) <= MAX_CTPL_PREMIUM_CENTAVOS, `Premium must be at most ${MAX_CTPL_PREMIUM_CENTAVOS / 100}`),
    effective_from: calendarDate('Effective from'),
  })
  .strict();
export type SaveCtplPremiumRequest = z.input<typeof saveCtplPremiumRequest>;

export const ctplPremiumsResponse = z.object({
  /** In force today, one per vehicle type and term, in the table's order. */
  rows: z.array(z.object({ vehicle_type: ctplVehicleTypeField, label: z.string(), years: z.number(), premium: z.number() })),
  history: z.array(
    z.object({
      vehicle_type: ctplVehicleTypeField,
      years: z.number(),
      premium: z.number(),
      effective_from: z.string(),
      created_at: z.string(),
      created_by: z.string().nullable(),
    }),
  ),
});
export type CtplPremiumsResponse = z.infer<typeof ctplPremiumsResponse>;

// ---------------------------------------------------------------- the client's link (no session)

/** The token of a client's link, as its path carries it: anything not of its shape is simply not found. */
export const proposalTokenParams = z.object({ token: z.string().max(200) }).strict();

/**
 * GET /api/public/proposal/:token: what the client's page shows. Of the agent, only their name,
 * licence number (for the product's line, if verified) and, if they chose to show it, their contact
 * number; of the client, only their name; no other member's data.
 */
export const publicProposalResponse = z.object({
  agency: z.string(),
  number: z.string(),
  version: z.number(),
  status: z.enum(['sent', 'accepted', 'declined']),
  client_name: z.string(),
  product: z.string(),
  valid_until: z.string(),
  options: z.array(proposalOptionRecord),
  accepted_option: z.number().nullable(),
  agent: z.object({ name: z.string(), licence_number: z.string().nullable(), contact: z.string().nullable() }),
});
export type PublicProposal = z.infer<typeof publicProposalResponse>;

export const publicAcceptRequest = z.object({ option: optionNumberField }).strict();
export const publicDeclineRequest = z.object({ reason: optionalText('Reason', 500) }).strict();
