import { FileSpreadsheet, SearchCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { productLabel } from '@ahente/contract/labels';
import { formatPeso } from '@ahente/contract/money';
import { MISSING_DEFAULT_DAYS, MISSING_MAX_DAYS } from '@ahente/contract/reconciliation-rules';
import type { MissingCommissionsRequest } from '@ahente/contract/reconciliation';
import { serverReason } from '../../api/client';
import { formatCalendarDate } from '../../lib/dates';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dash } from '../../ui/dash';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { PageHeader } from '../../ui/page-header';
import { Select } from '../../ui/select';
import { Totals } from '../../ui/stats';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { downloadMissingCommissions, useInsurerOptions, useMissingCommissions } from './api';
import { StatementsNav } from './statements-nav';

const TYPING_DELAY_MS = 300;

/**
 * Admin Panel → Statements → Missing commissions (issue 45 §5): the sales of an insurer (or of every
 * insurer) that no imported statement has paid that many days (60 by default) after their effective
 * date, oldest first, with what the agency expects on each; and the same as an .xlsx.
 */
export function MissingCommissionsPage() {
  const insurers = useInsurerOptions();
  const [insurerId, setInsurerId] = useState('');
  const [daysText, setDaysText] = useState(String(MISSING_DEFAULT_DAYS));
  const [days, setDays] = useState(MISSING_DEFAULT_DAYS);
  const [exporting, setExporting] = useState(false);
  const daysValid = /^\d+$/.test(daysText.trim()) && Number(daysText) <= MISSING_MAX_DAYS;
  useEffect(() => {
    if (!daysValid) return;
    const timer = window.setTimeout(() => setDays(Number(daysText)), TYPING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [daysText, daysValid]);

  const body: MissingCommissionsRequest = { insurer_id: insurerId ? Number(insurerId) : null, older_than_days: days };
  const query = useMissingCommissions(body);
  const rows = query.data?.rows ?? [];
  const count = query.data?.count ?? 0;

  const onExport = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      await downloadMissingCommissions(body);
      toast.success('File Downloaded');
    } catch (error) {
      toast.error(serverReason(error) ?? 'Download failed');
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Missing commissions"
        description="Sales no insurer's statement has paid yet, that many days after their effective date: ask the insurer, or check the policy number."
        actions={
          <Button variant="outline" onClick={() => void onExport()} loading={exporting} disabled={count === 0}>
            {!exporting && <FileSpreadsheet aria-hidden="true" />}
            Download .xlsx
          </Button>
        }
      />
      <StatementsNav />
      <Card className="mb-5 p-4 sm:p-5">
        <form
          role="search"
          aria-label="Missing commissions"
          onSubmit={(e) => e.preventDefault()}
          className="grid grid-cols-1 gap-3 sm:grid-cols-3"
        >
          <Field label="Insurer">
            <Select value={insurerId} onChange={(e) => setInsurerId(e.target.value)}>
              <option value="">All insurers</option>
              {(insurers.data?.insurers ?? []).map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label="Days after the effective date"
            error={daysValid ? undefined : `Days must be a whole number from 0 to ${MISSING_MAX_DAYS}`}
            hint={daysValid ? `Sales effective at least this many days ago (${MISSING_DEFAULT_DAYS} by default).` : undefined}
          >
            <Input inputMode="numeric" value={daysText} onChange={(e) => setDaysText(e.target.value)} maxLength={4} autoComplete="off" />
          </Field>
        </form>
        <Totals
          className="mt-5"
          query={query}
          loadingLabel="Loading totals…"
          errorMessage="The totals could not be loaded."
          listClassName="sm:max-w-xl"
          figures={[
            { label: 'Sales not paid', value: count.toLocaleString('en-PH') },
            { label: 'Expected commission', value: formatPeso(query.data?.expected_total ?? 0) },
          ]}
        />
        {query.data && count > rows.length && (
          <p className="mt-3 text-sm text-slate-600">
            {`Showing the ${rows.length.toLocaleString('en-PH')} oldest of ${count.toLocaleString('en-PH')}. Choose an insurer to reach the rest.`}
          </p>
        )}
      </Card>
      <Card className="overflow-hidden">
        <TableScrollHint>Scroll the table sideways for every column.</TableScrollHint>
        <Table caption="Missing commissions" dense aria-busy={query.isFetching || undefined}>
          <TableHead>
            <tr>
              <TableHeaderCell numeric>Sale</TableHeaderCell>
              <TableHeaderCell>Insurer / Policy Number</TableHeaderCell>
              <TableHeaderCell>Customer</TableHeaderCell>
              <TableHeaderCell>Product</TableHeaderCell>
              <TableHeaderCell>Agent</TableHeaderCell>
              <TableHeaderCell>Effective Date</TableHeaderCell>
              <TableHeaderCell numeric>Days</TableHeaderCell>
              <TableHeaderCell numeric>TCV</TableHeaderCell>
              <TableHeaderCell numeric>Expected</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={9}
            skeletonClassName={() => 'h-4 w-16'}
            query={query}
            loadingLabel="Loading missing commissions…"
            errorMessage="The missing commissions could not be loaded."
            empty={rows.length === 0}
            emptyIcon={<SearchCheck />}
            emptyTitle="No commission missing"
            emptyDescription="Every sale that old is on an insurer's statement."
          >
            {rows.map((r) => (
              <TableRow key={r.sale_id}>
                <TableCell numeric className="text-slate-500">{`#${r.sale_id}`}</TableCell>
                <TableCell className="min-w-32">
                  {r.insurer_name}
                  <span className="block text-xs whitespace-nowrap text-slate-500">{r.policy_number ?? <Dash />}</span>
                </TableCell>
                <TableCell className="min-w-32 font-medium text-slate-900">{r.customer_name}</TableCell>
                <TableCell>{productLabel(r.product)}</TableCell>
                <TableCell>{r.agent_name}</TableCell>
                <TableCell className="whitespace-nowrap">
                  <time dateTime={r.effective_date}>{formatCalendarDate(r.effective_date)}</time>
                </TableCell>
                <TableCell numeric>{r.days.toLocaleString('en-PH')}</TableCell>
                <TableCell numeric>{formatPeso(r.tcv)}</TableCell>
                <TableCell numeric className="font-medium text-slate-900">
                  {r.expected === null ? (
                    <span className="text-xs font-normal text-slate-500">No agency rate</span>
                  ) : (
                    formatPeso(r.expected)
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBodyStates>
        </Table>
      </Card>
    </>
  );
}
