import { Inbox, MessagesSquare } from 'lucide-react';
import { formatManilaDateTime } from '../../lib/dates';
import { memo, useCallback, useId, useState } from 'react';
import { z } from 'zod';
import { closeTicketRequest, TICKET_MESSAGES, type Ticket, type TicketClosingStatus, type TicketStatus } from '@ahente/contract/tickets';
import { isApiError } from '../../api/client';
import { useAdminTickets, useCloseTicket } from './api';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { ReasonModal } from '../../ui/reason-modal';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { EditTicketModal } from './edit-ticket-modal';
import { TicketConversationModal } from './ticket-conversation-modal';
import { TICKET_TYPE_LABELS } from './ticket-form-schema';
import { openedBy, replyCountLabel } from './ticket-format';
import { TicketStatusBadge } from './ticket-status-badge';

const COLUMNS = 6;
/** The open (or closing) dialog of a ticket; `seq` gives each opening a fresh form. */
type Dialog = { ticketId: number; kind: 'edit' | 'conversation' | TicketClosingStatus; open: boolean; seq: number };

/** The closing message: the contract's rule (required in the web, decision 020), in ReasonModal's field. */
const closingSchema = z.object({ reason: closeTicketRequest.shape.message.unwrap() });
const CLOSING = {
  Resolved: { title: 'Resolve ticket', confirm: 'Resolve', verb: 'resolved' },
  Rejected: { title: 'Reject ticket', confirm: 'Reject', verb: 'rejected' },
} as const;

/**
 * /admin/adminticketlist 'Tickets List' (decisions 012, 020): every ticket, Pending first. A
 * ticket's title opens its conversation with the member, where an admin replies; Edit changes
 * title, description and type; Resolve and Reject ask for the closing message the member reads, and
 * close a Pending ticket, once.
 */
export function AdminTicketsPage() {
  const tickets = useAdminTickets();
  const close = useCloseTicket();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const onOpen = useCallback(
    (ticket: Ticket, kind: Dialog['kind']) =>
      setDialog((current) => ({ ticketId: ticket.id, kind, open: true, seq: (current?.seq ?? 0) + 1 })),
    [],
  );
  const dismiss = () => setDialog((current) => (current ? { ...current, open: false } : current));
  // The ticket as the list has it now (a reply, another admin's Resolve).
  const shown = dialog ? tickets.data?.find((t) => t.id === dialog.ticketId) : undefined;
  const closingAs = dialog?.kind === 'Resolved' || dialog?.kind === 'Rejected' ? dialog.kind : null;

  const onClose = async (ticket: Ticket, status: TicketClosingStatus, message: string) => {
    try {
      const { ticket: closed } = await close.mutateAsync({ ticketId: ticket.id, status, message });
      toast.success(TICKET_MESSAGES.closed(closed.id, closed.status));
      dismiss();
    } catch (error) {
      const reason = isApiError(error) && error.status < 500 ? error.error : 'Failed to update ticket';
      toast.error(reason);
      // 409: another admin closed it first; the server says how, and the list is read again.
      if (isApiError(error) && error.status === 409) dismiss();
    }
  };

  const rows = tickets.data ?? [];
  const pending = rows.filter((t) => t.status === 'Pending').length;
  return (
    <>
      <PageHeader
        title="Tickets List"
        description={
          tickets.data
            ? `${pending} pending of ${rows.length} ${rows.length === 1 ? 'ticket' : 'tickets'}.`
            : 'Every ticket, pending first.'
        }
      />
      <Card className="overflow-hidden">
        <TableScrollHint>Scroll the table sideways for every column; the actions stay at the right.</TableScrollHint>
        <Table caption="Tickets" aria-busy={tickets.isPending || undefined}>
          <TableHead>
            <tr>
              <TableHeaderCell numeric className="w-16">
                ID
              </TableHeaderCell>
              <TableHeaderCell>Title</TableHeaderCell>
              <TableHeaderCell>Description</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
              <TableHeaderCell>Type</TableHeaderCell>
              <TableHeaderCell sticky>Actions</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBodyStates
            columns={COLUMNS}
            query={tickets}
            loadingLabel="Loading tickets…"
            skeletonClassName={(column) => (column === 2 ? 'h-4 w-48' : column === 1 ? 'h-4 w-32' : 'h-4 w-14')}
            errorMessage="The tickets could not be loaded."
            empty={rows.length === 0}
            emptyIcon={<Inbox />}
            emptyTitle="No tickets yet"
            emptyDescription="Tickets that members open from the Help Center appear here."
          >
            {rows.map((ticket) => (
              <TicketRow key={ticket.id} ticket={ticket} onOpen={onOpen} />
            ))}
          </TableBodyStates>
        </Table>
      </Card>

      {dialog && shown && dialog.kind === 'edit' && (
        <EditTicketModal key={dialog.seq} ticket={shown} open={dialog.open} onOpenChange={(open) => !open && dismiss()} />
      )}
      {dialog && shown && dialog.kind === 'conversation' && (
        <TicketConversationModal
          key={dialog.seq}
          ticket={shown}
          viewer="admin"
          open={dialog.open}
          onOpenChange={(open) => !open && dismiss()}
        />
      )}
      {dialog && shown && closingAs && (
        <ReasonModal
          key={dialog.seq}
          open={dialog.open}
          onOpenChange={(open) => !open && dismiss()}
          title={CLOSING[closingAs].title}
          description={`Ticket #${shown.id}: ${shown.title}. Whoever opened it reads this message in the Help Center; once ${CLOSING[closingAs].verb}, the ticket takes no more replies.`}
          label="Closing message"
          hint="Required. Up to 2,000 characters."
          schema={closingSchema}
          multiline
          maxLength={2000}
          confirmLabel={CLOSING[closingAs].confirm}
          confirmVariant={closingAs === 'Resolved' ? 'primary' : 'danger'}
          busy={close.isPending}
          onConfirm={(message) => void onClose(shown, closingAs, message)}
        />
      )}
    </>
  );
}

