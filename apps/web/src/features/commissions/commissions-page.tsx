import { Coins, FilterX } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  formatRate,
  type BucketTotals as BucketTotalsValue,
  type CommissionKind,
  type LedgerEntry,
  type LedgerResponse,
} from '@ahente/contract/commissions';
import { productLabel } from '@ahente/contract/labels';
import { formatPeso } from '@ahente/contract/money';
import { useCommissionLedger, useCommissionSummary, type LedgerFilter } from './api';
import { useCurrentUser } from '../../api/session';
import { formatCalendarDate, formatManilaShortDate, formatMonth, formatTimestampParts, readableDates } from '../../lib/dates';
import { currentLocale } from '../../lib/locale';
import { useLanguage } from '../../i18n';
import './i18n';
import { useServerPages } from '../../lib/use-server-pages';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { isReversedRange, RangeError } from '../../ui/date-range-filter';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { PageHeader } from '../../ui/page-header';
import { Select } from '../../ui/select';
import { ShowMore } from '../../ui/show-more';
import { Totals, type FigurePart } from '../../ui/stats';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { Dash } from '../../ui/dash';
import { Amount, EntryStatusBadge, kindOptions } from './commission-format';
import { Form2307Card } from './form2307-card';
import { MyStatementsCard } from './my-statements-card';

/** A net's parts as the statements name them: brought forward (when there is one), gross, tax withheld. */
function netParts(t: ReturnType<typeof useLanguage>['t'], broughtForward: number, gross: number, tax: number): FigurePart[] {
  return [
    ...(broughtForward !== 0 ? [{ label: t('commissions.broughtForward'), value: formatPeso(broughtForward) }] : []),
    { label: t('commissions.gross'), value: formatPeso(gross) },
    { label: t('commissions.taxWithheld'), value: formatPeso(tax) },
  ];
}

/** Ten columns fit a laptop (1280 px) as a dense table (decision 024); phones scroll the table, Amount pinned at the right. */
const COLUMNS = 10;
const NO_FILTER: LedgerFilter = { from: '', to: '', kind: '' };
const entriesOf = (page: LedgerResponse) => page.entries;

/**
 * /commissions 'Commission Tracking' (decision 016), for every member: earned this month, pending
 * and paid to date; the ledger filtered by recorded date (From/To, inclusive) and kind, each entry
 * with its sale, customer, product, rate and amount (a cancelled sale's entries are taken back by
 * reversals, decision 019); the member's statements as PDF and Excel; and their BIR Form 2307s.
 */
