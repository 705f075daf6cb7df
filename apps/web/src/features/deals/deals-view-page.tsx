import { useQueryClient } from '@tanstack/react-query';
import { Handshake } from 'lucide-react';
import { memo, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { inDateRange } from '@ahente/contract/dates';
import type { DealRecord, DealsPageResponse } from '@ahente/contract/deals';
import { labelOf, productLabel } from '@ahente/contract/labels';
import { centavosToPesos, formatPeso, pesosToCentavos } from '@ahente/contract/money';
import { useOutbox, withOutbox, type DealSync } from './deal-outbox';
import { dealsKeys, useDealsPages } from './api';
import { useCurrentUser } from '../../api/session';
import { cn } from '../../lib/cn';
import { formatCalendarDate, formatTimestampParts } from '../../lib/dates';
import { lazyPage } from '../../lib/lazy-page';
import { useDateRange } from '../../lib/use-date-range-filter';
import { useServerPages } from '../../lib/use-server-pages';
import { whenIdle } from '../../lib/when-idle';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { DateRangeFilter, isReversedRange } from '../../ui/date-range-filter';
import { PageHeader } from '../../ui/page-header';
import { ShowMore } from '../../ui/show-more';
import { Totals } from '../../ui/stats';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { DealStatusBadge } from './deal-status-badge';
import { RefusedActions, SyncNote } from './deal-sync';
import { DealsNav } from './deals-nav';
import { useLanguage } from '../../i18n';

const COLUMNS = 9;
const rowsOf = (page: DealsPageResponse) => page.rows;

/**
 * The two modals load apart from the page, with the forms' library and the deal form (about 15 KiB
 * on the wire): not on the path of the table's first paint on a phone (decision 014). They are
 * fetched once the table's first answer is in, so that a click opens them at once, and with no
 * signal the service worker has them.
 */
const AddSaleModal = lazyPage(() => import('./add-sale-modal'), 'AddSaleModal');
const EditDealModal = lazyPage(() => import('./edit-deal-modal'), 'EditDealModal');

/** The address's `?deal=<id>`: the deal to show and highlight (a renewal just started in Portfolio). */
function dealFrom(params: URLSearchParams): number | null {
  const value = Number(params.get('deal'));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The open (or closing) modal; `seq` gives each opening a fresh form. */
type Dialog = { kind: 'sale' | 'edit'; deal: DealRecord; open: boolean; seq: number };

/**
 * /deals/dealsview, the Deals Table: From/To filters on the effective date (inclusive, either may
 * be empty), Total TCV and Number of Deals Made over every deal of the range, and per deal 'Make as
 * Sales' and 'EDIT'. The list reloads when a modal closes. The server filters, pages (100 deals,
 * then 100 more on 'Show more') and totals the saved deals (decision 036); the deals waiting on
 * this device are added on top.
 */
export function DealsViewPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { t } = useLanguage();
  const range = useDateRange();
  // A To before the From is not sent: the table shows nothing and the totals are zero.
  const reversed = isReversedRange(range.from, range.to);
  const deals = useDealsPages(user.memberId, range.from, range.to, !reversed);
  const list = useServerPages(deals, rowsOf);
  const answered = deals.isFetched;
  useEffect(() => {
    if (!answered) return;
    // Once the rows are drawn. Failed (no signal, no service worker yet): the click loads them again.
    return whenIdle(() => {
      AddSaleModal.preload().catch(() => undefined);
      EditDealModal.preload().catch(() => undefined);
    });
  }, [answered]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const openDialog = useCallback(
    (kind: Dialog['kind'], deal: DealRecord) => setDialog((current) => ({ kind, deal, open: true, seq: (current?.seq ?? 0) + 1 })),
    [],
  );
  const onSell = useCallback((deal: DealRecord) => openDialog('sale', deal), [openDialog]);
  const onEdit = useCallback((deal: DealRecord) => openDialog('edit', deal), [openDialog]);

  // Deals recorded or edited with no signal (decision 028): queued new deals first, queued edits
  // applied to their rows, each marked with its sync state; then the range, on the values shown.
  const queue = useOutbox(user.memberId);
  const saved = list.rows;
  const merged = useMemo(() => (saved || queue.length > 0 ? withOutbox(saved ?? [], queue) : undefined), [saved, queue]);
  const syncOf = useMemo(() => new Map(merged?.map((row) => [row.deal.id, row.sync])), [merged]);
  const rows = useMemo(
    () =>
      reversed
        ? []
        : (merged ?? [])
            .map((row) => row.deal)
            .filter((deal) => inDateRange(deal.effective_date, range.from || undefined, range.to || undefined)),
    [merged, reversed, range.from, range.to],
  );
  // The server's count and Total TCV of the range, with what this device changes in it: queued new
  // deals in the range, and queued edits of the loaded deals (a new TCV, or a date moved out of it).
  const latest = deals.data?.pages.at(-1);
  const totals = useMemo(() => {
    if (reversed) return { count: 0, tcv: 0 };
    const shownIds = new Set(rows.map((d) => d.id));
    let count = list.total;
    let centavos = pesosToCentavos(latest?.tcv ?? 0);
    for (const deal of rows) {
      if (deal.id >= 0) continue;
      count += 1;
      centavos += pesosToCentavos(deal.tcv);
    }
    for (const original of saved ?? []) {
      if (syncOf.get(original.id) == null) continue;
      const edited = rows.find((d) => d.id === original.id);
      centavos += pesosToCentavos(shownIds.has(original.id) && edited ? edited.tcv : 0) - pesosToCentavos(original.tcv);
      if (!shownIds.has(original.id)) count -= 1;
    }
    return { count, tcv: centavosToPesos(centavos) };
  }, [reversed, rows, list.total, latest, saved, syncOf]);
  // Queued deals are shown even when the saved ones could not be loaded (offline, nothing cached);
  // a failed next page keeps the rows shown (Show more tries again), a failed load or reload is shown.
  const listState =
    reversed || (deals.data === undefined && queue.length > 0)
      ? { ...deals, isPending: false, isError: false }
      : { ...deals, isError: deals.isError && !deals.isFetchNextPageError };

  // `?deal=<id>` (Renew in Portfolio lands here): that deal's row is shown (the next pages are
  // loaded until it is), scrolled to and highlighted, and its Make as Sales button takes the focus, once.
  const [params] = useSearchParams();
  const wanted = dealFrom(params);
  const shownDeal = useRef<number | null>(null);
  // Searched for in the whole list only (a range the user set decides what is shown).
  const wantedMissing = wanted !== null && !range.filtered && !rows.some((deal) => deal.id === wanted);
  const { showMore, hasNextPage, isFetchingNextPage } = list;
  useEffect(() => {
    if (wantedMissing && hasNextPage && !isFetchingNextPage) showMore();
  }, [wantedMissing, hasNextPage, isFetchingNextPage, showMore]);
  const highlightRow = useCallback((row: HTMLTableRowElement | null) => {
    if (!row) return;
    const id = Number(row.dataset.dealId);
    if (shownDeal.current === id) return;
    shownDeal.current = id;
    row.scrollIntoView({ block: 'center' });
    row.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus({ preventScroll: true });
  }, []);

  const closeDialog = (open: boolean) => {
    if (open) return;
    setDialog((current) => (current ? { ...current, open: false } : current));
    void queryClient.invalidateQueries({ queryKey: dealsKeys.all });
  };

  return (
    <>
      <DealsNav />
      <PageHeader title={t('deals.tableTitle')} description={t('deals.tableDescription')} />

      <Card className="mb-5 p-4 sm:p-5">
        <div className="flex flex-col gap-5 xl:flex-row xl:items-end xl:justify-between">
          <DateRangeFilter range={range} fromLabel={t('common.from')} toLabel={t('common.to')} clearClassName="col-span-2 sm:col-span-1" />
          <Totals
            className="min-w-0 xl:w-[26rem]"
            query={listState}
            loadingLabel={t('common.loadingTotals')}
            errorMessage={t('common.totalsFailed')}
            figures={[
              { label: t('common.totalTcv'), value: () => formatPeso(totals.tcv) },
              { label: t('deals.numberMade'), value: () => totals.count.toLocaleString('en-PH') },
            ]}
          />
        </div>
      </Card>

      <Card className="overflow-hidden">
        <TableScrollHint>{t('common.scrollHint')}</TableScrollHint>
        {/* Nine columns fit a laptop from 1280 px as a dense table with the row's two actions stacked (decision 024); phones scroll it. */}
        <Table caption={t('deals.caption')} aria-busy={deals.isPending || undefined} dense>
          <TableHead>
            <tr>
              <TableHeaderCell numeric className="w-12">
                #
              </TableHeaderCell>
              <TableHeaderCell>{t('common.customerName')}</TableHeaderCell>
              <TableHeaderCell>{t('common.transactionType')}</TableHeaderCell>
              <TableHeaderCell>{t('common.product')}</TableHeaderCell>
              <TableHeaderCell numeric>{t('common.tcv')}</TableHeaderCell>
              <TableHeaderCell>{t('common.effectiveDate')}</TableHeaderCell>
              <TableHeaderCell>{t('deals.createdAt')}</TableHeaderCell>
              <TableHeaderCell>{t('common.status')}</TableHeaderCell>
              <TableHeaderCell sticky>{t('deals.action')}</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={COLUMNS}
            query={listState}
            loadingLabel={t('deals.loading')}
            skeletonClassName={(column) => (column === 1 ? 'h-4 w-32' : 'h-4 w-16')}
            errorMessage={t('deals.failed')}
            empty={rows.length === 0}
            emptyIcon={<Handshake />}
            emptyTitle={t('deals.none')}
            emptyDescription={range.filtered ? t('deals.noneInRange') : undefined}
          >
            {rows.map((deal, index) => (
              <DealRow
                key={deal.id}
                deal={deal}
                index={index}
                sync={syncOf.get(deal.id) ?? null}
                onSell={onSell}
                onEdit={onEdit}
                highlightRef={deal.id === wanted ? highlightRow : undefined}
              />
            ))}
          </TableBodyStates>
        </Table>
        {/* No 'Show all': a member's whole list is what paging on the server avoids (decision 036). */}
        <ShowMore
          shown={rows.length}
          total={Math.max(totals.count, rows.length)}
          next={list.next}
          expanded={list.expanded}
          noun="deals"
          onShowMore={list.showMore}
        />
      </Card>

      <Suspense fallback={null}>
        {dialog?.kind === 'sale' && <AddSaleModal key={dialog.seq} deal={dialog.deal} open={dialog.open} onOpenChange={closeDialog} />}
        {dialog?.kind === 'edit' && <EditDealModal key={dialog.seq} deal={dialog.deal} open={dialog.open} onOpenChange={closeDialog} />}
      </Suspense>
    </>
  );
}

/** One deal; memoised so opening a modal or typing a date does not re-render a long table. */
const DealRow = memo(function DealRow({
  deal,
  index,
  sync,
  onSell,
  onEdit,
  highlightRef,
}: {
  deal: DealRecord;
  index: number;
  /** The deal's changes waiting on this device, if any. */
  sync: DealSync | null;
  onSell: (deal: DealRecord) => void;
  onEdit: (deal: DealRecord) => void;
  /** Set on the deal the address names: the row is highlighted and this ref brings it into view. */
  highlightRef?: ((row: HTMLTableRowElement | null) => void) | undefined;
}) {
  const noteId = useId();
  const { t } = useLanguage();
  const highlighted = highlightRef !== undefined;
  // A deal recorded offline is sold once the server has it (it has no id before).
  const unsaved = deal.id < 0;
  const sellNote = deal.sold ? t('deals.soldNote') : unsaved ? t('deals.unsavedNote') : undefined;
  return (
    <TableRow
      ref={highlightRef}
      data-deal-id={deal.id}
      aria-current={highlighted ? 'true' : undefined}
      className={cn(highlighted && 'bg-amber-50 hover:bg-amber-50 [&>td]:bg-amber-50')}
    >
      <TableCell numeric className="text-slate-500">
        {index + 1}
      </TableCell>
      <TableCell>
        <span className="font-medium text-slate-900">{deal.customer_name}</span>
        {sync && <SyncNote sync={sync} />}
        {/* On a phone TCV, Status and Sold are off to the side: repeated here (read once, from their columns; decision 024). */}
        <span aria-hidden="true" className="mt-1 flex flex-col items-start gap-1 md:hidden">
          <span className="text-xs whitespace-nowrap text-slate-600 tabular-nums">{formatPeso(deal.tcv)}</span>
          <span className="flex flex-wrap items-center gap-1">
            <DealStatusBadge status={deal.deal_status} />
            {deal.sold && (
              <Badge tone="success" className="font-semibold">
                {t('deals.sold')}
              </Badge>
            )}
          </span>
        </span>
      </TableCell>
      <TableCell>{labelOf('transactionType', deal.tx_type)}</TableCell>
      <TableCell className="min-w-28">{productLabel(deal.product)}</TableCell>
      <TableCell numeric className="whitespace-nowrap">
        {formatPeso(deal.tcv)}
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={deal.effective_date}>{formatCalendarDate(deal.effective_date)}</time>
      </TableCell>
      <TableCell className="whitespace-nowrap text-slate-500">
        <CreatedAt value={deal.createdat} />
      </TableCell>
      <TableCell>
        <div className="flex flex-wrap items-center gap-1.5">
          <DealStatusBadge status={deal.deal_status} />
          {deal.sold && (
            <Badge tone="success" className="font-semibold">
              {t('deals.sold')}
            </Badge>
          )}
        </div>
      </TableCell>
      <TableCell sticky>
        <div className="flex flex-col items-stretch gap-1.5 2xl:flex-row 2xl:items-center 2xl:gap-2">
          {sync?.state === 'refused' ? (
            <RefusedActions sync={sync} customer={deal.customer_name} onFix={() => onEdit(deal)} />
          ) : (
            <>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onSell(deal)}
                disabled={deal.sold || unsaved}
                title={sellNote}
                aria-describedby={sellNote ? noteId : undefined}
              >
                {t('deals.makeSale')}
              </Button>
              {sellNote && (
                <span id={noteId} className="sr-only">
                  {sellNote}
                </span>
              )}
              <Button size="sm" variant="outline" onClick={() => onEdit(deal)} disabled={sync?.state === 'sending'}>
                {t('deals.edit')}
              </Button>
            </>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
});

/** A timestamp in Manila time on two short lines: the date, then the time (decision 023). */
function CreatedAt({ value }: { value: string }) {
  const parts = formatTimestampParts(value);
  return (
    <time dateTime={value} className="flex flex-col leading-5">
      <span>{parts.date}</span>
      {parts.time && <span className="text-xs text-slate-500">{parts.time}</span>}
    </time>
  );
}
