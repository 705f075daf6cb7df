import { FileText } from 'lucide-react';
import { formatPeso } from '@ahente/contract/money';
import { useActiveProposals } from '../deals';
import { useCurrentUser } from '../../api/session';
import { CardSection } from '../../ui/card';
import { Totals } from '../../ui/stats';
import { CardLink } from './card-link';
import { useLanguage } from '../../i18n';

/** The dashboard's Active Proposals card: the member's open deals (not sold, not 'Did not Continue'), counted and summed. */
export function ActiveProposalsCard({ className }: { className?: string }) {
  const user = useCurrentUser();
  const proposals = useActiveProposals(user.memberId);
  const { t } = useLanguage();
  return (
    <CardSection
      title={t('dashboard.activeProposals')}
      icon={<FileText />}
      className={className}
      aria-busy={proposals.isPending || undefined}
    >
      <Totals
        query={proposals}
        loadingLabel={t('dashboard.loadingProposals')}
        errorMessage={t('dashboard.proposalsFailed')}
        figures={[
          { label: t('dashboard.openDeals'), value: () => (proposals.data?.count ?? 0).toLocaleString('en-PH') },
          { label: t('common.totalTcv'), value: () => formatPeso(proposals.data?.tcv ?? 0) },
        ]}
      />
      <CardLink to="/deals/dealsview">{t('dashboard.viewDeals')}</CardLink>
    </CardSection>
  );
}
