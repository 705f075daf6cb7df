import { CircleAlert, FileSpreadsheet, ScrollText } from 'lucide-react';
import { useRef, useState } from 'react';
import { formatRate, type PeriodRecord, type StatementRecord } from '@ahente/contract/commissions';
import { formatMonth } from '@ahente/contract/dates';
import { MSG } from '@ahente/contract/messages';
import { downloadPayouts, usePeriodStatements } from './api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Dash } from '../../ui/dash';
import { EmptyState } from '../../ui/empty-state';
import { Field } from '../../ui/field';
import { Select } from '../../ui/select';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { Amount, PaidBadge, PaymentDetails } from './commission-format';
import { memberIdText } from '@ahente/contract/labels';
import { MarkPaidModal } from './mark-paid-modal';

const COLUMNS = 8;
/** The open (or closing) Mark Paid dialog; `seq` gives each opening a fresh form. */
type Dialog = { statement: StatementRecord; open: boolean; seq: number };

interface PeriodStatementsCardProps {
  id?: string;
  /** The closed months, newest first. */
  closed: readonly PeriodRecord[];
  /** The month shown, or null when none is closed yet. */
  period: string | null;
  onPeriod: (period: string) => void;
}

/**
 * A closed month's statements (decisions 016 and 019): each member's balance brought forward,
 * gross, the tax withheld (rate and ATC) and net; whether they have bank details on file (a member
 * without is flagged, never left out); paid, unpaid or carried forward (a net below the minimum
 * payout or below zero opens the member's next statement, and is never marked paid); Mark Paid; and
 * the month's payout file for the bank (.xlsx, made by the server: the statements with a net to
 * pay).
 */
