import { CircleDollarSign } from 'lucide-react';
import { formatPeso } from '@ahente/contract/money';
import { useCommissionSummary } from '../commissions';
import { useCurrentUser } from '../../api/session';
import { CardSection } from '../../ui/card';
import { Totals } from '../../ui/stats';
import { CardLink } from './card-link';
import { useLanguage } from '../../i18n';

const peso = (value: number | undefined) => () => formatPeso(value ?? 0);

/**
 * The dashboard's Commissions card: what the member earned this month and what is still to be paid,
 * and apart from them what awaits the verification of its sale and what is held for a licence
 * (decision 018). Pending is net, what the member will receive, with its gross and tax (and a
 * balance brought forward) under it: the summary's figures, as Commission Tracking and the
 * statements show them (decisions 016 and 019).
 */
export function CommissionsCard({ className }: { className?: string }) {
  const user = useCurrentUser();
  const summary = useCommissionSummary(user.memberId);
  const { t } = useLanguage();
  return (
    <CardSection
      title={t('dashboard.commissions')}
      icon={<CircleDollarSign />}
      className={className}
      aria-busy={summary.isPending || undefined}
    >
      <Totals
        query={summary}
        loadingLabel={t('dashboard.loadingCommissions')}
        errorMessage={t('dashboard.commissionsFailed')}
        figures={[
          { label: t('dashboard.earnedThisMonth'), value: peso(summary.data?.earned_this_month) },
          {
            label: t('dashboard.pending'),
            value: peso(summary.data?.pending_net),
            detail: () => {
              const s = summary.data;
              if (!s) return [];
              return [
                ...(s.pending_brought_forward !== 0
                  ? [{ label: t('dashboard.broughtForward'), value: formatPeso(s.pending_brought_forward) }]
                  : []),
                { label: t('dashboard.gross'), value: formatPeso(s.pending) },
                { label: t('dashboard.taxWithheld'), value: formatPeso(s.pending_tax) },
              ];
            },
          },
          { label: t('dashboard.awaiting'), value: peso(summary.data?.awaiting) },
          { label: t('dashboard.held'), value: peso(summary.data?.held) },
        ]}
      />
      <CardLink to="/commissions">{t('dashboard.viewCommissions')}</CardLink>
    </CardSection>
  );
}
