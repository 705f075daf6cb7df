import { FileText } from 'lucide-react';
import { formatPeso } from '@ahente/contract/money';
import { useActiveProposalsSummary } from '../proposals';
import { useCurrentUser } from '../../api/session';
import { CardSection } from '../../ui/card';
import { Totals } from '../../ui/stats';
import { CardLink } from './card-link';
import { useLanguage } from '../../i18n';

/** The dashboard's Active Proposals card (issue 46): the member's sent, unexpired proposals, counted, with their total amount due. */
export function ActiveProposalsCard({ className }: { className?: string }) {
  const user = useCurrentUser();
  const proposals = useActiveProposalsSummary(user.memberId);
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
          { label: t('dashboard.sentProposals'), value: () => (proposals.data?.count ?? 0).toLocaleString('en-PH') },
          { label: t('dashboard.totalAmountDue'), value: () => formatPeso(proposals.data?.amount_due ?? 0) },
        ]}
      />
      <CardLink to="/proposals">{t('dashboard.viewProposals')}</CardLink>
    </CardSection>
  );
}
