import { CheckCheck, Download, ExternalLink, Inbox, ShieldCheck } from 'lucide-react';
import { memo, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { daysUntil } from '@ahente/contract/dates';
import { DECIDE_REASON_MAX, erasedMemberName, PRIVACY_REQUEST_WORKING_DAYS, type PrivacyQueueItem } from '@ahente/contract/my-data';
import { serverReason } from '../../api/client';
import { downloadMyData, useDecideErasure, usePrivacyRequests } from './api';
import { formatCalendarDate, formatManilaDate } from '../../lib/dates';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dash } from '../../ui/dash';
import { ReasonModal } from '../../ui/reason-modal';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { useFileDownload } from './use-file-download';
import { OverdueBadge } from './privacy-format';
import { memberIdText } from '@ahente/contract/labels';

const OPEN_COLUMNS = 5;
const DECIDED_COLUMNS = 6;

/** The refusal's reason: required, as the contract's decideErasure asks. */
const refuseSchema = z.object({
  reason: z.string().trim().min(1, 'A reason is required to refuse').max(DECIDE_REASON_MAX, `At most ${DECIDE_REASON_MAX} characters`),
});

type Decision = { item: PrivacyQueueItem; kind: 'approve' | 'refuse'; open: boolean; seq: number };

const kindLabel = (item: PrivacyQueueItem) => (item.kind === 'erasure' ? 'Erasure' : 'Privacy ticket');

/** "Due in 12 days", "Due today", "3 days overdue". */
function deadlineText(dueOn: string, today: string): string {
  const days = daysUntil(dueOn, today);
  if (days === 0) return 'Due today';
  if (days > 0) return days === 1 ? 'Due tomorrow' : `Due in ${days} days`;
  return -days === 1 ? '1 day overdue' : `${-days} days overdue`;
}

/**
 * Admin Panel → Privacy → Requests (decision 027): the open requests of data subjects, oldest
 * first, each with its deadline (30 working days, NPC Advisory 2021-01) and a clear Overdue badge
 * past it; erasure requests are approved (the member is erased, for good) or refused with a reason;
 * privacy tickets (a copy, a correction) are answered in the Tickets List. Below, the requests
 * decided in the last 90 days.
 */
