import { FileSpreadsheet, FileText, ScrollText } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import type { StatementRecord } from '@ahente/contract/commissions';
import { downloadStatement, useCommissionStatements, useCommissionSummary } from './api';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Dash } from '../../ui/dash';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { Amount, PaymentDetails, StatementStatusBadge, withholdingLabel } from './commission-format';
import { formatMonth } from '../../lib/dates';
import { currentLocale } from '../../lib/locale';
import { useLanguage } from '../../i18n';
import './i18n';

const COLUMNS = 8;
type Format = 'pdf' | 'xlsx';

/**
 * The member's statements, newest month first: one per closed month, with the balance brought
 * forward from a statement that was carried, the month's gross, the tax withheld (rate and ATC),
 * the net; whether the agency has paid it or carried it forward to the next statement (a net below
 * the minimum payout, or below zero); and its PDF and Excel downloads (decisions 016 and 019).
 */
export function MyStatementsCard({ memberId }: { memberId: number }) {
  const statements = useCommissionStatements(memberId);
  // Paid to Date under the paid statements: the summary's figures, the dashboard's and the totals'
  // (decisions 016 and 019).
  const summary = useCommissionSummary(memberId);
  const paid = summary.data;
  const { download, busy } = useStatementDownload();
  const rows = statements.data ?? [];
  const { t } = useLanguage();
  return (
    <CardSection
      title={t('commissions.statements')}
      description={t('commissions.statementsDescription')}
      icon={<ScrollText />}
      bodyClassName="px-0! pb-0!"
      className="overflow-hidden"
    >
      <TableScrollHint>{t('commissions.statementsScrollHint')}</TableScrollHint>
      <Table caption={t('commissions.statementsCaption')} aria-busy={statements.isPending || undefined} dense>
        <TableHead>
          <tr>
            <TableHeaderCell>{t('commissions.period')}</TableHeaderCell>
            <TableHeaderCell numeric>{t('commissions.broughtForward')}</TableHeaderCell>
            <TableHeaderCell numeric>{t('commissions.gross')}</TableHeaderCell>
            <TableHeaderCell numeric>{t('commissions.withholdingTax')}</TableHeaderCell>
            <TableHeaderCell numeric>{t('commissions.net')}</TableHeaderCell>
            <TableHeaderCell>{t('commissions.status')}</TableHeaderCell>
            <TableHeaderCell>{t('commissions.payment')}</TableHeaderCell>
            <TableHeaderCell sticky>{t('commissions.download')}</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBodyStates
          columns={COLUMNS}
          query={statements}
          loadingLabel={t('commissions.loadingStatements')}
          skeletonClassName={(column) => (column === 0 || column === 6 ? 'h-4 w-28' : 'h-4 w-14')}
          errorMessage={t('commissions.statementsFailed')}
          empty={rows.length === 0}
          emptyIcon={<ScrollText />}
          emptyTitle={t('commissions.noStatements')}
          emptyDescription={t('commissions.noStatementsDescription')}
        >
          {rows.map((statement) => (
            <TableRow key={statement.id}>
              <TableCell className="font-medium whitespace-nowrap text-slate-900">
                {formatMonth(statement.period)}
                <span className="block text-xs font-normal text-slate-500">
                  {t('commissions.entries', { count: statement.entry_count, n: statement.entry_count.toLocaleString(currentLocale()) })}
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
                    <span className="block text-xs text-slate-500">{t('commissions.balanceBroughtForward')}</span>
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
                  <span className="text-xs text-slate-600">{t('commissions.opensNextStatement')}</span>
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
                      <span className="sr-only">{`${t('commissions.downloadStatementAs', { month: formatMonth(statement.period) })} `}</span>
                      {format === 'pdf' ? 'PDF' : 'Excel'}
                    </Button>
                  ))}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBodyStates>
        {paid && rows.some((s) => s.paid_on !== null) && (
          <tfoot className="border-t border-slate-200 bg-slate-50 text-sm font-semibold text-slate-900">
            <tr>
              <th scope="row" className="px-3 py-3 text-left whitespace-nowrap">
                {t('commissions.paidStatementsTotal')}
              </th>
              <TableCell numeric className="whitespace-nowrap">
                <Amount value={paid.paid_brought_forward} />
              </TableCell>
              <TableCell numeric className="whitespace-nowrap">
                <Amount value={paid.paid_to_date} />
              </TableCell>
              <TableCell numeric className="whitespace-nowrap">
                <Amount value={paid.paid_tax} />
              </TableCell>
              <TableCell numeric className="whitespace-nowrap">
                <Amount value={paid.paid_net} />
              </TableCell>
              <TableCell colSpan={COLUMNS - 5} />
            </tr>
          </tfoot>
        )}
      </Table>
    </CardSection>
  );
}

/** Downloads a statement and says how it went; a second click while that file is coming does nothing. */
function useStatementDownload() {
  const { t } = useLanguage();
  const running = useRef(new Set<string>());
  const [busyKeys, setBusyKeys] = useState<ReadonlySet<string>>(() => new Set());
  const download = useCallback(
    async (statement: StatementRecord, format: Format) => {
      const key = `${statement.id}:${format}`;
      if (running.current.has(key)) return;
      running.current.add(key);
      setBusyKeys(new Set(running.current));
      try {
        await downloadStatement(statement, format);
        toast.success(t('commissions.fileDownloaded'));
      } catch {
        toast.error(t('commissions.downloadFailed'));
      } finally {
        running.current.delete(key);
        setBusyKeys(new Set(running.current));
      }
    },
    [t],
  );
  return { download, busy: (id: number, format: Format) => busyKeys.has(`${id}:${format}`) };
}
