import { Users } from 'lucide-react';
import { useTeamSize } from '../members';
import { useCurrentUser } from '../../api/session';
import { CardSection } from '../../ui/card';
import { Totals } from '../../ui/stats';
import { CardLink } from './card-link';
import { useLanguage } from '../../i18n';

const count = (n: number | undefined) => () => (n ?? 0).toLocaleString('en-PH');

/**
 * The dashboard's Team Size card (decision 021): the agent's counted recruits and team members
 * (Approved, active), the figures Recruitment and Performance Reports show, and apart from them
 * the recruits awaiting approval, whom Recruitment lists with their status.
 */
export function TeamSizeCard({ className }: { className?: string }) {
  const user = useCurrentUser();
  const team = useTeamSize(user.memberId);
  const pending = team.data?.pending ?? 0;
  const { t } = useLanguage();
  return (
    <CardSection title={t('dashboard.teamSize')} icon={<Users />} className={className} aria-busy={team.isPending || undefined}>
      <Totals
        query={team}
        loadingLabel={t('dashboard.loadingTeam')}
        errorMessage={t('dashboard.teamFailed')}
        figures={[
          { label: t('dashboard.directRecruits'), value: count(team.data?.direct) },
          { label: t('dashboard.wholeTeam'), value: count(team.data?.downline) },
        ]}
      />
      {team.isSuccess && (
        <p className="mt-2 text-xs text-slate-500">
          {t('dashboard.teamCountNote')}
          {pending > 0 && (
            <>
              {' '}
              <strong className="font-medium text-slate-700">{t('dashboard.awaitingApproval', { count: pending })}</strong>
            </>
          )}
        </p>
      )}
      <CardLink to="/recruitment">{t('dashboard.viewRecruits')}</CardLink>
    </CardSection>
  );
}