export function PrivacyRequestsPage() {
  const requests = usePrivacyRequests();
  const decide = useDecideErasure();
  const [decision, setDecision] = useState<Decision | null>(null);
  const today = requests.data?.today ?? '';
  const open = requests.data?.open ?? [];
  const decided = requests.data?.decided ?? [];
  const overdue = open.filter((item) => item.overdue).length;

  const onDecide = useCallback(
    (item: PrivacyQueueItem, kind: Decision['kind']) =>
      setDecision((current) => ({ item, kind, open: true, seq: (current?.seq ?? 0) + 1 })),
    [],
  );
  const dismiss = () => setDecision((current) => (current ? { ...current, open: false } : current));

  const send = async (item: PrivacyQueueItem, outcome: 'approved' | 'refused', reason?: string) => {
    if (!item.member) return;
    const name = item.member.name;
    try {
      await decide.mutateAsync({ member_id: item.member.id, decision: outcome, ...(reason ? { reason } : {}) });
      toast.success(
        outcome === 'approved'
          ? `${name}'s personal data was erased. Their kept records now read "${erasedMemberName(item.member.id)}".`
          : `${name}'s erasure request was refused. They see your reason in Settings → Privacy.`,
      );
      dismiss();
    } catch (error) {
      const reason = serverReason(error);
      toast.error(reason ? `The decision was not saved. ${reason}` : 'The decision was not saved.');
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <CardSection
        title="Open requests"
        icon={<Inbox />}
        description={
          requests.data
            ? `${open.length} open${overdue > 0 ? `, ${overdue} overdue` : ''}. Each is answered within ${PRIVACY_REQUEST_WORKING_DAYS} working days of its receipt; oldest first.`
            : `Each is answered within ${PRIVACY_REQUEST_WORKING_DAYS} working days of its receipt; oldest first.`
        }
        bodyClassName="px-0! pb-0!"
        className="overflow-hidden"
      >
        <TableScrollHint>Scroll the table sideways for every column; the actions stay at the right.</TableScrollHint>
        <Table caption="Open privacy requests" aria-busy={requests.isPending || undefined}>
          <TableHead>
            <tr>
              <TableHeaderCell>Member</TableHeaderCell>
              <TableHeaderCell>Request</TableHeaderCell>
              <TableHeaderCell>Received</TableHeaderCell>
              <TableHeaderCell>Deadline</TableHeaderCell>
              <TableHeaderCell sticky>Actions</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={OPEN_COLUMNS}
            query={requests}
            loadingLabel="Loading privacy requests…"
            skeletonClassName={(column) => (column === 0 ? 'h-4 w-32' : 'h-4 w-20')}
            errorMessage="The privacy requests could not be loaded."
            empty={open.length === 0}
            emptyIcon={<ShieldCheck />}
            emptyTitle="No open requests"
            emptyDescription="Erasure requests from Settings → Privacy and Help Center tickets of type Privacy appear here with their deadlines."
          >
            {open.map((item) => (
              <OpenRow key={`${item.kind}-${item.id}`} item={item} today={today} onDecide={onDecide} />
            ))}
          </TableBodyStates>
        </Table>
      </CardSection>

      <CardSection
        title="Recently decided"
        icon={<CheckCheck />}
        description="The requests decided in the last 90 days, newest first."
        bodyClassName="px-0! pb-0!"
        className="overflow-hidden"
      >
        <TableScrollHint>Scroll the table sideways for every column.</TableScrollHint>
        <Table caption="Recently decided privacy requests" aria-busy={requests.isPending || undefined}>
          <TableHead>
            <tr>
              <TableHeaderCell>Member</TableHeaderCell>
              <TableHeaderCell>Request</TableHeaderCell>
              <TableHeaderCell>Received</TableHeaderCell>
              <TableHeaderCell>Decision</TableHeaderCell>
              <TableHeaderCell>Decided</TableHeaderCell>
              <TableHeaderCell>Reason</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={DECIDED_COLUMNS}
            query={requests}
            loadingLabel="Loading decided requests…"
            skeletonClassName={(column) => (column === 0 ? 'h-4 w-32' : 'h-4 w-20')}
            errorMessage="The decided requests could not be loaded."
            empty={decided.length === 0}
            emptyIcon={<CheckCheck />}
            emptyTitle="Nothing decided in the last 90 days"
          >
            {decided.map((item) => (
              <DecidedRow key={`${item.kind}-${item.id}`} item={item} />
            ))}
          </TableBodyStates>
        </Table>
      </CardSection>

      {decision && decision.kind === 'approve' && decision.item.member && (
        <ConfirmDialog
          key={decision.seq}
          open={decision.open}
          onOpenChange={(next) => !next && dismiss()}
          title={`Erase ${decision.item.member.name}'s personal data?`}
          description={
            <div className="space-y-2">
              <p className="font-medium text-red-800">
                This erases the member&apos;s personal data for good: it cannot be undone, and they can no longer sign in.
              </p>
              <p>
                Their name, username, e-mail, contact number, address, birthday, TIN, bank details, certifications, photo, valid ID and
                licence scans are deleted.
              </p>
              <p>
                {`Their sales, commission entries and statements and BIR Form 2307 figures stay for five years, shown as "${erasedMemberName(decision.item.member.id)}".`}
              </p>
            </div>
          }
          confirmLabel="Approve and erase"
          busy={decide.isPending}
          onConfirm={() => void send(decision.item, 'approved')}
        />
      )}
      {decision && decision.kind === 'refuse' && decision.item.member && (
        <ReasonModal
          key={decision.seq}
          open={decision.open}
          onOpenChange={(next) => !next && dismiss()}
          title="Refuse erasure request"
          description={`${decision.item.member.name} asked to be erased. Their data stays as it is; they read your reason in Settings → Privacy and may ask again.`}
          hint={`Required. Up to ${DECIDE_REASON_MAX} characters.`}
          schema={refuseSchema}
          multiline
          maxLength={DECIDE_REASON_MAX}
          confirmLabel="Refuse request"
          busy={decide.isPending}
          onConfirm={(reason) => void send(decision.item, 'refused', reason)}
        />
      )}
    </div>
  );
}

/** The member: their name and username, or a dash. */
function MemberCell({ item }: { item: PrivacyQueueItem }) {
  if (!item.member) return <Dash />;
  const name = item.member.name;
  return (
    <>
      <span className="font-medium break-words text-slate-900">{name}</span>
      <span className="block text-xs break-all text-slate-500">{`${item.member.username} · ${memberIdText(item.member.id)}`}</span>
    </>
  );
}

/** What was asked: an erasure, or a privacy ticket with its title. */
function RequestCell({ item }: { item: PrivacyQueueItem }) {
  return (
    <>
      <span className="whitespace-nowrap text-slate-900">{kindLabel(item)}</span>
      {item.title && <span className="block max-w-64 text-xs break-words text-slate-500">{`#${item.id}: ${item.title}`}</span>}
    </>
  );
}

const OpenRow = memo(function OpenRow({
  item,
  today,
  onDecide,
}: {
  item: PrivacyQueueItem;
  today: string;
  onDecide: (item: PrivacyQueueItem, kind: Decision['kind']) => void;
}) {
  const who = item.member?.name ?? 'the member';
  return (
    <TableRow data-request={`${item.kind}-${item.id}`}>
      <TableCell className="min-w-40 align-top">
        <MemberCell item={item} />
        {/* On a phone the deadline is off to the side: repeated here (read once, from its column). */}
        <span aria-hidden="true" className="mt-1.5 flex flex-col items-start gap-1 text-xs text-slate-600 md:hidden">
          <span>{`Due by ${formatCalendarDate(item.due_on)}`}</span>
          {item.overdue && <OverdueBadge />}
        </span>
      </TableCell>
      <TableCell className="min-w-32 align-top">
        <RequestCell item={item} />
      </TableCell>
      <TableCell className="align-top whitespace-nowrap">
        <time dateTime={item.received_at}>{formatManilaDate(item.received_at)}</time>
      </TableCell>
      <TableCell className="align-top whitespace-nowrap">
        <span className="flex flex-col items-start gap-1">
          <time dateTime={item.due_on} className={item.overdue ? 'font-semibold text-red-800' : 'font-medium text-slate-900'}>
            {formatCalendarDate(item.due_on)}
          </time>
          {item.overdue && <OverdueBadge />}
          {today && (
            <span className={item.overdue ? 'text-xs text-red-800' : 'text-xs text-slate-500'}>{deadlineText(item.due_on, today)}</span>
          )}
        </span>
      </TableCell>
      <TableCell sticky className="align-top">
        {item.kind === 'erasure' ? (
          <div className="flex flex-col items-stretch gap-1.5 sm:flex-row sm:items-center sm:gap-2">
            <Button size="sm" variant="danger" disabled={!item.member} onClick={() => onDecide(item, 'approve')}>
              Approve
              <span className="sr-only">{` the erasure of ${who}`}</span>
            </Button>
            <Button size="sm" variant="outline" disabled={!item.member} onClick={() => onDecide(item, 'refuse')}>
              Refuse
              <span className="sr-only">{` the erasure of ${who}`}</span>
            </Button>
          </div>
        ) : (
          <div className="flex flex-col items-stretch gap-1.5 sm:flex-row sm:items-center sm:gap-2">
            <Link to="/admin/adminticketlist" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
              <ExternalLink aria-hidden="true" />
              {`Ticket #${item.id}`}
              <span className="sr-only"> in the Tickets List</span>
            </Link>
            {item.member && <MemberCopyButton memberId={item.member.id} name={who} />}
          </div>
        )}
      </TableCell>
    </TableRow>
  );
});

/**
 * A copy of the member's data for a request made by ticket (a member who cannot download it
 * themselves): the same .zip as Settings → Privacy, and the read is logged as a data export.
 */
function MemberCopyButton({ memberId, name }: { memberId: number; name: string }) {
  const { busy, run } = useFileDownload();
  const download = () => run(() => downloadMyData(memberId));
  return (
    <Button size="sm" variant="outline" loading={busy} onClick={() => void download()}>
      <Download aria-hidden="true" />
      Copy of data
      <span className="sr-only">{` of ${name} (.zip)`}</span>
    </Button>
  );
}

function DecisionBadge({ item }: { item: PrivacyQueueItem }) {
  const status = item.status.toLowerCase();
  if (status === 'approved' || status === 'resolved')
    return <Badge tone="success">{status === 'approved' ? 'Approved' : 'Resolved'}</Badge>;
  if (status === 'refused' || status === 'rejected') return <Badge tone="danger">{status === 'refused' ? 'Refused' : 'Rejected'}</Badge>;
  return <Badge tone="neutral">{item.status}</Badge>;
}

const DecidedRow = memo(function DecidedRow({ item }: { item: PrivacyQueueItem }) {
  return (
    <TableRow data-request={`${item.kind}-${item.id}`}>
      <TableCell className="min-w-40 align-top">
        <MemberCell item={item} />
        <span aria-hidden="true" className="mt-1.5 flex flex-col items-start gap-1 text-xs text-slate-600 md:hidden">
          <DecisionBadge item={item} />
        </span>
      </TableCell>
      <TableCell className="min-w-32 align-top">
        <RequestCell item={item} />
      </TableCell>
      <TableCell className="align-top whitespace-nowrap">
        <time dateTime={item.received_at}>{formatManilaDate(item.received_at)}</time>
      </TableCell>
      <TableCell className="align-top">
        <DecisionBadge item={item} />
      </TableCell>
      <TableCell className="align-top whitespace-nowrap">
        {item.decided_at ? <time dateTime={item.decided_at}>{formatManilaDate(item.decided_at)}</time> : <Dash />}
        {item.decided_by && <span className="block text-xs text-slate-500">{`by ${item.decided_by}`}</span>}
      </TableCell>
      <TableCell className="min-w-48 align-top">
        {item.reason ? <p className="line-clamp-3 max-w-md break-words whitespace-pre-line">{item.reason}</p> : <Dash />}
      </TableCell>
    </TableRow>
  );
});
