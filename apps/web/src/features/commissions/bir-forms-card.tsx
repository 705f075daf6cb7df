import { CalendarClock, FileSpreadsheet, FileText, ReceiptText, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { formatRate } from '@ahente/contract/commissions';
import { todayInManila } from '@ahente/contract/dates';
import { MSG } from '@ahente/contract/messages';
import { formatPeso } from '@ahente/contract/money';
import { form2307Deadline, quarterOf, QUARTERS, type WithheldIncome } from '@ahente/contract/tax';
import { serverReason } from '../../api/client';
import { downloadAlphalistDat, downloadAlphalistXlsx, useAlphalist } from './tax-api';
import { formatCalendarDate } from '../../lib/dates';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Field } from '../../ui/field';
import { Select } from '../../ui/select';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { memberIdText } from '@ahente/contract/labels';

const COLUMNS = 6;
/** How many years back the year can be chosen. */
const YEARS_BACK = 5;

/** The quarter that ended last before `today`'s (in Q1, the previous year's Q4). */
function lastEndedQuarter(today: string): { year: number; quarter: number } {
  const { year, quarter } = quarterOf(today.slice(0, 7));
  return quarter === 1 ? { year: year - 1, quarter: 4 } : { year, quarter: quarter - 1 };
}

type Format = 'xlsx' | 'dat';

/**
 * Withholding tax for the BIR (decision 019): a quarter's alphalist of payees (TIN, name, ATC,
 * rate, the income paid and the tax withheld), its totals and the payees without a TIN on file; the
 * alphalist as an .xlsx and as the .DAT file BIR's alphalist module reads for the 1601-EQ; and the
 * day each payee's BIR Form 2307 for the quarter is due. The quarter shown is the last one that
 * ended, or any before it, or the current one.
 */
