import { CircleDollarSign } from 'lucide-react';
import { formatPeso } from '@ahente/contract/money';
import { useCommissionSummary } from '../../api/commissions';
import { useCurrentUser } from '../../api/session';
import { CardSection } from '../../ui/card';
import { Totals } from '../../ui/stats';
import { CardLink } from './card-link';

const peso = (value: number | undefined) => formatPeso(value ?? 0);

/**
 * The dashboard's Commissions card: what the member earned this month and what is still to be paid,
 * and apart from them what awaits the verification of its sale and what is held for a licence (issue 20).
 */
export function CommissionsCard({ className }: { className?: string }) {
  const user = useCurrentUser();
  const summary = useCommissionSummary(user.user);
  return (
    <CardSection title="Commissions" icon={<CircleDollarSign />} className={className} aria-busy={summary.isPending || undefined}>
      <Totals
        query={summary}
        loadingLabel="Loading commissions…"
        errorMessage="Your commissions could not be loaded."
        figures={[
          { label: 'Earned This Month', value: peso(summary.data?.earned_this_month) },
          { label: 'Pending', value: peso(summary.data?.pending) },
          { label: 'Awaiting verification', value: peso(summary.data?.awaiting) },
          { label: 'Held', value: peso(summary.data?.held) },
        ]}
      />
      <CardLink to="/commissions">View commissions</CardLink>
    </CardSection>
  );
}
