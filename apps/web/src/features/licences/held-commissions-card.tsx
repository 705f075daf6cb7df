import { Hand } from 'lucide-react';
import { useId, useState } from 'react';
import { COMMISSION_KIND_LABELS } from '@ahente/contract/commissions';
import type { HeldCommission } from '@ahente/contract/licences';
import { productLabel } from '@ahente/contract/labels';
import { formatPeso } from '@ahente/contract/money';
import { serverReason } from '../../api/client';
import { useCurrentUser } from '../../api/session';
import { useCompliance, useForfeitCommission, useReleaseCommission } from './api';
import { formatCalendarDate, readableDates } from '../../lib/dates';
import { useShowMore } from '../../lib/use-show-more';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { ShowMore } from '../../ui/show-more';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { Dash } from '../../ui/dash';
import { reasonSchema, CalendarDate } from './licence-format';
import { ReasonModal } from '../../ui/reason-modal';
import { memberIdText } from '@ahente/contract/labels';

const COLUMNS = 6;

type Forfeiting = { entry: HeldCommission; open: boolean; seq: number };

const whose = (e: HeldCommission) => `${formatPeso(e.amount)} for ${e.member_name}`;

/**
 * Held commissions (decision 018): entries written while their earner held no verified licence for
 * the product's line on the recording day. Release makes one payable from the next close, and only
 * when a verified licence now covers that day (otherwise the button is disabled and says why; the
 * server's 409 reason is shown if the page was stale). Forfeit asks a reason: it is never paid.
 */
export function HeldCommissionsCard({ id }: { id?: string }) {
  const me = useCurrentUser();
  const compliance = useCompliance();
  const release = useReleaseCommission();
  const forfeit = useForfeitCommission();
  const [forfeiting, setForfeiting] = useState<Forfeiting | null>(null);
  const [releasing, setReleasing] = useState<number | null>(null);
  const rows = compliance.data?.held ?? [];
  const page = useShowMore(rows);
  const busy = release.isPending || forfeit.isPending;

  const onRelease = (entry: HeldCommission) => {
    if (busy) return;
    setReleasing(entry.entry_id);
    release.mutate(entry.entry_id, {
      onSuccess: () => toast.success(`Released ${whose(entry)}: it is paid from the next close.`),
      onError: (error) => {
        const reason = serverReason(error);
        toast.error(reason ? `Could not release ${whose(entry)}: ${reason}` : `Could not release ${whose(entry)}. Please try again.`);
      },
      onSettled: () => setReleasing(null),
    });
  };

  const onForfeit = (entry: HeldCommission, reason: string) => {
    if (busy) return;
    forfeit.mutate(
      { entry_id: entry.entry_id, reason },
      {
        onSuccess: () => {
          toast.success(`Forfeited ${whose(entry)}: it will not be paid.`);
          setForfeiting((current) => (current ? { ...current, open: false } : current));
        },
        onError: (error) => {
          const why = serverReason(error);
          toast.error(why ? `Could not forfeit ${whose(entry)}: ${why}` : `Could not forfeit ${whose(entry)}. Please try again.`);
        },
      },
    );
  };

  const total = compliance.data?.held_total ?? 0;

  return (
    <div id={id} className="scroll-mt-6">
      <CardSection
        title="Held Commissions"
        icon={<Hand />}
        description={
          compliance.isSuccess && rows.length > 0
            ? `${formatPeso(total)} held in ${rows.length.toLocaleString('en-PH')} ${rows.length === 1 ? 'entry' : 'entries'}: written while the earner held no verified licence for the line on the day. No close pays them until released.`
            : 'Entries written while the earner held no verified licence for the line on the day. No close pays them until released.'
        }
        bodyClassName="px-0! pb-0!"
        className="overflow-hidden"
      >
        <TableScrollHint>Scroll the table sideways for every column; the actions stay at the right.</TableScrollHint>
        <Table caption="Held commissions" aria-busy={compliance.isPending || undefined} className="[&_td]:px-3 [&_th]:px-3">
          <TableHead>
            <tr>
              <TableHeaderCell>Member</TableHeaderCell>
              <TableHeaderCell>Sale</TableHeaderCell>
              <TableHeaderCell>Date</TableHeaderCell>
              <TableHeaderCell numeric>Amount</TableHeaderCell>
              <TableHeaderCell>Reason</TableHeaderCell>
              <TableHeaderCell sticky>Action</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={COLUMNS}
            query={compliance}
            loadingLabel="Loading held commissions…"
            skeletonClassName={(column) => (column <= 1 || column === 4 ? 'h-4 w-32' : 'h-4 w-16')}
            errorMessage="The held commissions could not be loaded."
            empty={rows.length === 0}
            emptyIcon={<Hand />}
            emptyTitle="No held commissions"
            emptyDescription="Every commission written so far had a licensed earner."
          >
            {page.visible.map((entry) => (
              <HeldRow
                key={entry.entry_id}
                entry={entry}
                own={entry.member_id === me.memberId}
                releasing={releasing === entry.entry_id}
                disabled={busy}
                onRelease={() => onRelease(entry)}
                onForfeit={() => setForfeiting((current) => ({ entry, open: true, seq: (current?.seq ?? 0) + 1 }))}
              />
            ))}
          </TableBodyStates>
        </Table>
        <ShowMore
          shown={page.visible.length}
          total={rows.length}
          next={page.next}
          expanded={page.expanded}
          noun="held commissions"
          onShowMore={page.showMore}
          onShowAll={page.showAll}
        />
      </CardSection>

      {forfeiting && (
        <ReasonModal
          key={forfeiting.seq}
          open={forfeiting.open}
          onOpenChange={(open) => !open && setForfeiting((current) => (current ? { ...current, open: false } : current))}
          title="Forfeit Commission"
          description={`${whose(forfeiting.entry)} (${forfeiting.entry.product !== null ? productLabel(forfeiting.entry.product) : COMMISSION_KIND_LABELS[forfeiting.entry.kind]}, ${formatCalendarDate(forfeiting.entry.entry_date)}) will never be paid. This cannot be undone.`}
          hint="Why it is not paid, e.g. the earner was not licensed for the line"
          confirmLabel="Forfeit"
          schema={reasonSchema}
          busy={forfeit.isPending}
          onConfirm={(reason) => onForfeit(forfeiting.entry, reason)}
        />
      )}
    </div>
  );
}

