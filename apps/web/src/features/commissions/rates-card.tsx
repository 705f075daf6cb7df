import { Percent, TriangleAlert, UsersRound } from 'lucide-react';
import { memo, useCallback, useState } from 'react';
import { formatRate, type RateKind, type RateSchedule } from '@ahente/contract/commissions';
import { useCommissionRates } from './api';
import { formatCalendarDate } from '../../lib/dates';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { Notice } from '../../ui/notice';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates, type ListQueryState } from '../../ui/table-states';
import { Dash } from '../../ui/dash';
import { keyLabel } from './commission-format';
import { RateModal } from './rate-modal';

/** The open (or closing) Set Rate dialog; `seq` gives each opening a fresh form. */
type Dialog = { kind: RateKind; key: string; open: boolean; seq: number };

/**
 * The commission schedule (decision 016): the override of each leadership position and the rate of
 * each product of the catalogue, in force today, the next one scheduled, and Set Rate with the
 * history. A product with no rate earns nothing: it is flagged, and counted above the table.
 */
export function RatesCards({ id }: { id?: string }) {
  const rates = useCommissionRates();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const onSet = useCallback(
    (kind: RateKind, key: string) => setDialog((current) => ({ kind, key, open: true, seq: (current?.seq ?? 0) + 1 })),
    [],
  );
  const unrated = rates.data?.products.filter((p) => p.current === null) ?? [];
  const schedule = dialog && rates.data ? (dialog.kind === 'product' ? rates.data.products : rates.data.overrides) : [];
  const open = dialog ? schedule.find((s) => s.key === dialog.key) : undefined;

  return (
    <div id={id} className="flex scroll-mt-6 flex-col gap-5">
      <CardSection
        title="Leadership Overrides"
        description="On each sale, the nearest Manager, Agency Manager and Agency Owner above the agent earn their position's share of the TCV."
        icon={<UsersRound />}
        bodyClassName="px-0! pb-0!"
        className="overflow-hidden"
      >
        <ScheduleTable kind="override" caption="Override rates" query={rates} rows={rates.data?.overrides ?? []} onSet={onSet} />
      </CardSection>

      <CardSection
        title="Product Rates"
        description="The agent earns the rate of the product sold, as a share of the TCV."
        icon={<Percent />}
        bodyClassName="px-0! pb-0!"
        className="overflow-hidden"
      >
        {unrated.length > 0 && (
          <Notice tone="warning" className="mx-5 mb-4">
            {unrated.length === 1
              ? '1 product has no rate: its sales earn no commission.'
              : `${unrated.length} products have no rate: their sales earn no commission.`}
          </Notice>
        )}
        <ScheduleTable kind="product" caption="Product rates" query={rates} rows={rates.data?.products ?? []} onSet={onSet} />
      </CardSection>

      {dialog && open && rates.data && (
        <RateModal
          key={dialog.seq}
          kind={dialog.kind}
          schedule={open}
          today={rates.data.as_of}
          open={dialog.open}
          onOpenChange={(next) => !next && setDialog((current) => (current ? { ...current, open: false } : current))}
        />
      )}
    </div>
  );
}

interface ScheduleTableProps {
  kind: RateKind;
  caption: string;
  query: ListQueryState;
  rows: readonly RateSchedule[];
  onSet: (kind: RateKind, key: string) => void;
}

function ScheduleTable({ kind, caption, query, rows, onSet }: ScheduleTableProps) {
  const product = kind === 'product';
  const columns = product ? 5 : 4;
  return (
    <>
      <TableScrollHint>Scroll the table sideways for every column; Set Rate stays at the right.</TableScrollHint>
      <Table caption={caption} aria-busy={query.isPending || undefined}>
        <TableHead>
          <tr>
            <TableHeaderCell>{product ? 'Product' : 'Position'}</TableHeaderCell>
            <TableHeaderCell>Rate Today</TableHeaderCell>
            <TableHeaderCell>Scheduled</TableHeaderCell>
            {product && <TableHeaderCell>Category</TableHeaderCell>}
            <TableHeaderCell sticky>Action</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBodyStates
          columns={columns}
          query={query}
          loadingLabel="Loading the commission schedule…"
          skeletonClassName={(column) => (column === 0 ? 'h-4 w-28' : 'h-4 w-14')}
          errorMessage="The commission schedule could not be loaded."
          empty={rows.length === 0}
          emptyIcon={<Percent />}
          emptyTitle="Nothing to rate"
        >
          {rows.map((row) => (
            <ScheduleRow key={row.key} kind={kind} row={row} onSet={onSet} />
          ))}
        </TableBodyStates>
      </Table>
    </>
  );
}

const ScheduleRow = memo(function ScheduleRow({
  kind,
  row,
  onSet,
}: {
  kind: RateKind;
  row: RateSchedule;
  onSet: (kind: RateKind, key: string) => void;
}) {
  const name = keyLabel(row.key);
  return (
    <TableRow>
      <TableCell className="min-w-32 font-medium text-slate-900 sm:min-w-40">
        {name}
        {/* On a phone Set Rate covers part of a product's rate: it is repeated here (read once, from its column). */}
        {kind === 'product' && (
          <span aria-hidden="true" className="mt-0.5 block text-xs font-normal text-slate-500 md:hidden">
            {row.current === null ? 'No rate' : formatRate(row.current)}
          </span>
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        {row.current === null ? (
          <Badge tone="warning">
            <TriangleAlert aria-hidden="true" className="size-3.5" />
            No rate
          </Badge>
        ) : (
          <>
            <span className="font-semibold text-slate-900">{formatRate(row.current)}</span>
            {row.current_from && <span className="block text-xs text-slate-500">since {formatCalendarDate(row.current_from)}</span>}
          </>
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">
        {row.next !== null && row.next_from ? (
          <>
            <span className="font-medium text-slate-900">{formatRate(row.next)}</span>
            <span className="block text-xs text-slate-500">from {formatCalendarDate(row.next_from)}</span>
          </>
        ) : (
          <Dash />
        )}
      </TableCell>
      {kind === 'product' && <TableCell className="whitespace-nowrap">{row.category ?? <Dash />}</TableCell>}
      <TableCell sticky>
        <Button size="sm" variant="outline" onClick={() => onSet(kind, row.key)}>
          Set Rate<span className="sr-only">{` for ${name}`}</span>
        </Button>
      </TableCell>
    </TableRow>
  );
});