const closedNote = (status: TicketStatus) => `Already ${status.toLowerCase()}: a closed ticket stays closed`;

const TicketRow = memo(function TicketRow({ ticket, onOpen }: { ticket: Ticket; onOpen: (ticket: Ticket, kind: Dialog['kind']) => void }) {
  const noteId = useId();
  const closed = ticket.status !== 'Pending';
  const closeProps = {
    size: 'sm' as const,
    disabled: closed,
    'aria-describedby': closed ? noteId : undefined,
  };
  return (
    <TableRow>
      <TableCell numeric className="text-slate-500">
        {ticket.id}
      </TableCell>
      <TableCell className="min-w-44">
        <button
          type="button"
          className="text-left font-medium break-words text-brand-800 underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          onClick={() => onOpen(ticket, 'conversation')}
        >
          {ticket.title}
        </button>
        <p className="mt-0.5 text-xs text-slate-500">
          By {openedBy(ticket)} · <time dateTime={ticket.created_at}>{formatManilaDateTime(ticket.created_at)}</time>
        </p>
        <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-500">
          <MessagesSquare aria-hidden="true" className="size-3.5" />
          {ticket.reply_count > 0 ? replyCountLabel(ticket.reply_count) : 'No replies yet'}
        </p>
        {/* On a phone the Status column is off to the side: the badge is repeated here (read once, from its column). */}
        <span aria-hidden="true" className="mt-1.5 block md:hidden">
          <TicketStatusBadge status={ticket.status} />
        </span>
      </TableCell>
      <TableCell className="min-w-56">
        <p className="line-clamp-3 max-w-md break-words whitespace-pre-line">{ticket.description}</p>
      </TableCell>
      <TableCell>
        <TicketStatusBadge status={ticket.status} />
      </TableCell>
      <TableCell className="whitespace-nowrap">{TICKET_TYPE_LABELS[ticket.type]}</TableCell>
      <TableCell sticky>
        <div className="flex flex-col items-stretch gap-1.5 sm:flex-row sm:items-center sm:gap-2">
          <Button size="sm" variant="outline" onClick={() => onOpen(ticket, 'edit')}>
            Edit
          </Button>
          <Button {...closeProps} variant="secondary" onClick={() => onOpen(ticket, 'Resolved')}>
            Resolve
          </Button>
          <Button {...closeProps} variant="outline" onClick={() => onOpen(ticket, 'Rejected')}>
            Reject
          </Button>
          {closed && (
            <span id={noteId} className="sr-only">
              {closedNote(ticket.status)}
            </span>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
});