export function PeriodStatementsCard({ id, closed, period, onPeriod }: PeriodStatementsCardProps) {
  const statements = usePeriodStatements(period);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [exporting, setExporting] = useState(false);
  const exportingRef = useRef(false);
  const rows = statements.data ?? [];
  const toPay = rows.filter((s) => !s.carried);
  const noBank = toPay.filter((s) => s.paid_on === null && s.has_bank_details === false).length;
  const month = closed.find((p) => p.period === period);

  const onExport = async () => {
    if (!period || exportingRef.current) return;
    exportingRef.current = true;
    setExporting(true);
    try {
      await downloadPayouts(period);
      toast.success(MSG.fileDownloaded);
    } catch {
      toast.error('The payout file could not be exported. Please try again.');
    } finally {
      exportingRef.current = false;
      setExporting(false);
    }
  };

  return (
    <div id={id} className="scroll-mt-6">
      <CardSection
        title="Statements"
        description="A closed month's statements: mark each one paid once the payout is made. A net below the minimum payout, or below zero, is carried forward to the member's next statement."
        icon={<ScrollText />}
        bodyClassName="px-0! pb-0!"
        className="overflow-hidden"
      >
        {period === null ? (
          <EmptyState
            icon={<ScrollText />}
            title="No month has been closed yet"
            description="Close a month above: its statements appear here."
            className="border-t border-slate-100"
          />
        ) : (
          <>
            <div className="flex flex-col gap-3 border-b border-slate-100 px-5 pb-4 sm:flex-row sm:items-end sm:justify-between">
              <Field label="Month" className="sm:w-56">
                <Select
                  value={period}
                  options={closed.map((p) => ({ value: p.period, label: formatMonth(p.period) }))}
                  onChange={(e) => onPeriod(e.target.value)}
                />
              </Field>
              <div className="flex flex-col gap-1 sm:items-end">
                <Button
                  variant="outline"
                  onClick={() => void onExport()}
                  loading={exporting}
                  disabled={toPay.length === 0}
                  className="self-start sm:self-auto"
                >
                  {!exporting && <FileSpreadsheet aria-hidden="true" />}
                  Export Payouts (.xlsx)
                </Button>
                <p className="text-xs text-slate-500">The statements with a net to pay, for the bank.</p>
              </div>
            </div>
            {month && <MonthFigures month={month} />}
            <ColumnsHelp />
            {noBank > 0 && (
              <p className="flex items-center gap-2 border-b border-slate-100 bg-amber-50 px-5 py-2 text-sm text-amber-900">
                <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-amber-600" />
                {noBank === 1
                  ? '1 member to pay has no bank details on file: their payout needs an account first.'
                  : `${noBank} members to pay have no bank details on file: their payouts need an account first.`}
              </p>
            )}
            <TableScrollHint>Scroll the table sideways for every column; the actions stay at the right.</TableScrollHint>
            <Table
              caption={`Statements of ${formatMonth(period)}`}
              aria-busy={statements.isPending || undefined}
              className="[&_td]:px-3 [&_th]:px-3"
            >
              <TableHead>
                <tr>
                  <TableHeaderCell>Member</TableHeaderCell>
                  <TableHeaderCell numeric className="whitespace-normal!">
                    Brought Forward
                  </TableHeaderCell>
                  <TableHeaderCell numeric>Gross</TableHeaderCell>
                  <TableHeaderCell numeric className="whitespace-normal!">
                    Withholding Tax
                  </TableHeaderCell>
                  <TableHeaderCell numeric>Net</TableHeaderCell>
                  <TableHeaderCell>Bank Details</TableHeaderCell>
                  <TableHeaderCell>Status</TableHeaderCell>
                  <TableHeaderCell sticky>Action</TableHeaderCell>
                </tr>
              </TableHead>
              <TableBodyStates
                columns={COLUMNS}
                query={statements}
                loadingLabel="Loading statements…"
                skeletonClassName={(column) => (column === 0 || column === 5 ? 'h-4 w-32' : 'h-4 w-16')}
                errorMessage="The statements could not be loaded."
                empty={rows.length === 0}
                emptyIcon={<ScrollText />}
                emptyTitle="No statements for this month"
              >
                {rows.map((statement) => (
                  <StatementRow
                    key={statement.id}
                    statement={statement}
                    onMarkPaid={() => setDialog((current) => ({ statement, open: true, seq: (current?.seq ?? 0) + 1 }))}
                  />
                ))}
              </TableBodyStates>
            </Table>
          </>
        )}
      </CardSection>

      {dialog && (
        <MarkPaidModal
          key={dialog.seq}
          statement={dialog.statement}
          open={dialog.open}
          onOpenChange={(open) => !open && setDialog((current) => (current ? { ...current, open: false } : current))}
        />
      )}
    </div>
  );
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-PH')} ${n === 1 ? one : many}`;

/**
 * The month's totals as two sums that reconcile on screen (decisions 016 and 019): brought forward
 * + gross − tax withheld = net, over every statement; and that net split into what is to pay (the
 * payout file's total, with how many are paid) and what is carried forward (nets below the minimum
 * payout or below zero, never paid this month). All from the server's periods list.
 */
function MonthFigures({ month }: { month: PeriodRecord }) {
  const toPay = month.statements - month.carried;
  const sums: { operator: string; label: string; value: number; note?: string }[][] = [
    [
      { operator: '', label: 'Brought forward', value: month.statements_brought_forward },
      { operator: '+', label: 'Gross', value: month.statements_gross },
      { operator: '−', label: 'Tax withheld', value: month.statements_tax },
      { operator: '=', label: 'Net', value: month.statements_net },
    ],
    [
      { operator: '', label: 'Net', value: month.statements_net },
      {
        operator: '=',
        label: 'To pay',
        value: month.statements_to_pay,
        note: `${count(toPay, 'statement', 'statements')}, ${month.paid.toLocaleString('en-PH')} paid`,
      },
      {
        operator: '+',
        label: 'Carried forward',
        value: month.carried_net,
        note: count(month.carried, 'statement', 'statements'),
      },
    ],
  ];
  return (
    <div
      role="group"
      aria-label={`Totals of ${formatMonth(month.period)}`}
      className="flex flex-col gap-2 border-b border-slate-100 px-5 py-3 text-sm"
    >
      {sums.map((sum, i) => (
        <dl key={i} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          {sum.map((f) => (
            <div key={f.label} className="flex items-baseline gap-1.5 whitespace-nowrap">
              {f.operator && (
                <span aria-hidden="true" className="w-3 text-center text-slate-400">
                  {f.operator}
                </span>
              )}
              <dt className="text-slate-500">{f.label}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">
                <Amount value={f.value} />
                {f.note && <span className="text-xs font-normal text-slate-500"> ({f.note})</span>}
              </dd>
            </div>
          ))}
        </dl>
      ))}
    </div>
  );
}

/** What each column says, where the columns are shown (decisions 016 and 019). */
function ColumnsHelp() {
  const terms = [
    ['Brought forward', "the net of the member's previous statement, when it was carried forward instead of paid."],
    ['Gross', "the month's payable commission entries."],
    ['Withholding tax', "the member's rate (5% or 10%) of a positive gross; nothing on a zero or negative gross."],
    [
      'Net',
      'brought forward + gross − withholding tax: what the member is paid. Below the minimum payout, or below zero, it is carried forward to their next statement and left out of To pay.',
    ],
  ] as const;
  return (
    <dl aria-label="What the columns mean" className="space-y-0.5 border-b border-slate-100 px-5 py-2.5 text-xs text-slate-600">
      {terms.map(([term, meaning]) => (
        <div key={term}>
          <dt className="inline font-semibold text-slate-700">{term}:</dt> <dd className="inline">{meaning}</dd>
        </div>
      ))}
    </dl>
  );
}

function StatementRow({ statement, onMarkPaid }: { statement: StatementRecord; onMarkPaid: () => void }) {
  const payable = !statement.carried && statement.paid_on === null;
  return (
    <TableRow>
      <TableCell className="min-w-36 font-medium text-slate-900">
        {statement.member_name}
        <span className="block text-xs font-normal text-slate-500">
          {memberIdText(statement.member_id)} · {statement.entry_count} {statement.entry_count === 1 ? 'entry' : 'entries'}
        </span>
        {/* On a phone the net, the status and the bank columns are off to the side: repeated here (read once, from their columns). */}
        <span aria-hidden="true" className="mt-1 flex flex-wrap items-center gap-1.5 md:hidden">
          <span className="text-xs font-normal whitespace-nowrap text-slate-600">
            Net <Amount value={statement.net} />
          </span>
          {statement.carried ? (
            <Badge tone="info">Carried forward</Badge>
          ) : (
            <Badge tone={statement.paid_on ? 'success' : 'warning'}>{statement.paid_on ? 'Paid' : 'Unpaid'}</Badge>
          )}
          {statement.has_bank_details === false && <Badge tone="warning">No bank details</Badge>}
        </span>
      </TableCell>
      <TableCell numeric className="whitespace-nowrap">
        <Amount value={statement.brought_forward} />
      </TableCell>
      <TableCell numeric className="whitespace-nowrap">
        <Amount value={statement.gross} />
      </TableCell>
      <TableCell numeric className="whitespace-nowrap">
        <Amount value={statement.withholding_tax} />
        {statement.atc !== '' && (
          <span className="block text-xs text-slate-500">
            {formatRate(statement.withholding_rate)} · {statement.atc}
          </span>
        )}
      </TableCell>
      <TableCell numeric className="font-semibold whitespace-nowrap text-slate-900">
        <Amount value={statement.net} />
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {statement.has_bank_details === false ? (
          <Badge tone="warning">
            <CircleAlert aria-hidden="true" className="size-3.5" />
            Not on file
          </Badge>
        ) : (
          <span className="text-slate-600">On file</span>
        )}
      </TableCell>
      <TableCell className="min-w-32">
        {statement.carried ? (
          <>
            <Badge tone="info" dot>
              Carried forward
            </Badge>
            <span className="mt-1 block text-xs text-slate-500">To the next statement</span>
          </>
        ) : (
          <>
            <PaidBadge paidOn={statement.paid_on} />
            {statement.paid_on !== null && (
              <span className="mt-1 block text-xs">
                <PaymentDetails paidOn={statement.paid_on} reference={statement.paid_reference} />
              </span>
            )}
          </>
        )}
      </TableCell>
      <TableCell sticky>
        {payable ? (
          <Button size="sm" variant="secondary" onClick={onMarkPaid}>
            Mark Paid<span className="sr-only">{` for ${statement.member_name}`}</span>
          </Button>
        ) : statement.carried ? (
          <Dash />
        ) : (
          <span className="text-sm text-slate-500">Paid</span>
        )}
      </TableCell>
    </TableRow>
  );
}