export function CommissionsPage() {
  const user = useCurrentUser();
  const summary = useCommissionSummary(user.memberId);
  const [filter, setFilter] = useState<LedgerFilter>(NO_FILTER);
  // A To before the From is said under the filters and not sent; the rows of the last filter stay.
  const reversed = isReversedRange(filter.from, filter.to);
  const ledger = useCommissionLedger(user.memberId, filter, !reversed);
  // Paged on the server (decision 036): 100 entries, then 100 more; the totals are the whole filter's.
  const list = useServerPages(ledger, entriesOf);
  const entries = list.rows ?? [];
  const latest = ledger.data?.pages.at(-1);
  // A failed next page keeps the entries shown (Show more tries again).
  const listState = { ...ledger, isError: ledger.isError && !ledger.isFetchNextPageError };
  const filtered = Boolean(filter.from || filter.to || filter.kind);
  const refreshing = ledger.isPlaceholderData && ledger.isFetching;
  const { t } = useLanguage();

  return (
    <>
      <PageHeader title={t('commissions.title')} description={t('commissions.description')} />

      <Card className="mb-5 p-4 sm:p-5">
        <h2 className="sr-only">{t('commissions.yourTotals')}</h2>
        <Totals
          query={summary}
          loadingLabel={t('commissions.loadingTotals')}
          errorMessage={t('commissions.totalsFailed')}
          listClassName="sm:grid-cols-3 lg:grid-cols-5 [&>:first-child]:col-span-full sm:[&>:first-child]:col-span-1"
          figures={[
            {
              label: summary.data
                ? t('commissions.earnedIn', { month: formatMonth(summary.data.month) })
                : t('commissions.earnedThisMonth'),
              value: formatPeso(summary.data?.earned_this_month ?? 0),
            },
            // Net, with what makes it under it: the statements' figures (decisions 016 and 019).
            {
              label: t('commissions.pending'),
              value: formatPeso(summary.data?.pending_net ?? 0),
              detail: () =>
                summary.data ? netParts(t, summary.data.pending_brought_forward, summary.data.pending, summary.data.pending_tax) : [],
            },
            {
              label: t('commissions.paidToDate'),
              value: formatPeso(summary.data?.paid_net ?? 0),
              detail: () =>
                summary.data ? netParts(t, summary.data.paid_brought_forward, summary.data.paid_to_date, summary.data.paid_tax) : [],
            },
            { label: t('commissions.awaiting'), value: formatPeso(summary.data?.awaiting ?? 0) },
            { label: t('commissions.held'), value: formatPeso(summary.data?.held ?? 0) },
          ]}
        />
        <p className="mt-3 text-xs text-slate-500">
          {t('commissions.netNote')} {t('commissions.payableNote')}
          {summary.data &&
            summary.data.forfeited !== 0 &&
            ` ${t('commissions.forfeitedNote', { amount: formatPeso(summary.data.forfeited) })}`}
        </p>
      </Card>

      <Card className="mb-5 overflow-hidden">
        <div className="border-b border-slate-100 p-4 sm:px-5">
          <h2 className="mb-3 text-[0.9375rem] font-semibold text-slate-900">{t('commissions.ledger')}</h2>
          <LedgerFilters filter={filter} reversed={reversed} onChange={setFilter} />
          {latest && entries.length > 0 && <BucketTotals totals={latest.totals} />}
        </div>
        <TableScrollHint>{t('commissions.ledgerScrollHint')}</TableScrollHint>
        <Table caption={t('commissions.ledgerCaption')} aria-busy={ledger.isPending || refreshing || undefined} dense>
          <TableHead>
            <tr>
              <TableHeaderCell>{t('commissions.date')}</TableHeaderCell>
              <TableHeaderCell>{t('commissions.kind')}</TableHeaderCell>
              <TableHeaderCell numeric>{t('commissions.sale')}</TableHeaderCell>
              <TableHeaderCell>{t('commissions.customer')}</TableHeaderCell>
              <TableHeaderCell>{t('commissions.product')}</TableHeaderCell>
              <TableHeaderCell>{t('commissions.details')}</TableHeaderCell>
              <TableHeaderCell numeric>{t('commissions.tcv')}</TableHeaderCell>
              <TableHeaderCell numeric>{t('commissions.rate')}</TableHeaderCell>
              <TableHeaderCell>{t('commissions.status')}</TableHeaderCell>
              <TableHeaderCell numeric sticky>
                {t('commissions.amount')}
              </TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={COLUMNS}
            query={listState}
            loadingLabel={t('commissions.loadingLedger')}
            skeletonClassName={(column) => (column === 3 || column === 5 ? 'h-4 w-28' : 'h-4 w-14')}
            errorMessage={t('commissions.ledgerFailed')}
            empty={entries.length === 0}
            emptyIcon={<Coins />}
            emptyTitle={t('commissions.noneTitle')}
            emptyDescription={filtered ? t('commissions.noneFiltered') : t('commissions.noneDescription')}
          >
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </TableBodyStates>
          {latest && entries.length > 0 && (
            <tfoot className="border-t border-slate-200 bg-slate-50">
              <tr>
                {/* The label stays at the left of the visible box, the total under the pinned Amount column. */}
                <th scope="row" colSpan={COLUMNS - 1} className="px-3 py-3 text-left text-sm font-semibold text-slate-700">
                  <span className="sticky left-3 inline-block">
                    {t('commissions.totalListed', { count: list.total, n: list.total.toLocaleString(currentLocale()) })}
                  </span>
                </th>
                <TableCell numeric sticky className="bg-slate-50! font-semibold whitespace-nowrap text-slate-900">
                  <Amount value={latest.total} />
                </TableCell>
              </tr>
            </tfoot>
          )}
        </Table>
        {/* No 'Show all': a ledger of tens of thousands of entries is what paging on the server avoids (decision 036). */}
        <ShowMore
          shown={entries.length}
          total={list.total}
          next={list.next}
          expanded={list.expanded}
          noun={t('commissions.entriesNoun')}
          onShowMore={list.showMore}
        />
      </Card>

      <MyStatementsCard memberId={user.memberId} />
      <Form2307Card memberId={user.memberId} />
    </>
  );
}

