import { Users } from 'lucide-react';
import { useTeamSize } from '../../api/members';
import { useCurrentUser } from '../../api/session';
import { CardSection } from '../../ui/card';
import { Totals } from '../../ui/stats';

const count = (n: number | undefined) => (n ?? 0).toLocaleString('en-PH');

/** The dashboard's Team Size card: the agent's Approved direct recruits and whole downline. */
export function TeamSizeCard({ className }: { className?: string }) {
  const user = useCurrentUser();
  const team = useTeamSize(user.user);
  return (
    <CardSection title="Team Size" icon={<Users />} className={className} aria-busy={team.isPending || undefined}>
      <Totals
        query={team}
        loadingLabel="Loading team size…"
        errorMessage="Your team size could not be loaded."
        figures={[
          { label: 'Direct Recruits', value: count(team.data?.direct) },
          { label: 'Whole Team', value: count(team.data?.downline) },
        ]}
      />
    </CardSection>
  );
}
