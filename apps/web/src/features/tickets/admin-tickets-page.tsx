import { Inbox } from 'lucide-react';
import { memo, useCallback, useId, useState } from 'react';
import { TICKET_MESSAGES, type Ticket, type TicketStatus } from '@ahente/contract/tickets';
import { isApiError } from '../../api/client';
import { useAdminTickets, useCloseTicket } from '../../api/tickets';
import { formatTimestampParts } from '../../lib/dates';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { Table, TableCell, TableHead, TableHeaderCell, TableRow, TableScrollHint } from '../../ui/table';
import { TableBodyStates } from '../../ui/table-states';
import { toast } from '../../ui/toast';
import { EditTicketModal } from './edit-ticket-modal';
import { TICKET_TYPE_LABELS } from './ticket-form-schema';
import { TicketStatusBadge } from './ticket-status-badge';

const COLUMNS = 6;
type Closing = 'Resolved' | 'Rejected';
/** The open (or closing) Edit modal; `seq` gives each opening a fresh form. */
type Dialog = { ticket: Ticket; open: boolean; seq: number };

/**
 * /admin/adminticketlist 'Tickets List' (spec §2; decision 012): every ticket, Pending first.
 * Edit changes title, description and type; Resolve and Reject close a Pending ticket, once.
 */
export function AdminTicketsPage() {
  const tickets = useAdminTickets();
  const { mutateAsync: closeTicket } = useCloseTicket();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  /** The tickets being closed right now, and to what (their buttons wait). */
  const [closing, setClosing] = useState<ReadonlyMap<number, Closing>>(new Map());

  const onEdit = useCallback((ticket: Ticket) => setDialog((current) => ({ ticket, open: true, seq: (current?.seq ?? 0) + 1 })), []);
  // mutateAsync, not mutate: mutate's own callbacks fire for the latest call only, and two rows may be closing at once.
  const onClose = useCallback(
    async (ticket: Ticket, status: Closing) => {
      setClosing((current) => new Map(current).set(ticket.id, status));
      try {
        const { ticket: closed } = await closeTicket({ ticketId: ticket.id, status });
        toast.success(TICKET_MESSAGES.closed(closed.id, closed.status));
      } catch (error) {
        // 409: another admin closed it first; the server says how, and the list is read again.
        toast.error(isApiError(error) && error.status < 500 ? error.error : 'Failed to update ticket');
      } finally {
        setClosing((current) => {
          const next = new Map(current);
          next.delete(ticket.id);
          return next;
        });
      }
    },
    [closeTicket],
  );

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
              <TicketRow key={ticket.id} ticket={ticket} closingAs={closing.get(ticket.id)} onEdit={onEdit} onClose={onClose} />
            ))}
          </TableBodyStates>
        </Table>
      </Card>

      {dialog && (
        <EditTicketModal
          key={dialog.seq}
          ticket={dialog.ticket}
          open={dialog.open}
          onOpenChange={(open) => !open && setDialog((current) => (current ? { ...current, open: false } : current))}
        />
      )}
    </>
  );
}

const closedNote = (status: TicketStatus) => `Already ${status.toLowerCase()}: a closed ticket stays closed`;

const TicketRow = memo(function TicketRow({
  ticket,
  closingAs,
  onEdit,
  onClose,
}: {
  ticket: Ticket;
  /** Set while this ticket is being closed, to the status asked for. */
  closingAs: Closing | undefined;
  onEdit: (ticket: Ticket) => void;
  onClose: (ticket: Ticket, status: Closing) => Promise<void>;
}) {
  const noteId = useId();
  const closed = ticket.status !== 'Pending';
  const busy = closingAs !== undefined;
  const opened = formatTimestampParts(ticket.created_at);
  const by = ticket.member ? [ticket.member.f_name, ticket.member.l_name].join(' ') : 'the agency';
  const closeProps = {
    size: 'sm' as const,
    disabled: closed || busy,
    'aria-describedby': closed ? noteId : undefined,
  };
  return (
    <TableRow>
      <TableCell numeric className="text-slate-500">
        {ticket.id}
      </TableCell>
      <TableCell className="min-w-44">
        <p className="font-medium break-words text-slate-900">{ticket.title}</p>
        <p className="mt-0.5 text-xs text-slate-500">
          By {by} · <time dateTime={ticket.created_at}>{opened.date}</time>
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
          <Button size="sm" variant="outline" onClick={() => onEdit(ticket)}>
            Edit
          </Button>
          <Button {...closeProps} variant="secondary" loading={closingAs === 'Resolved'} onClick={() => void onClose(ticket, 'Resolved')}>
            Resolve
          </Button>
          <Button {...closeProps} variant="outline" loading={closingAs === 'Rejected'} onClick={() => void onClose(ticket, 'Rejected')}>
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
