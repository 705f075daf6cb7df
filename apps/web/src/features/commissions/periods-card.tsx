import { CalendarCheck } from 'lucide-react';
import { useState } from 'react';
import type { ClosePeriodResponse, PeriodRecord, PeriodState } from '@ahente/contract/commissions';
import { addDays, formatMonth, nextMonth } from '@ahente/contract/dates';
import { formatPeso } from '@ahente/contract/money';
import { serverReason } from '../../api/client';
import { useClosePeriod, useCommissionPeriods } from './api';
import { usePayoutSettings } from './tax-api';
import { formatCalendarDate, formatTimestampParts } from '../../lib/dates';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Notice } from '../../ui/notice';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { Amount } from './commission-format';

const COLUMNS = 7;
const entries = (n: number) => `${n.toLocaleString('en-PH')} ${n === 1 ? 'entry' : 'entries'}`;
const statements = (n: number) => `${n.toLocaleString('en-PH')} ${n === 1 ? 'statement' : 'statements'}`;
const count = (n: number) => n.toLocaleString('en-PH');

/** What a close did, as its toast and notice say it: the statements, gross, tax withheld, to pay, and how many were carried forward. */
function closeSummary(result: ClosePeriodResponse): string {
  return (
    `${formatMonth(result.period)} closed: ${statements(result.statements)}, gross ${formatPeso(result.gross)}, ` +
    `tax withheld ${formatPeso(result.withholding_tax)}, to pay ${formatPeso(result.to_pay)}; ${count(result.carried)} carried forward.`
  );
}

/** A month's state as its badge says it (decision 016). */
const STATE_BADGES: Record<PeriodState, { label: string; tone: BadgeTone }> = {
  running: { label: 'Running', tone: 'info' },
  open: { label: 'Open', tone: 'info' },
  upcoming: { label: 'Upcoming', tone: 'neutral' },
  closed: { label: 'Closed', tone: 'neutral' },
  closed_early: { label: 'Closed early', tone: 'warning' },
};

/** The last day of month 'YYYY-MM', as 'YYYY-MM-DD'. */
const lastDayOf = (period: string) => addDays(`${nextMonth(period)}-01`, -1);

/**
 * What closing the month still running means (decision 016), as the confirmation says it before the
 * screen sends `close_early` (the server's 409 says the same).
 */
export function closeEarlyText(period: string): string {
  const month = formatMonth(period);
  return (
    `${month} has not ended: it runs to ${formatCalendarDate(lastDayOf(period))}, Manila time. Closing it early posts its open ` +
    `entries now, and the commissions of sales recorded later in ${month} land in the next open month, ${formatMonth(nextMonth(period))}.`
  );
}

/** The open (or closing) confirmation; `seq` gives each opening its own dialog. */
type Confirm = { period: PeriodRecord; open: boolean; seq: number };

/**
 * Monthly close (decisions 016 and 019): every month from the first entry's (or sale's) to the
 * current one, empty ones included, newest first, with its state (decision 016) and its statements'
 * gross, tax withheld and net to pay. The month still running is closed only after a confirmation
 * that says what closing it early means; then the request says `close_early`. Closing a month posts
 * its open entries to one statement per member, after a confirmation; its toast, and a notice above
 * the months until the next close, say the gross, the tax withheld, what is to pay and how many
 * statements were carried forward. A month closes once (the server's 409 reason is shown). View
 * Statements shows a closed month's statements.
 */
