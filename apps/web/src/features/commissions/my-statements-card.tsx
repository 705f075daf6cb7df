import { FileSpreadsheet, FileText, ScrollText } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import type { StatementRecord } from '@ahente/contract/commissions';
import { MSG } from '@ahente/contract/messages';
import { downloadStatement, useCommissionStatements } from '../../api/commissions';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Dash } from '../../ui/dash';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { Amount, PaymentDetails, StatementStatusBadge, withholdingLabel } from './commission-format';
import { formatMonth } from '@ahente/contract/dates';

const COLUMNS = 8;
type Format = 'pdf' | 'xlsx';

/**
 * The member's statements, newest month first: one per closed month, with the balance brought
 * forward from a statement that was carried, the month's gross, the tax withheld (rate and ATC),
 * the net; whether the agency has paid it or carried it forward to the next statement (a net below
 * the minimum payout, or below zero); and its PDF and Excel downloads (issues 12 and 21).
 */
export function MyStatementsCard({ memberId }: { memberId: number }) {
  const statements = useCommissionStatements(memberId);
  const { download, busy } = useStatementDownload();
  const rows = statements.data ?? [];
  return (
    <CardSection
      title="Statements"
      description="One for each month the agency has closed, as a PDF or an Excel workbook. Net = brought forward + gross − tax withheld; a net below the minimum payout, or below zero, is carried forward to your next statement."
      icon={<ScrollText />}
      bodyClassName="px-0! pb-0!"
      className="overflow-hidden"
    >
      <TableScrollHint>Scroll the table sideways for every column; the downloads stay at the right.</TableScrollHint>
      <Table caption="Your statements" aria-busy={statements.isPending || undefined} dense>
        <TableHead>
          <tr>
            <TableHeaderCell>Period</TableHeaderCell>
            <TableHeaderCell numeric>Brought forward</TableHeaderCell>
            <TableHeaderCell numeric>Gross</TableHeaderCell>
            <TableHeaderCell numeric>Withholding tax</TableHeaderCell>
            <TableHeaderCell numeric>Net</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>Payment</TableHeaderCell>
            <TableHeaderCell sticky>Download</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBodyStates
          columns={COLUMNS}
          query={statements}
          loadingLabel="Loading your statements…"
          skeletonClassName={(column) => (column === 0 || column === 6 ? 'h-4 w-28' : 'h-4 w-14')}
          errorMessage="Your statements could not be loaded."
          empty={rows.length === 0}
          emptyIcon={<ScrollText />}
          emptyTitle="No statements yet"
          emptyDescription="A statement appears here once the agency closes a month in which you earned a commission."
        >
          {rows.map((statement) => (
            <TableRow key={statement.id}>
              <TableCell className="font-medium whitespace-nowrap text-slate-900">
                {formatMonth(statement.period)}
                <span className="block text-xs font-normal text-slate-500">
                  {`${statement.entry_count.toLocaleString('en-PH')} ${statement.entry_count === 1 ? 'entry' : 'entries'}`}
                </span>
                {/* On a phone the net and the status are off to the side: repeated here (read once, from their columns). */}
                <span aria-hidden="true" className="mt-1 flex items-center gap-1.5 text-xs font-normal md:hidden">
                  <Amount value={statement.net} className="font-medium" />
                  <StatementStatusBadge carried={statement.carried} paidOn={statement.paid_on} />
                </span>
              </TableCell>
              <TableCell numeric className="whitespace-nowrap">
                {statement.brought_forward !== 0 ? (
                  <>
                    <Amount value={statement.brought_forward} />
                    <span className="block text-xs text-slate-500">Balance brought forward</span>
                  </>
                ) : (
                  <Dash />
                )}
              </TableCell>
              <TableCell numeric className="whitespace-nowrap">
                <Amount value={statement.gross} />
              </TableCell>
              <TableCell numeric className="whitespace-nowrap">
                <Amount value={statement.withholding_tax} />
                <span className="block text-xs text-slate-500">{withholdingLabel(statement)}</span>
              </TableCell>
              <TableCell numeric className="font-semibold whitespace-nowrap text-slate-900">
                <Amount value={statement.net} />
              </TableCell>
              <TableCell>
                <StatementStatusBadge carried={statement.carried} paidOn={statement.paid_on} />
              </TableCell>
              <TableCell className="min-w-36">
                {statement.carried ? (
                  <span className="text-xs text-slate-600">Opens your next statement</span>
                ) : (
                  <PaymentDetails paidOn={statement.paid_on} reference={statement.paid_reference} />
                )}
              </TableCell>
              <TableCell sticky>
                <div className="flex flex-col items-stretch gap-1.5 sm:flex-row sm:items-center sm:gap-2">
                  {(['pdf', 'xlsx'] as const).map((format) => (
                    <Button
                      key={format}
                      size="sm"
                      variant="outline"
                      loading={busy(statement.id, format)}
                      onClick={() => void download(statement, format)}
                    >
                      {!busy(statement.id, format) &&
                        (format === 'pdf' ? <FileText aria-hidden="true" /> : <FileSpreadsheet aria-hidden="true" />)}
                      <span className="sr-only">{`Download the ${formatMonth(statement.period)} statement as `}</span>
                      {format === 'pdf' ? 'PDF' : 'Excel'}
                    </Button>
                  ))}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBodyStates>
      </Table>
    </CardSection>
  );
}

/** Downloads a statement and says how it went; a second click while that file is coming does nothing. */
function useStatementDownload() {
  const running = useRef(new Set<string>());
  const [busyKeys, setBusyKeys] = useState<ReadonlySet<string>>(() => new Set());
  const download = useCallback(async (statement: StatementRecord, format: Format) => {
    const key = `${statement.id}:${format}`;
    if (running.current.has(key)) return;
    running.current.add(key);
    setBusyKeys(new Set(running.current));
    try {
      await downloadStatement(statement, format);
      toast.success(MSG.fileDownloaded);
    } catch {
      toast.error(MSG.downloadFailed);
    } finally {
      running.current.delete(key);
      setBusyKeys(new Set(running.current));
    }
  }, []);
  return { download, busy: (id: number, format: Format) => busyKeys.has(`${id}:${format}`) };
}