export function BirFormsCard({ id }: { id?: string }) {
  const [today] = useState(todayInManila);
  const current = quarterOf(today.slice(0, 7));
  const [chosen, setChosen] = useState(() => lastEndedQuarter(today));
  const { year, quarter } = chosen;
  const alphalist = useAlphalist(year, quarter);
  const rows = alphalist.data?.rows ?? [];
  const [busy, setBusy] = useState<Format | null>(null);
  const busyRef = useRef(false);
  const deadline = form2307Deadline(year, quarter);
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, i) => current.year - i);
  // A quarter after the current one has nothing to show.
  const lastQuarter = year === current.year ? current.quarter : 4;

  const onYear = (next: number) => setChosen({ year: next, quarter: next === current.year ? Math.min(quarter, current.quarter) : quarter });

  const onDownload = async (format: Format) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(format);
    try {
      await (format === 'xlsx' ? downloadAlphalistXlsx(year, quarter) : downloadAlphalistDat(year, quarter));
      toast.success(MSG.fileDownloaded);
    } catch (error) {
      const reason = serverReason(error);
      const what = format === 'xlsx' ? 'The alphalist (.xlsx)' : 'The alphalist (.DAT)';
      toast.error(reason ? `${what} could not be downloaded: ${reason}` : `${what} could not be downloaded. Please try again.`);
    } finally {
      busyRef.current = false;
      setBusy(null);
    }
  };

  return (
    <div id={id} className="scroll-mt-6">
      <CardSection
        title="Withholding tax: BIR Form 2307 and alphalist"
        description="Each quarter, every payee gets a BIR Form 2307 of the tax withheld from their commissions, and the alphalist of payees goes with the 1601-EQ."
        icon={<ReceiptText />}
        bodyClassName="px-0! pb-0!"
        className="overflow-hidden"
      >
        <div className="flex flex-col gap-4 border-b border-slate-100 px-5 pb-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div className="grid grid-cols-2 gap-3 sm:w-72">
              <Field label="Year">
                <Select
                  value={String(year)}
                  options={years.map((y) => ({ value: String(y), label: String(y) }))}
                  onChange={(e) => onYear(Number(e.target.value))}
                />
              </Field>
              <Field label="Quarter">
                <Select
                  value={String(quarter)}
                  options={QUARTERS.map((q) => ({ value: String(q), label: `Q${q}`, disabled: q > lastQuarter }))}
                  onChange={(e) => setChosen({ year, quarter: Number(e.target.value) })}
                />
              </Field>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => void onDownload('xlsx')} loading={busy === 'xlsx'} disabled={rows.length === 0}>
                {busy !== 'xlsx' && <FileSpreadsheet aria-hidden="true" />}
                Download Alphalist (.xlsx)
              </Button>
              <Button variant="outline" onClick={() => void onDownload('dat')} loading={busy === 'dat'} disabled={rows.length === 0}>
                {busy !== 'dat' && <FileText aria-hidden="true" />}
                Download Alphalist (.DAT)
              </Button>
            </div>
          </div>
          <p className="flex items-start gap-2 text-sm text-slate-700">
            <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            <span>
              BIR Form 2307 for Q{quarter} {year} is due to each payee by{' '}
              <time dateTime={deadline} className="font-semibold whitespace-nowrap text-slate-900">
                {formatCalendarDate(deadline)}
              </time>
              .
            </span>
          </p>
        </div>
        {alphalist.data && alphalist.data.missing_tin > 0 && (
          <p className="flex items-center gap-2 border-b border-slate-100 bg-amber-50 px-5 py-2 text-sm text-amber-900">
            <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-amber-600" />
            {alphalist.data.missing_tin === 1
              ? '1 payee has no TIN on file: the BIR’s files need one. They add it in Personal Details.'
              : `${alphalist.data.missing_tin} payees have no TIN on file: the BIR’s files need one. They add it in Personal Details.`}
          </p>
        )}
        <TableScrollHint>Scroll the table sideways for every column.</TableScrollHint>
        <Table
          caption={`Alphalist of payees, Q${quarter} ${year}`}
          aria-busy={alphalist.isPending || undefined}
          className="[&_td]:px-3 [&_th]:px-3"
        >
          <TableHead>
            <tr>
              <TableHeaderCell>TIN</TableHeaderCell>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>ATC</TableHeaderCell>
              <TableHeaderCell numeric>Rate</TableHeaderCell>
              <TableHeaderCell numeric>Income</TableHeaderCell>
              <TableHeaderCell numeric>Tax</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={COLUMNS}
            query={alphalist}
            loadingLabel="Loading the alphalist…"
            skeletonClassName={(column) => (column === 1 ? 'h-4 w-36' : 'h-4 w-20')}
            errorMessage="The alphalist could not be loaded."
            empty={rows.length === 0}
            emptyIcon={<ReceiptText />}
            emptyTitle="No tax was withheld in this quarter."
          >
            {rows.map((row) => (
              <PayeeRow key={`${row.member_id}-${row.atc}`} row={row} />
            ))}
          </TableBodyStates>
          {alphalist.data && rows.length > 0 && (
            <tfoot className="border-t border-slate-200 bg-slate-50 font-semibold text-slate-900">
              <tr>
                <th scope="row" colSpan={4} className="px-3 py-3 text-left text-sm">
                  Total of {rows.length.toLocaleString('en-PH')} {rows.length === 1 ? 'payee line' : 'payee lines'}
                  <span aria-hidden="true" className="block text-xs font-normal whitespace-nowrap text-slate-600 md:hidden">
                    Tax {formatPeso(alphalist.data.tax)} on {formatPeso(alphalist.data.income)}
                  </span>
                </th>
                <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">{formatPeso(alphalist.data.income)}</td>
                <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">{formatPeso(alphalist.data.tax)}</td>
              </tr>
            </tfoot>
          )}
        </Table>
      </CardSection>
    </div>
  );
}

function PayeeRow({ row }: { row: WithheldIncome }) {
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap tabular-nums">
        {row.tin ?? (
          <Badge tone="warning">
            <TriangleAlert aria-hidden="true" className="size-3.5" />
            No TIN on file
          </Badge>
        )}
      </TableCell>
      <TableCell className="min-w-40 font-medium text-slate-900">
        {row.member_name}
        <span className="block text-xs font-normal text-slate-500">{memberIdText(row.member_id)}</span>
        {/* On a phone the income and the tax are off to the side: repeated here (read once, from their columns). */}
        <span aria-hidden="true" className="block text-xs font-normal whitespace-nowrap text-slate-600 md:hidden">
          Tax {formatPeso(row.tax)} on {formatPeso(row.income)}
        </span>
      </TableCell>
      <TableCell className="whitespace-nowrap">{row.atc}</TableCell>
      <TableCell numeric className="whitespace-nowrap">
        {formatRate(row.rate)}
      </TableCell>
      <TableCell numeric className="whitespace-nowrap">
        {formatPeso(row.income)}
      </TableCell>
      <TableCell numeric className="font-medium whitespace-nowrap text-slate-900">
        {formatPeso(row.tax)}
      </TableCell>
    </TableRow>
  );
}
