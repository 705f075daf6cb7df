/**
 * Proposals' constants (issue 46, decision 038), zod-free for the first screens (decision 014).
 */

/**
 * A proposal's statuses: `expired` is never stored, it is a sent proposal whose validity passed
 * unanswered (read so on every read).
 */
export const PROPOSAL_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

/** Up to three insurers side by side. */
export const MAX_PROPOSAL_OPTIONS = 3;
/** Coverage lines per option. */
export const MAX_COVERAGES = 20;
/** A proposal is valid 30 days unless the agent says otherwise, at most 90. */
export const DEFAULT_VALIDITY_DAYS = 30;
export const MAX_VALIDITY_DAYS = 90;

/** What happened to a proposal (its history). */
export const PROPOSAL_ACTIONS = ['created', 'revised', 'sent', 'opened', 'accepted', 'declined', 'withdrawn'] as const;
export type ProposalAction = (typeof PROPOSAL_ACTIONS)[number];

/** The client's link: `<portal>/p/<token>`. */
export const PROPOSAL_LINK_PREFIX = '/p/';
