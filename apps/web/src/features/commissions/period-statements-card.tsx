import { CircleAlert, FileSpreadsheet, ScrollText } from 'lucide-react';
import { useRef, useState } from 'react';
import type { PeriodRecord, StatementRecord } from '@ahente/contract/commissions';
import { MSG } from '@ahente/contract/messages';
import { downloadPayouts, usePeriodStatements } from '../../api/commissions';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Field } from '../../ui/field';
import { Select } from '../../ui/select';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { Amount, PaidBadge, PaymentDetails } from './commission-format';
import { formatMonth } from '@ahente/contract/dates';
import { MarkPaidModal } from './mark-paid-modal';

const COLUMNS = 6;
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
 * A closed month's statements (issue 12): each member's total, whether they have bank details on
 * file (a member without is flagged, never left out), paid or not, and Mark Paid; and the month's
 * payout file for the bank (.xlsx, made by the server).
 */
export function PeriodStatementsCard({ id, closed, period, onPeriod }: PeriodStatementsCardProps) {
  const statements = usePeriodStatements(period);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [exporting, setExporting] = useState(false);
  const exportingRef = useRef(false);
  const rows = statements.data ?? [];
  const noBank = rows.filter((s) => s.has_bank_details === false).length;

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
        description="A closed month's statements: mark each one paid once the payout is made."
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
              <Button variant="outline" onClick={() => void onExport()} loading={exporting} disabled={rows.length === 0}>
                {!exporting && <FileSpreadsheet aria-hidden="true" />}
                Export Payouts (.xlsx)
              </Button>
            </div>
            {noBank > 0 && (
              <p className="flex items-center gap-2 border-b border-slate-100 bg-amber-50 px-5 py-2 text-sm text-amber-900">
                <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-amber-600" />
                {noBank === 1
                  ? '1 member has no bank details on file: their payout needs an account first.'
                  : `${noBank} members have no bank details on file: their payouts need an account first.`}
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
                  <TableHeaderCell numeric>Total</TableHeaderCell>
                  <TableHeaderCell>Bank Details</TableHeaderCell>
                  <TableHeaderCell>Status</TableHeaderCell>
                  <TableHeaderCell>Payment</TableHeaderCell>
                  <TableHeaderCell sticky>Action</TableHeaderCell>
                </tr>
              </TableHead>
              <TableBodyStates
                columns={COLUMNS}
                query={statements}
                loadingLabel="Loading statements…"
                skeletonClassName={(column) => (column === 0 || column === 2 ? 'h-4 w-32' : 'h-4 w-16')}
                errorMessage="The statements could not be loaded."
                empty={rows.length === 0}
                emptyIcon={<ScrollText />}
                emptyTitle="No statements for this month"
              >
                {rows.map((statement) => (
                  <TableRow key={statement.id}>
                    <TableCell className="min-w-36 font-medium text-slate-900">
                      {statement.member_name}
                      <span className="block text-xs font-normal text-slate-500">
                        ID {statement.member_id} · {statement.entry_count} {statement.entry_count === 1 ? 'entry' : 'entries'}
                      </span>
                      {/* On a phone the bank column is off to the side: its flag is repeated here (read once, from its column). */}
                      {statement.has_bank_details === false && (
                        <span aria-hidden="true" className="mt-1 block md:hidden">
                          <Badge tone="warning">No bank details</Badge>
                        </span>
                      )}
                    </TableCell>
                    <TableCell numeric className="font-medium whitespace-nowrap">
                      <Amount value={statement.total} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {statement.has_bank_details === false ? (
                        <Badge tone="warning">
                          <CircleAlert aria-hidden="true" className="size-3.5" />
                          No bank details on file
                        </Badge>
                      ) : (
                        <span className="text-slate-600">On file</span>
                      )}
                    </TableCell>
                    <TableCell>
                      <PaidBadge paidOn={statement.paid_on} />
                    </TableCell>
                    <TableCell className="min-w-36">
                      <PaymentDetails paidOn={statement.paid_on} reference={statement.paid_reference} />
                    </TableCell>
                    <TableCell sticky>
                      {statement.paid_on === null ? (
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setDialog((current) => ({ statement, open: true, seq: (current?.seq ?? 0) + 1 }))}
                        >
                          Mark Paid<span className="sr-only">{` for ${statement.member_name}`}</span>
                        </Button>
                      ) : (
                        <span className="text-sm text-slate-500">Paid</span>
                      )}
                    </TableCell>
                  </TableRow>
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