export function PeriodsCard({ id, onView }: { id?: string; onView: (period: string) => void }) {
  const periods = useCommissionPeriods();
  const close = useClosePeriod();
  const settings = usePayoutSettings();
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  // The last close's result, said above the months until the next one (the toast goes after 3 s).
  const [lastClose, setLastClose] = useState<{ result: ClosePeriodResponse; seq: number } | null>(null);
  const rows = periods.data ?? [];

  const onConfirm = () => {
    if (!confirm || close.isPending) return;
    const month = formatMonth(confirm.period.period);
    const early = confirm.period.state === 'running';
    close.mutate(
      { period: confirm.period.period, ...(early ? { close_early: true } : {}) },
      {
        onSuccess: (result) => {
          toast.success(closeSummary(result));
          setLastClose((current) => ({ result, seq: (current?.seq ?? 0) + 1 }));
          setConfirm((current) => (current ? { ...current, open: false } : current));
          onView(result.period);
        },
        onError: (error) => {
          const reason = serverReason(error);
          toast.error(reason ? `Failed to close ${month}: ${reason}` : `Failed to close ${month}. Please try again.`);
          setConfirm((current) => (current ? { ...current, open: false } : current));
        },
      },
    );
  };

  return (
    <div id={id} className="scroll-mt-6">
      <CardSection
        title="Monthly Close"
        description="Closing a month posts its open entries to one statement per member. Entries recorded after the close go to the next open month."
        icon={<CalendarCheck />}
        bodyClassName="px-0! pb-0!"
        className="overflow-hidden"
      >
        {lastClose && (
          <Notice key={lastClose.seq} tone="success" className="mx-5 mb-4">
            {closeSummary(lastClose.result)}
          </Notice>
        )}
        <TableScrollHint>Scroll the table sideways for every column; the actions stay at the right.</TableScrollHint>
        <Table caption="Months" aria-busy={periods.isPending || undefined} className="[&_td]:px-3 [&_th]:px-3">
          <TableHead>
            <tr>
              <TableHeaderCell>Month</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
              <TableHeaderCell numeric>Open Entries</TableHeaderCell>
              <TableHeaderCell numeric>Gross</TableHeaderCell>
              <TableHeaderCell numeric className="whitespace-normal!">
                Tax Withheld
              </TableHeaderCell>
              <TableHeaderCell numeric>To Pay</TableHeaderCell>
              <TableHeaderCell sticky>Action</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={COLUMNS}
            query={periods}
            loadingLabel="Loading months…"
            skeletonClassName={(column) => (column === 1 ? 'h-4 w-32' : 'h-4 w-20')}
            errorMessage="The months could not be loaded."
            empty={rows.length === 0}
            emptyIcon={<CalendarCheck />}
            emptyTitle="No commissions yet"
            emptyDescription="A month appears here once a sale or an adjustment records a commission in it."
          >
            {rows.map((row) => {
              const month = formatMonth(row.period);
              const closed = row.closed_at !== null;
              const closedAt = closed ? formatTimestampParts(row.closed_at as string) : null;
              const badge = STATE_BADGES[row.state];
              const closable = (row.state === 'open' || row.state === 'running') && row.open_entries > 0;
              return (
                <TableRow key={row.period}>
                  <TableCell className="font-medium whitespace-nowrap text-slate-900">
                    {month}
                    {/* On a phone the status and the amounts are off to the side: repeated here (read once, from their columns). */}
                    <span aria-hidden="true" className="mt-1 block md:hidden">
                      <Badge tone={badge.tone} dot>
                        {badge.label}
                      </Badge>
                      {row.open_entries > 0 && (
                        <span className="mt-1 block text-xs font-normal text-slate-600">
                          Open: <Amount value={row.open_total} />
                        </span>
                      )}
                      {row.statements > 0 && (
                        <span className="mt-1 block text-xs font-normal text-slate-600">
                          To pay: <Amount value={row.statements_to_pay} />
                        </span>
                      )}
                    </span>
                  </TableCell>
                  <TableCell className="min-w-36">
                    <Badge tone={badge.tone} dot>
                      {badge.label}
                    </Badge>
                    {closed ? (
                      <span className="mt-1 block text-xs text-slate-500">
                        {closedAt?.date}
                        {row.closed_by_name ? ` by ${row.closed_by_name}` : ''}
                      </span>
                    ) : row.state === 'running' ? (
                      <span className="mt-1 block text-xs text-slate-500">Ends {formatCalendarDate(lastDayOf(row.period))}</span>
                    ) : null}
                  </TableCell>
                  <TableCell numeric className="whitespace-nowrap">
                    <Amount value={row.open_total} />
                    <span className="block text-xs text-slate-500">{entries(row.open_entries)}</span>
                  </TableCell>
                  <TableCell numeric className="whitespace-nowrap">
                    <Amount value={row.statements_gross} />
                    <span className="block text-xs text-slate-500">
                      {row.statements === 0 ? 'no statements' : statements(row.statements)}
                    </span>
                  </TableCell>
                  <TableCell numeric className="whitespace-nowrap">
                    <Amount value={row.statements_tax} />
                  </TableCell>
                  <TableCell numeric className="whitespace-nowrap">
                    <Amount value={row.statements_to_pay} />
                    {row.statements > 0 && (
                      <span className="block text-xs text-slate-500">
                        {count(row.paid)} paid, {count(row.unpaid)} unpaid
                        {row.carried > 0 && <span className="block">{count(row.carried)} carried forward</span>}
                      </span>
                    )}
                  </TableCell>
                  <TableCell sticky>
                    <div className="flex flex-col items-stretch gap-1.5">
                      {closable && (
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setConfirm((current) => ({ period: row, open: true, seq: (current?.seq ?? 0) + 1 }))}
                        >
                          Close Month<span className="sr-only">{` ${month}`}</span>
                        </Button>
                      )}
                      {row.statements > 0 && (
                        <Button size="sm" variant="outline" onClick={() => onView(row.period)}>
                          View Statements<span className="sr-only">{` of ${month}`}</span>
                        </Button>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBodyStates>
        </Table>
      </CardSection>

      {confirm && (
        <ConfirmDialog
          key={confirm.seq}
          open={confirm.open}
          onOpenChange={(open) => !open && setConfirm((current) => (current ? { ...current, open: false } : current))}
          title={`Close ${formatMonth(confirm.period.period)}${confirm.period.state === 'running' ? ' early' : ''}?`}
          description={
            <>
              {confirm.period.state === 'running' && (
                <p className="mb-2 font-medium text-slate-900">{closeEarlyText(confirm.period.period)}</p>
              )}
              <p>
                Its {entries(confirm.period.open_entries)}, {formatPeso(confirm.period.open_total)} in all, will be posted to one statement
                per member. Statements cannot be changed afterwards: corrections are made with adjustments.
              </p>
              <p className="mt-2">
                Each statement withholds tax on a positive gross at the member&apos;s rate. A net below the minimum payout
                {settings.data ? ` of ${formatPeso(settings.data.minimum_payout)}` : ''}, or below zero, is carried forward to the
                member&apos;s next statement.
              </p>
            </>
          }
          confirmLabel={confirm.period.state === 'running' ? 'Close Early' : 'Close Month'}
          tone="primary"
          busy={close.isPending}
          onConfirm={onConfirm}
        />
      )}
    </div>
  );
}
