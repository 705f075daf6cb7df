import { POLICY_DUE_DAYS, POLICY_STATUS_LABELS, type PolicyStatus } from '@ahente/contract/portfolio';
import { Badge, type BadgeTone } from '../../ui/badge';

/** Each policy status in its own tone; the word always names it (colour is never the only signal). */
const TONES: Record<PolicyStatus, BadgeTone> = {
  'in force': 'success',
  due: 'warning',
  lapsed: 'danger',
  renewed: 'brand',
  cancelled: 'neutral',
};

export function PolicyStatusBadge({ status }: { status: PolicyStatus }) {
  return (
    <Badge tone={TONES[status]} dot>
      {POLICY_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Days to expiry in words: 'In 20 days', 'Tomorrow', 'Today', 'Yesterday', '3 days ago'. */
export function daysToExpiryText(days: number): string {
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days === -1) return 'Yesterday';
  return days > 0 ? `In ${days.toLocaleString('en-PH')} days` : `${(-days).toLocaleString('en-PH')} days ago`;
}

/** The filters the list was asked for, to say why it is empty. */
export interface PortfolioFilters {
  status: PolicyStatus | null;
  within: number | null;
  q: string;
}

export const hasFilters = (f: PortfolioFilters) => f.status !== null || f.within !== null || f.q !== '';

/** An empty status: what it means, so that an empty list still teaches something. */
const STATUS_EMPTY: Record<PolicyStatus, { title: string; description: string }> = {
  'in force': { title: 'No policy is in force.', description: 'A policy is in force from its effective date until it falls due.' },
  due: {
    title: 'No policy is due for renewal.',
    description: `A policy is due once it expires within ${POLICY_DUE_DAYS} days and has not been renewed.`,
  },
  lapsed: { title: 'No policy has lapsed.', description: 'A policy lapses when it expires without being renewed.' },
  renewed: { title: 'No policy has been renewed yet.', description: 'A policy is renewed once its renewal deal is made into a sale.' },
  cancelled: { title: 'No policy was cancelled.', description: 'A sale the agency cancels stays here, marked Cancelled.' },
};

/** Why the list is empty, in plain words: a title, and the filters that are on. */
export function emptyText(f: PortfolioFilters, team: boolean): { title: string; description: string } {
  if (!hasFilters(f)) {
    return team
      ? {
          title: 'Your team has no policies yet.',
          description: 'The sales of everyone below you appear here as policies, with their expiry dates.',
        }
      : {
          title: 'You have no policies yet.',
          description: 'Each sale you record becomes a policy here, with its expiry date, so that you can renew it on time.',
        };
  }
  if (f.status && f.within === null && !f.q) return STATUS_EMPTY[f.status];
  const on = [
    f.status ? `Status: ${POLICY_STATUS_LABELS[f.status]}` : null,
    f.within !== null ? `Expiring in ${f.within} days` : null,
    f.q ? `Search: “${f.q}”` : null,
  ].filter(Boolean);
  return { title: 'No policy matches these filters.', description: `${on.join(' · ')}.` };
}
