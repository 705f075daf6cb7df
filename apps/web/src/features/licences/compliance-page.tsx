import { FilePlus2 } from 'lucide-react';
import { useCompliance } from './api';
import { CardSection } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { EarningsCard, ExpiringCard, TrainingComplianceCard, UnlicensedSellersCard } from './compliance-tables';
import { HeldCommissionsCard } from './held-commissions-card';
import { LicenceForm } from './licence-form';
import { VerifyLicencesCard } from './verify-licences-card';

/**
 * /admin/compliance, the Admin Panel's 'Compliance' tab (decision 018): RA 10607 s.307 forbids
 * paying commission to anyone without an Insurance Commission licence. Licences to verify (with
 * their scans), licences expiring soon, members selling without a licence, held commissions to
 * release or forfeit, the commission earned per licence term, and a licence added for a member.
 */
export function CompliancePage() {
  const compliance = useCompliance();
  const data = compliance.data;
  const count = (n: number | undefined) => (n === undefined || n === 0 ? '' : ` (${n.toLocaleString('en-PH')})`);
  const sections = [
    { id: 'to-verify', label: `To Verify${count(data?.to_verify.length)}` },
    { id: 'expiring', label: `Expiring Soon${count(data?.expiring.length)}` },
    { id: 'unlicensed', label: `Without a Licence${count(data?.unlicensed_sellers.length)}` },
    { id: 'training', label: 'Required Training' },
    { id: 'held', label: `Held Commissions${count(data?.held.length)}` },
    { id: 'earnings', label: 'Per Licence Term' },
    { id: 'add-licence', label: 'Add a Licence' },
  ];

  return (
    <>
      <PageHeader
        title="Compliance"
        description="Insurance Commission licences and the commissions held for want of one: only licensed earners are paid (RA 10607 s.307)."
      />
      <nav aria-label="Sections of this page" className="-mt-2 mb-5 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {sections.map((s) => (
          <a
            key={s.id}
            href={`#${s.id}`}
            className="inline-flex min-h-6 items-center font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            {s.label}
          </a>
        ))}
      </nav>
      <div className="flex flex-col gap-5">
        <VerifyLicencesCard id="to-verify" />
        <ExpiringCard id="expiring" />
        <UnlicensedSellersCard id="unlicensed" />
        <TrainingComplianceCard id="training" />
        <HeldCommissionsCard id="held" />
        <EarningsCard id="earnings" />
        <div id="add-licence" className="scroll-mt-6">
          <CardSection
            title="Add a Licence for a Member"
            icon={<FilePlus2 />}
            description="For a licence the agency has checked already (a member who cannot upload, or an adopting agency’s records): it is saved verified; an administrator’s own waits for another administrator."
          >
            <LicenceForm mode="admin" />
          </CardSection>
        </div>
      </div>
    </>
  );
}
