import { useState } from 'react';
import { useCommissionPeriods } from './api';
import { PageHeader } from '../../ui/page-header';
import { AdjustmentsCard } from './adjustments-card';
import { BirFormsCard } from './bir-forms-card';
import { PayoutSettingsCard } from './payout-settings-card';
import { AgencyTaxCard } from './agency-tax-card';
import { PeriodStatementsCard } from './period-statements-card';
import { PeriodsCard } from './periods-card';
import { RatesCards } from './rates-card';
import { WithholdingCard } from './withholding-card';

const SECTIONS = [
  { id: 'monthly-close', label: 'Monthly Close' },
  { id: 'statements', label: 'Statements' },
  { id: 'adjustments', label: 'Adjustments' },
  { id: 'payout-settings', label: 'Payout Settings' },
  { id: 'agency-tax', label: 'Agency Tax Details' },
  { id: 'withholding', label: 'Withholding Tax' },
  { id: 'bir-forms', label: 'BIR Forms' },
  { id: 'schedule', label: 'Rates' },
] as const;

/**
 * /admin/admincommissions, the Admin Panel's 'Commissions' tab (decisions 016 and 019): closing a
 * month and its statements (brought forward, gross, withholding tax and net; paid, unpaid or
 * carried forward; members without bank details flagged; the payout file), adjustments, the payout
 * settings, each member's withholding rate, the quarter's BIR Form 2307 deadline and alphalist, and
 * the schedule of override and product rates with their history.
 */
export function AdminCommissionsPage() {
  const periods = useCommissionPeriods();
  const closed = (periods.data ?? []).filter((p) => p.closed_at !== null);
  // The month whose statements are shown: the one chosen, else the latest closed one.
  const [chosen, setChosen] = useState<string | null>(null);
  const period = chosen && closed.some((p) => p.period === chosen) ? chosen : (closed[0]?.period ?? null);

  const view = (next: string) => {
    setChosen(next);
    document.getElementById('statements')?.scrollIntoView({ block: 'start' });
  };

  return (
    <>
      <PageHeader
        title="Commissions"
        description="Close each month, pay its statements, correct entries, withhold tax for the BIR and keep the commission rates."
      />
      <nav aria-label="Sections of this page" className="mb-5 -mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {SECTIONS.map((s) => (
          <a key={s.id} href={`#${s.id}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            {s.label}
          </a>
        ))}
      </nav>
      <div className="flex flex-col gap-5">
        <PeriodsCard id="monthly-close" onView={view} />
        <PeriodStatementsCard id="statements" closed={closed} period={period} onPeriod={setChosen} />
        <AdjustmentsCard id="adjustments" />
        <PayoutSettingsCard id="payout-settings" />
        <AgencyTaxCard id="agency-tax" />
        <WithholdingCard id="withholding" />
        <BirFormsCard id="bir-forms" />
        <RatesCards id="schedule" />
      </div>
    </>
  );
}
