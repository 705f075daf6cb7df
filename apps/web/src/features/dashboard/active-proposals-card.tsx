import { FileText } from 'lucide-react';
import { formatPeso } from '@ahente/contract/money';
import { useActiveProposals } from '../../api/deals';
import { useCurrentUser } from '../../api/session';
import { CardSection } from '../../ui/card';
import { Totals } from '../../ui/stats';
import { CardLink } from './card-link';

/** The dashboard's Active Proposals card: the member's open deals (not sold, not 'Did not Continue'), counted and summed. */
export function ActiveProposalsCard({ className }: { className?: string }) {
  const user = useCurrentUser();
  const proposals = useActiveProposals(user.user);
  return (
    <CardSection title="Active Proposals" icon={<FileText />} className={className} aria-busy={proposals.isPending || undefined}>
      <Totals
        query={proposals}
        loadingLabel="Loading active proposals…"
        errorMessage="Your active proposals could not be loaded."
        figures={[
          { label: 'Open Deals', value: (proposals.data?.count ?? 0).toLocaleString('en-PH') },
          { label: 'Total TCV', value: formatPeso(proposals.data?.tcv ?? 0) },
        ]}
      />
      <CardLink to="/deals/dealsview">View deals</CardLink>
    </CardSection>
  );
}
