import { CircleDollarSign, FileText, Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { MSG } from '@ahente/contract/messages';
import { useCurrentUser } from '../../api/session';
import { PageHeader } from '../../ui/page-header';
import { CardSection } from '../../ui/card';
import { CertificationReminder } from './certification-reminder';
import { ReferralCard } from './referral-card';
import { SalesCard } from './sales-card';
import { TeamSizeCard } from './team-size-card';

/**
 * / (spec §2 Dashboard): Sales, Commissions, Team Size (direct recruits and whole downline),
 * Active Proposals, the referral link, and for agents a reminder of missing certification details.
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const firstName = user.name.trim().split(/\s+/)[0] ?? '';

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={firstName ? `Good to see you, ${firstName}. Here is where your business stands.` : undefined}
      />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-4">
        <CertificationReminder className="col-span-full" />
        <SalesCard className="sm:col-span-2" />
        <ComingSoonCard title="Commissions" icon={<CircleDollarSign />} />
        <TeamSizeCard />
        <ComingSoonCard title="Active Proposals" icon={<FileText />} className="sm:col-span-2 xl:col-span-1" />
        <ReferralCard className="sm:col-span-2 xl:col-span-3" />
      </div>
    </>
  );
}

function ComingSoonCard({ title, icon, className }: { title: string; icon: ReactNode; className?: string }) {
  return (
    <CardSection title={title} icon={icon} className={className}>
      <div className="flex h-full items-end sm:min-h-20">
        <p className="inline-flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-600">
          <Hourglass aria-hidden="true" className="size-3.5" />
          {MSG.comingSoon}
        </p>
      </div>
    </CardSection>
  );
}
