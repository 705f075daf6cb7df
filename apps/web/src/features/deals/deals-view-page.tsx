import { useQueryClient } from '@tanstack/react-query';
import { Handshake } from 'lucide-react';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DealRecord } from '@ahente/contract/deals';
import { labelOf, productLabel } from '@ahente/contract/labels';
import { formatPeso, sumPesos } from '@ahente/contract/money';
import { useOutbox, withOutbox, type DealSync } from '../../api/deal-outbox';
import { dealsKeys, useDeals } from '../../api/deals';
import { useCurrentUser } from '../../api/session';
import { cn } from '../../lib/cn';
import { formatCalendarDate, formatTimestampParts } from '../../lib/dates';
import { useDateRangeFilter } from '../../lib/use-date-range-filter';
import { useShowMore } from '../../lib/use-show-more';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { DateRangeFilter } from '../../ui/date-range-filter';
import { PageHeader } from '../../ui/page-header';
import { ShowMore } from '../../ui/show-more';
import { Totals } from '../../ui/stats';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { AddSaleModal } from './add-sale-modal';
import { DealStatusBadge } from './deal-status-badge';
import { RefusedActions, SyncNote } from './deal-sync';
import { DealsNav } from './deals-nav';
import { EditDealModal } from './edit-deal-modal';
import { useLanguage } from '../../i18n';

const COLUMNS = 9;

/** Total TCV in pesos, summed exactly in centavos (0.1 + 0.2 is 0.30). */
export function totalTcv(rows: readonly { tcv: number }[]): number {
  return sumPesos(rows.map((r) => r.tcv).filter((v) => Number.isFinite(v) && v >= 0));
}

/** The address's `?deal=<id>`: the deal to show and highlight (a renewal just started in Portfolio). */
function dealFrom(params: URLSearchParams): number | null {
  const value = Number(params.get('deal'));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The open (or closing) modal; `seq` gives each opening a fresh form. */
type Dialog = { kind: 'sale' | 'edit'; deal: DealRecord; open: boolean; seq: number };

/**
 * /deals/dealsview (spec §2 Deals table): From/To filters on the effective date (inclusive, either
 * may be empty), Total TCV and Number of Deals Made over the shown rows, and per deal 'Make as
 * Sales' and 'EDIT'. The list reloads when a modal closes.
 */
export function DealsViewPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { t } = useLanguage();
  const deals = useDeals(user.user);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const openDialog = useCallback(
    (kind: Dialog['kind'], deal: DealRecord) => setDialog((current) => ({ kind, deal, open: true, seq: (current?.seq ?? 0) + 1 })),
    [],
  );
  const onSell = useCallback((deal: DealRecord) => openDialog('sale', deal), [openDialog]);
  const onEdit = useCallback((deal: DealRecord) => openDialog('edit', deal), [openDialog]);

  // Deals recorded or edited with no signal (issue 25 §2): queued new deals first, queued edits
  // applied to their rows, each marked with its sync state.
  const queue = useOutbox(user.user);
  const merged = useMemo(() => (deals.data || queue.length > 0 ? withOutbox(deals.data ?? [], queue) : undefined), [deals.data, queue]);
  const shown = useMemo(() => merged?.map((row) => row.deal), [merged]);
  const syncOf = useMemo(() => new Map(merged?.map((row) => [row.deal.id, row.sync])), [merged]);
  // Queued deals are shown even when the saved ones could not be loaded (offline, nothing cached).
  const listState = deals.data === undefined && queue.length > 0 ? { ...deals, isPending: false, isError: false } : deals;

  const { range, rows } = useDateRangeFilter(shown);
  const page = useShowMore(rows);

  // `?deal=<id>` (Renew in Portfolio lands here): that deal's row is shown, scrolled to and
  // highlighted, and its Make as Sales button takes the focus, once.
  const [params] = useSearchParams();
  const wanted = dealFrom(params);
  const shownDeal = useRef<number | null>(null);
  const wantedIndex = wanted === null ? -1 : rows.findIndex((deal) => deal.id === wanted);
  const { showAll } = page;
  const hiddenByStep = wantedIndex >= page.visible.length;
  useEffect(() => {
    if (hiddenByStep) showAll();
  }, [hiddenByStep, showAll]);
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
            query={deals}
            loadingLabel={t('common.loadingTotals')}
            errorMessage={t('common.totalsFailed')}
            figures={[
              { label: t('common.totalTcv'), value: formatPeso(totalTcv(rows)) },
              { label: t('deals.numberMade'), value: rows.length.toLocaleString('en-PH') },
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
            emptyDescription={range.filtered && (deals.data?.length ?? 0) > 0 ? t('deals.noneInRange') : undefined}
          >
            {page.visible.map((deal, index) => (
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
        <ShowMore
          shown={page.visible.length}
          total={rows.length}
          next={page.next}
          expanded={page.expanded}
          noun="deals"
          onShowMore={page.showMore}
          onShowAll={page.showAll}
        />
      </Card>

      {dialog?.kind === 'sale' && <AddSaleModal key={dialog.seq} deal={dialog.deal} open={dialog.open} onOpenChange={closeDialog} />}
      {dialog?.kind === 'edit' && <EditDealModal key={dialog.seq} deal={dialog.deal} open={dialog.open} onOpenChange={closeDialog} />}
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
        {/* On a phone TCV and Status are off to the side: repeated here (read once, from their columns). */}
        <span aria-hidden="true" className="mt-1 flex flex-col items-start gap-1 md:hidden">
          <span className="text-xs whitespace-nowrap text-slate-600 tabular-nums">{formatPeso(deal.tcv)}</span>
          <DealStatusBadge status={deal.deal_status} />
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

/** A timestamp in local time on two short lines: the date, then the time. */
function CreatedAt({ value }: { value: string }) {
  const parts = formatTimestampParts(value);
  return (
    <time dateTime={value} className="flex flex-col leading-5">
      <span>{parts.date}</span>
      {parts.time && <span className="text-xs text-slate-500">{parts.time}</span>}
    </time>
  );
}
