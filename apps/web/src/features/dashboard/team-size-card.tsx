import { Users } from 'lucide-react';
import { TEAM_COUNT_NOTE } from '@ahente/contract/members';
import { useTeamSize } from '../../api/members';
import { useCurrentUser } from '../../api/session';
import { CardSection } from '../../ui/card';
import { Totals } from '../../ui/stats';
import { CardLink } from './card-link';

const count = (n: number | undefined) => (n ?? 0).toLocaleString('en-PH');

/**
 * The dashboard's Team Size card (decision 021): the agent's counted recruits and team members
 * (Approved, active), the figures Recruitment and Performance Reports show, and apart from them
 * the recruits awaiting approval, whom Recruitment lists with their status.
 */
export function TeamSizeCard({ className }: { className?: string }) {
  const user = useCurrentUser();
  const team = useTeamSize(user.user);
  const pending = team.data?.pending ?? 0;
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
      {team.isSuccess && (
        <p className="mt-2 text-xs text-slate-500">
          {TEAM_COUNT_NOTE}
          {pending > 0 && (
            <>
              {' '}
              <strong className="font-medium text-slate-700">
                {count(pending)} {pending === 1 ? 'recruit' : 'recruits'} awaiting approval.
              </strong>
            </>
          )}
        </p>
      )}
      <CardLink to="/recruitment">View recruits</CardLink>
    </CardSection>
  );
}
