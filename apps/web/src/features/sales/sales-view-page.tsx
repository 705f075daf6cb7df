import { useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, ReceiptText } from 'lucide-react';
import { useRef, useState } from 'react';
import { inDateRange } from '@ahente/contract/dates';
import { labelOf, productLabel } from '@ahente/contract/labels';
import { formatPeso } from '@ahente/contract/money';
import type { SalesPageResponse } from '@ahente/contract/sales';
import { fetchSales, salesKeys, useSalesPages } from './api';
import { useCurrentUser } from '../../api/session';
import { cn } from '../../lib/cn';
import { formatCalendarDate } from '../../lib/dates';
import { useDateRange } from '../../lib/use-date-range-filter';
import { useServerPages } from '../../lib/use-server-pages';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { DateRangeFilter, isReversedRange } from '../../ui/date-range-filter';
import { PageHeader } from '../../ui/page-header';
import { ShowMore } from '../../ui/show-more';
import { Totals } from '../../ui/stats';
import { TIGHT, Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { exportSalesToExcel } from './export-sales';
import { Dash } from '../../ui/dash';
import { ClientContact, PolicyTermEnd, SaleStateBadge, VerificationDetails } from './sale-format';
import { SalesNav } from './sales-nav';
import { useLanguage } from '../../i18n';
import { PolicyNumber } from '../../ui/unbroken';

const COLUMNS = 11;
/**
 * Eleven columns fit a laptop from 1280 px as a dense table (decision 024). Narrower, from `md` up
 * the Verification column stays at the right while the others scroll under it. On a phone it
 * scrolls with the rest (pinned it would cover the customer): TCV and the verification's badge are
 * repeated under the customer's name there.
 */
const UNPIN_ON_PHONE = 'max-md:static max-md:shadow-none';
const rowsOf = (page: SalesPageResponse) => page.rows;

/**
 * /sales/salesview: 'From:' and 'To:' on the effective date (inclusive, either may be empty), Clear
 * Filters, Export To Excel (the filtered rows, built in the browser), 'Total TCV: ₱…' and 'Number
 * of Sales Made: …', the sales table with each sale's verification (decision 018), its term's last
 * day under the effective date and the client's contact under the name (decision 025). The totals
 * leave rejected sales out (a rejected sale's deal may be sold again, and counting both would count
 * it twice) and cancelled ones (decision 019), which stay listed, marked Cancelled with who, when,
 * why and the refund.
 */
export function SalesViewPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { t } = useLanguage();
  const [exporting, setExporting] = useState(false);
  const exportingRef = useRef(false);
  const exportButton = useRef<HTMLButtonElement>(null);

  // The server filters, pages and totals the sales (decision 036). A To before the From is not
  // sent: the table shows nothing and the totals are zero, as when the browser filtered.
  const range = useDateRange();
  const reversed = isReversedRange(range.from, range.to);
  const sales = useSalesPages(user.memberId, range.from, range.to, !reversed);
  const list = useServerPages(sales, rowsOf);
  const latest = sales.data?.pages.at(-1);
  const rows = reversed ? [] : (list.rows ?? []);
  const count = reversed ? 0 : list.total;
  const counted = reversed ? 0 : (latest?.counted ?? 0);
  const total = reversed ? 0 : (latest?.tcv ?? 0);
  // A failed next page keeps the rows shown (Show more tries again); a reversed range is no failure.
  const listState = reversed
    ? { ...sales, isPending: false, isError: false }
    : { ...sales, isError: sales.isError && !sales.isFetchNextPageError };

  const onExport = async () => {
    if (exportingRef.current || count === 0) return;
    exportingRef.current = true;
    setExporting(true);
    try {
      // Every sale of the range, not only the pages loaded: the whole list (getsales, the cached
      // answer when it is fresh), filtered here as the server filters the table.
      const id = user.memberId as number;
      const all = await queryClient.fetchQuery({ queryKey: salesKeys.byAgent(id), queryFn: () => fetchSales(id) });
      await exportSalesToExcel(all.filter((s) => inDateRange(s.effective_date, range.from || undefined, range.to || undefined)));
    } catch {
      toast.error(t('sales.exportFailed'));
    } finally {
      exportingRef.current = false;
      setExporting(false);
      // The button was disabled while busy, which dropped its focus: give it back.
      window.requestAnimationFrame(() => exportButton.current?.focus());
    }
  };

  return (
    <>
      <SalesNav />
      <PageHeader title={t('sales.title')} description={t('sales.description')} />

      <Card className="mb-5 p-4 sm:p-5">
        <div className="flex flex-col gap-5 xl:flex-row xl:items-end xl:justify-between">
          <DateRangeFilter range={range} fromLabel={t('sales.fromColon')} toLabel={t('sales.toColon')}>
            <Button ref={exportButton} onClick={() => void onExport()} loading={exporting} disabled={count === 0}>
              {!exporting && <FileSpreadsheet aria-hidden="true" />}
              {t('sales.export')}
            </Button>
          </DateRangeFilter>
          <div className="min-w-0 xl:w-[26rem]">
            <Totals
              query={listState}
              loadingLabel={t('common.loadingTotals')}
              errorMessage={t('common.totalsFailed')}
              figures={[
                { label: t('sales.totalTcv'), value: formatPeso(total) },
                { label: t('sales.numberMade'), value: counted.toLocaleString('en-PH') },
              ]}
            />
            <p className="mt-2 text-xs text-slate-500">{t('dashboard.countedSalesNote')}</p>
          </div>
        </div>
      </Card>

      <Card className="overflow-hidden">
        <TableScrollHint>{t('sales.scrollHint')}</TableScrollHint>
        {/* Cells 5 px apart below 2xl: the unbroken policy numbers still fit the card from 1280 px (decision 024). */}
        <Table caption={t('sales.caption')} aria-busy={sales.isPending || undefined} dense className={TIGHT}>
          <TableHead>
            <tr>
              <TableHeaderCell numeric className="w-12">
                #
              </TableHeaderCell>
              <TableHeaderCell numeric>{t('sales.salesId')}</TableHeaderCell>
              <TableHeaderCell>{t('common.customerName')}</TableHeaderCell>
              <TableHeaderCell>{t('common.transactionType')}</TableHeaderCell>
              <TableHeaderCell>{t('common.product')}</TableHeaderCell>
              <TableHeaderCell numeric>{t('common.tcv')}</TableHeaderCell>
              <TableHeaderCell>{t('sales.policy')}</TableHeaderCell>
              <TableHeaderCell>{t('sales.insurer')}</TableHeaderCell>
              <TableHeaderCell>{t('sales.planName')}</TableHeaderCell>
              <TableHeaderCell>{t('common.effectiveDate')}</TableHeaderCell>
              <TableHeaderCell sticky className={UNPIN_ON_PHONE}>
                {t('sales.verification')}
              </TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={COLUMNS}
            query={listState}
            loadingLabel={t('sales.loading')}
            skeletonClassName={(column) => (column === 2 ? 'h-4 w-32' : 'h-4 w-14')}
            errorMessage={t('sales.failed')}
            empty={rows.length === 0}
            emptyIcon={<ReceiptText />}
            emptyTitle={t('sales.none')}
            emptyDescription={range.filtered ? t('sales.noneInRange') : undefined}
          >
            {rows.map((sale, index) => (
              <TableRow key={sale.id}>
                <TableCell numeric className="text-slate-500">
                  {index + 1}
                </TableCell>
                <TableCell numeric>{sale.id}</TableCell>
                <TableCell>
                  <span className="font-medium text-slate-900">{sale.customer_name}</span>
                  <ClientContact sale={sale} />
                  {/* On a phone TCV and Verification are off to the side: repeated here (read once, from their columns). */}
                  <span aria-hidden="true" className="mt-1 flex flex-col items-start gap-1 md:hidden">
                    <span className="text-xs text-slate-600 tabular-nums">{formatPeso(sale.tcv)}</span>
                    <SaleStateBadge sale={sale} />
                  </span>
                </TableCell>
                <TableCell>{labelOf('transactionType', sale.tx_type)}</TableCell>
                <TableCell>{productLabel(sale.product)}</TableCell>
                <TableCell numeric className="whitespace-nowrap">
                  {formatPeso(sale.tcv)}
                </TableCell>
                <TableCell>{sale.policy_number ? <PolicyNumber value={sale.policy_number} /> : <Dash />}</TableCell>
                <TableCell>{sale.insurer ?? <Dash />}</TableCell>
                <TableCell>{sale.plan_name ?? <Dash />}</TableCell>
                <TableCell className="min-w-20">
                  <time dateTime={sale.effective_date}>{formatCalendarDate(sale.effective_date)}</time>
                  <PolicyTermEnd expiry={sale.expiry_date} />
                </TableCell>
                <TableCell sticky className={cn('min-w-36 xl:max-2xl:min-w-32', UNPIN_ON_PHONE)}>
                  <VerificationDetails sale={sale} />
                </TableCell>
              </TableRow>
            ))}
          </TableBodyStates>
        </Table>
        {/* No 'Show all': a member's whole list is what paging on the server avoids (decision 036). */}
        <ShowMore shown={rows.length} total={count} next={list.next} expanded={list.expanded} noun="sales" onShowMore={list.showMore} />
      </Card>
    </>
  );
}
