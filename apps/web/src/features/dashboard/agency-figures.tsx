import { CircleDollarSign, TrendingUp, Users } from 'lucide-react';
import { formatPeso } from '@ahente/contract/money';
import { COUNTED_SALES_NOTE } from '@ahente/contract/sales';
import { useAgencySummary } from '../../api/reports';
import { CardSection } from '../../ui/card';
import { Totals } from '../../ui/stats';
import { CardLink } from './card-link';

const count = (n: number | undefined) => (n ?? 0).toLocaleString('en-PH');
/** Three cards side by side from `lg`: each card's tiles one above the other, so figures keep their size. */
const STACKED = 'lg:grid-cols-1';

/** 'November 2026' for '2026-11'. */
export function monthName(month: string): string {
  return new Intl.DateTimeFormat('en-PH', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

/**
 * The admin's dashboard figures (issue 22 §3, decision 021), from one request: the agency's members
 * and the sign-ups awaiting approval (linked to the Members Record's Pending filter), and this
 * month's counted sales and the commissions every member earned this month.
 */
export function AgencyFigures() {
  const summary = useAgencySummary();
  const data = summary.data;
  const busy = summary.isPending || undefined;
  const month = data ? monthName(data.month) : 'This month';
  const pending = data?.pending ?? 0;
  return (
    <>
      <CardSection title="Members" icon={<Users />} className="min-w-0" aria-busy={busy}>
        <Totals
          query={summary}
          loadingLabel="Loading the agency's members…"
          errorMessage="The agency's members could not be loaded."
          listClassName={STACKED}
          figures={[
            { label: 'Approved Agents', value: count(data?.members) },
            { label: 'Pending Approval', value: count(data?.pending) },
          ]}
        />
        <p className="mt-2 text-xs text-slate-500">Approved, active agents; administrators are not counted.</p>
        {pending > 0 ? (
          <CardLink to="/admin/adminmembers?status=Pending">
            {`Review ${count(pending)} pending ${pending === 1 ? 'member' : 'members'}`}
          </CardLink>
        ) : (
          <CardLink to="/admin/adminmembers">View members</CardLink>
        )}
      </CardSection>
      <CardSection title="Sales This Month" description={month} icon={<TrendingUp />} className="min-w-0" aria-busy={busy}>
        <Totals
          query={summary}
          loadingLabel="Loading this month's sales…"
          errorMessage="This month's sales could not be loaded."
          listClassName={STACKED}
          figures={[
            { label: 'Sales Count', value: count(data?.sales.count) },
            { label: 'Total Sales', value: formatPeso(data?.sales.tcv ?? 0) },
          ]}
        />
        <p className="mt-2 text-xs text-slate-500">By effective date. {COUNTED_SALES_NOTE}</p>
        <CardLink to="/reports?scope=agency">View reports</CardLink>
      </CardSection>
      <CardSection title="Commissions This Month" description={month} icon={<CircleDollarSign />} className="min-w-0" aria-busy={busy}>
        <Totals
          query={summary}
          loadingLabel="Loading this month's commissions…"
          errorMessage="This month's commissions could not be loaded."
          listClassName="*:col-span-full"
          figures={[{ label: 'Earned This Month', value: formatPeso(data?.commissions ?? 0) }]}
        />
        <p className="mt-2 text-xs text-slate-500">What every member earned this month, as their Commissions page says.</p>
        <CardLink to="/admin/admincommissions">View commissions</CardLink>
      </CardSection>
    </>
  );
}