/** From, To (the recorded date, inclusive), Kind and Clear Filters: two columns on a phone, one row from `sm` up. */
function LedgerFilters({
  filter,
  reversed,
  onChange,
}: {
  filter: LedgerFilter;
  reversed: boolean;
  onChange: (filter: LedgerFilter) => void;
}) {
  const set = (patch: Partial<LedgerFilter>) => onChange({ ...filter, ...patch });
  const any = Boolean(filter.from || filter.to || filter.kind);
  const errorId = useId();
  const { t } = useLanguage();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="grid grid-cols-2 items-end gap-3 sm:flex">
        <Field label={t('common.from')} className="sm:w-44">
          <Input type="date" value={filter.from} max={filter.to || undefined} onChange={(e) => set({ from: e.target.value })} />
        </Field>
        <Field label={t('common.to')} className="sm:w-44" invalid={reversed}>
          <Input
            type="date"
            value={filter.to}
            min={filter.from || undefined}
            aria-describedby={reversed ? errorId : undefined}
            onChange={(e) => set({ to: e.target.value })}
          />
        </Field>
        <Field label={t('commissions.kind')} className="sm:w-44">
          <Select value={filter.kind} options={kindOptions(t)} onChange={(e) => set({ kind: e.target.value as CommissionKind | '' })} />
        </Field>
        <Button variant="outline" disabled={!any} onClick={() => onChange(NO_FILTER)}>
          <FilterX aria-hidden="true" />
          {t('common.clearFilters')}
        </Button>
      </div>
      <RangeError id={errorId} reversed={reversed} />
    </div>
  );
}

/** One ledger entry: what it was for (the sale, its customer and product, or the adjustment's reason), the rate and the amount. */
function EntryRow({ entry }: { entry: LedgerEntry }) {
  const { t } = useLanguage();
  return (
    <TableRow>
      <TableCell className="min-w-20">
        <time dateTime={entry.entry_date}>{formatCalendarDate(entry.entry_date)}</time>
        {/* On a phone the Status column is off to the side: its badge is repeated here (read once, from its column). */}
        <span aria-hidden="true" className="mt-1 block md:hidden">
          <EntryStatusBadge status={entry.status} />
        </span>
      </TableCell>
      <TableCell>{t(`commissions.kinds.${entry.kind}`)}</TableCell>
      <TableCell numeric>{entry.sale_id !== null ? `#${entry.sale_id}` : <Dash />}</TableCell>
      <TableCell className="min-w-20 font-medium text-slate-900">{entry.customer_name ?? <Dash />}</TableCell>
      <TableCell className="min-w-24">{entry.product !== null ? productLabel(entry.product) : <Dash />}</TableCell>
      <TableCell className="min-w-24">
        <EntryDetails entry={entry} />
      </TableCell>
      <TableCell numeric className="whitespace-nowrap">
        {entry.base !== null ? formatPeso(entry.base) : <Dash />}
      </TableCell>
      <TableCell numeric className="whitespace-nowrap">
        {entry.rate !== null ? formatRate(entry.rate) : <Dash />}
      </TableCell>
      <TableCell>
        <EntryStatusBadge status={entry.status} />
        <EntryStatusDetails entry={entry} />
      </TableCell>
      <TableCell numeric sticky className="whitespace-nowrap">
        <Amount value={entry.amount} />
      </TableCell>
    </TableRow>
  );
}

/** The server's rule of a sale's own entry, "Product rate: Comprehensive": its product is read back to say it in the reader's language. */
const PRODUCT_RATE_RULE = 'Product rate: ';

/**
 * What an entry was for: an adjustment's reason; a reversal's sale, by the day it was recorded
 * (decision 016: "Reversal of the Oct 5 sale commission", never an entry number; and the
 * cancellation's reason when the server gives one); otherwise its rule ("Product rate: …" in the
 * reader's language). An override, or the reversal of one, names the agent who made the sale.
 */
