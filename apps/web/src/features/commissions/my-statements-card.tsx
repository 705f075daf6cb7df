import { FileSpreadsheet, FileText, ScrollText } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import type { StatementRecord } from '@ahente/contract/commissions';
import { MSG } from '@ahente/contract/messages';
import { downloadStatement, useCommissionStatements } from '../../api/commissions';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { Amount, PaidBadge, PaymentDetails } from './commission-format';
import { formatMonth } from '@ahente/contract/dates';

const COLUMNS = 6;
type Format = 'pdf' | 'xlsx';

/**
 * The member's statements, newest month first: one per closed month, with its total, whether the
 * agency has paid it, and its PDF and Excel downloads.
 */
export function MyStatementsCard({ memberId }: { memberId: number }) {
  const statements = useCommissionStatements(memberId);
  const { download, busy } = useStatementDownload();
  const rows = statements.data ?? [];
  return (
    <CardSection
      title="Statements"
      description="One statement for each month the agency has closed, to download as a PDF or an Excel workbook."
      icon={<ScrollText />}
      bodyClassName="px-0! pb-0!"
      className="overflow-hidden"
    >
      <TableScrollHint>Scroll the table sideways for every column; the downloads stay at the right.</TableScrollHint>
      <Table caption="Your statements" aria-busy={statements.isPending || undefined} className="[&_td]:px-3 [&_th]:px-3">
        <TableHead>
          <tr>
            <TableHeaderCell>Month</TableHeaderCell>
            <TableHeaderCell numeric>Entries</TableHeaderCell>
            <TableHeaderCell numeric>Total</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>Payment</TableHeaderCell>
            <TableHeaderCell sticky>Download</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBodyStates
          columns={COLUMNS}
          query={statements}
          loadingLabel="Loading your statements…"
          skeletonClassName={(column) => (column === 0 || column === 4 ? 'h-4 w-28' : 'h-4 w-14')}
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
                {/* On a phone the total and the status are off to the side: repeated here (read once, from their columns). */}
                <span aria-hidden="true" className="mt-1 flex items-center gap-1.5 text-xs font-normal md:hidden">
                  <Amount value={statement.total} className="font-medium" />
                  <PaidBadge paidOn={statement.paid_on} />
                </span>
              </TableCell>
              <TableCell numeric>{statement.entry_count.toLocaleString('en-PH')}</TableCell>
              <TableCell numeric className="font-medium whitespace-nowrap">
                <Amount value={statement.total} />
              </TableCell>
              <TableCell>
                <PaidBadge paidOn={statement.paid_on} />
              </TableCell>
              <TableCell className="min-w-36">
                <PaymentDetails paidOn={statement.paid_on} reference={statement.paid_reference} />
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