function HeldRow({
  entry,
  own,
  releasing,
  disabled,
  onRelease,
  onForfeit,
}: {
  entry: HeldCommission;
  /** The signed-in admin's own entry: another administrator releases it (decision 018). */
  own: boolean;
  releasing: boolean;
  disabled: boolean;
  onRelease: () => void;
  onForfeit: () => void;
}) {
  const noteId = useId();
  const label = ` ${whose(entry)}`;
  return (
    <TableRow>
      <TableCell className="min-w-36 font-medium text-slate-900">
        {entry.member_name}
        <span className="block text-xs font-normal text-slate-500">{memberIdText(entry.member_id)}</span>
      </TableCell>
      <TableCell className="min-w-36">
        {entry.product !== null ? productLabel(entry.product) : <Dash />}
        <span className="block text-xs text-slate-500">
          {entry.kind === 'override' && entry.seller_name
            ? `${COMMISSION_KIND_LABELS.override} on ${entry.seller_name}'s sale`
            : COMMISSION_KIND_LABELS[entry.kind]}
        </span>
      </TableCell>
      <TableCell>
        <CalendarDate value={entry.entry_date} />
      </TableCell>
      <TableCell numeric className="whitespace-nowrap">
        {formatPeso(entry.amount)}
      </TableCell>
      <TableCell className="min-w-52">
        <p className="break-words">{readableDates(entry.hold_reason)}</p>
      </TableCell>
      <TableCell sticky className="w-32">
        <div className="flex flex-col items-stretch gap-1.5">
          <div className="flex flex-col gap-1.5">
            <Button
              size="sm"
              variant="secondary"
              onClick={onRelease}
              loading={releasing}
              disabled={own || !entry.releasable || (disabled && !releasing)}
              aria-describedby={own || !entry.releasable ? noteId : undefined}
            >
              Release<span className="sr-only">{label}</span>
            </Button>
            <Button size="sm" variant="outline" onClick={onForfeit} disabled={disabled}>
              Forfeit<span className="sr-only">{label}</span>
            </Button>
          </div>
          {own ? (
            <p id={noteId} className="max-w-32 text-xs text-slate-500">
              Your own commission: another administrator releases it.
            </p>
          ) : (
            !entry.releasable && (
              <p id={noteId} className="max-w-32 text-xs text-slate-500">
                Release needs a verified licence covering <CalendarDate value={entry.entry_date} />.
              </p>
            )
          )}
        </div>
      </TableCell>
    </TableRow>
  );
}