function EntryDetails({ entry }: { entry: LedgerEntry }) {
  const { t } = useLanguage();
  const main =
    entry.kind === 'adjustment'
      ? (entry.reason ?? entry.rule)
      : entry.kind === 'reversal'
        ? reversalText(entry, t)
        : entry.kind === 'sale' && entry.rule.startsWith(PRODUCT_RATE_RULE)
          ? t('commissions.productRate', { product: entry.rule.slice(PRODUCT_RATE_RULE.length) })
          : entry.rule;
  const note = entry.kind === 'reversal' ? entry.reason : null;
  const soldBy = entry.seller_name && (entry.kind === 'override' || (entry.kind === 'reversal' && entry.seller_id !== entry.member_id));
  return (
    <>
      <p className="break-words">{main}</p>
      {note && <p className="mt-0.5 text-xs break-words text-slate-600">{note}</p>}
      {soldBy && <p className="mt-0.5 text-xs text-slate-500">{t('commissions.saleBy', { name: entry.seller_name })}</p>}
    </>
  );
}

/**
 * "Reversal of the Oct 5 sale commission" (or "… sale override"): the day of the entry it reverses,
 * its sale's, read as a date, its year said only when it is not the reversal's own.
 */
function reversalText(entry: LedgerEntry, t: ReturnType<typeof useLanguage>['t']): string {
  if (entry.reverses_date === null) return t('commissions.reversalOfUndated');
  // Noon in Manila names the calendar day in Manila's formatter, whatever the device's zone.
  const noon = (day: string) => `${day}T12:00:00+08:00`;
  // Kept on one line: "Oct 5" never breaks between its month and its day.
  const date = formatManilaShortDate(noon(entry.reverses_date), new Date(noon(entry.entry_date))).replace(/ /g, '\u00a0');
  return entry.position === null ? t('commissions.reversalOfSale', { date }) : t('commissions.reversalOfOverride', { date });
}

/**
 * What the status of an entry owes its earner to know (decision 018): the month of its statement;
 * why it is held; who released or forfeited it, when and why; why its sale was rejected.
 */
function EntryStatusDetails({ entry }: { entry: LedgerEntry }) {
  const { t } = useLanguage();
  const decided = entry.decided_at ? formatTimestampParts(entry.decided_at).date : null;
  const by = [
    decided && t('commissions.decidedOn', { date: decided }),
    entry.decided_by_name && t('commissions.decidedBy', { name: entry.decided_by_name }),
  ]
    .filter(Boolean)
    .join(' ');
  const lines: string[] = [];
  if (entry.status === 'posted' || entry.status === 'paid') lines.push(formatMonth(entry.period));
  if (entry.hold_reason && (entry.status === 'held' || entry.decision !== null)) lines.push(readableDates(entry.hold_reason));
  if (entry.decision === 'released') lines.push(`${t('commissions.released')}${by ? ` ${by}` : ''}`);
  if (entry.decision === 'forfeited') {
    lines.push(`${t('commissions.forfeited')}${by ? ` ${by}` : ''}${entry.decision_reason ? `: ${entry.decision_reason}` : ''}`);
  }
  if (entry.status === 'rejected' && entry.rejection_reason) lines.push(t('commissions.reason', { reason: entry.rejection_reason }));
  if (lines.length === 0) return null;
  // A held entry waits for a verified licence: where the member adds one (decision 018).
  const waitsForLicence = entry.status === 'held' && entry.decision === null;
  return (
    <span className="mt-1 block text-xs break-words text-slate-600">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
      {waitsForLicence && (
        <Link to="/settings/licences" className="mt-0.5 inline-block font-medium text-brand-700 underline underline-offset-4">
          {t('firstSteps.openLicences')}
        </Link>
      )}
    </span>
  );
}

/** The entries listed by what they count as: "Payable: ₱x · Awaiting verification: ₱y · Held: ₱z · Forfeited: ₱w" (zeros left out but Payable). */
function BucketTotals({ totals }: { totals: BucketTotalsValue }) {
  const { t } = useLanguage();
  const parts = [
    t('commissions.payable', { amount: formatPeso(totals.payable) }),
    totals.awaiting !== 0 && t('commissions.awaitingAmount', { amount: formatPeso(totals.awaiting) }),
    totals.held !== 0 && t('commissions.heldAmount', { amount: formatPeso(totals.held) }),
    totals.forfeited !== 0 && t('commissions.forfeitedAmount', { amount: formatPeso(totals.forfeited) }),
  ].filter(Boolean);
  return <p className="mt-3 text-sm font-medium text-slate-700 tabular-nums">{parts.join(' · ')}</p>;
}
