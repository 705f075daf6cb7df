import { POLICY_STATUS_LABELS, type PolicyStatus } from '@ahente/contract/portfolio';
import { POLICY_DUE_DAYS } from '@ahente/contract/portfolio-rules';
import './i18n';
import { i18n } from '../../i18n';
import { currentLocale } from '../../lib/locale';
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
  if (days === 0) return i18n.t('portfolio.today');
  if (days === 1) return i18n.t('portfolio.tomorrow');
  if (days === -1) return i18n.t('portfolio.yesterday');
  const n = Math.abs(days).toLocaleString(currentLocale());
  return days > 0 ? i18n.t('portfolio.inDays', { n }) : i18n.t('portfolio.daysAgo', { n });
}

/** The filters the list was asked for, to say why it is empty. */
export interface PortfolioFilters {
  status: PolicyStatus | null;
  within: number | null;
  q: string;
}

export const hasFilters = (f: PortfolioFilters) => f.status !== null || f.within !== null || f.q !== '';

/** An empty status: what it means, so that an empty list still teaches something. */
function statusEmpty(status: PolicyStatus): { title: string; description: string } {
  const t = i18n.t;
  switch (status) {
    case 'in force':
      return { title: t('portfolio.empty.inForce'), description: t('portfolio.empty.inForceText') };
    case 'due':
      return { title: t('portfolio.empty.due'), description: t('portfolio.empty.dueText', { days: POLICY_DUE_DAYS }) };
    case 'lapsed':
      return { title: t('portfolio.empty.lapsed'), description: t('portfolio.empty.lapsedText') };
    case 'renewed':
      return { title: t('portfolio.empty.renewed'), description: t('portfolio.empty.renewedText') };
    case 'cancelled':
      return { title: t('portfolio.empty.cancelled'), description: t('portfolio.empty.cancelledText') };
  }
}

/** Why the list is empty, in plain words: a title, and the filters that are on. */
export function emptyText(f: PortfolioFilters, team: boolean): { title: string; description: string } {
  if (!hasFilters(f)) {
    return team
      ? { title: i18n.t('portfolio.empty.team'), description: i18n.t('portfolio.empty.teamText') }
      : { title: i18n.t('portfolio.empty.own'), description: i18n.t('portfolio.empty.ownText') };
  }
  if (f.status && f.within === null && !f.q) return statusEmpty(f.status);
  const on = [
    f.status ? i18n.t('portfolio.empty.onStatus', { status: POLICY_STATUS_LABELS[f.status] }) : null,
    f.within !== null ? i18n.t('portfolio.empty.onExpiring', { n: f.within }) : null,
    f.q ? i18n.t('portfolio.empty.onSearch', { q: f.q }) : null,
  ].filter(Boolean);
  return { title: i18n.t('portfolio.empty.filtered'), description: `${on.join(' · ')}.` };
}
