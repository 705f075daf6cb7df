import { zodResolver } from '@hookform/resolvers/zod';
import { formatManilaDateTime } from '../../lib/dates';
import { LifeBuoy, MessageSquarePlus, MessagesSquare, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { NewTicket, Ticket } from '@ahente/contract/tickets';
import './i18n';
import { useLanguage } from '../../i18n';
import { isApiError } from '../../api/client';
import { useCurrentUser } from '../../api/session';
import { useAddTicket, useMyTickets } from './api';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';
import { TicketConversationModal } from './ticket-conversation-modal';
import { TicketFields } from './ticket-fields';
import { EMPTY_TICKET, TICKET_TYPE_LABELS, ticketFormSchema, ticketServerErrors, type TicketFormValues } from './ticket-form-schema';
import { openedBy } from './ticket-format';
import { TicketStatusBadge } from './ticket-status-badge';

/**
 * /helpcenter (decisions 012, 020): any member opens a ticket (Title, Type, Description) and follows
 * their own tickets, newest first, with the status an admin gave them; each opens as a conversation
 * with the agency, answered while it is Pending.
 */
export function HelpCenterPage() {
  const { t } = useLanguage();
  return (
    <>
      <PageHeader title={t('helpCenter.title')} description={t('helpCenter.description')} />
      <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <NewTicketCard />
        <MyTicketsCard />
      </div>
    </>
  );
}

function NewTicketCard() {
  const { t } = useLanguage();
  const user = useCurrentUser();
  const add = useAddTicket();
  const form = useForm<TicketFormValues, unknown, Omit<NewTicket, 'id'>>({
    resolver: zodResolver(ticketFormSchema),
    defaultValues: EMPTY_TICKET,
  });

  const submit = async (values: Omit<NewTicket, 'id'>) => {
    try {
      await add.mutateAsync({ id: user.memberId, ...values });
      toast.success(t('helpCenter.submitted'));
      form.reset(EMPTY_TICKET);
    } catch (error) {
      toast.error(isApiError(error) && error.status < 500 ? error.error : t('helpCenter.submitFailed'));
      if (isApiError(error)) for (const [name, message] of ticketServerErrors(error.body)) form.setError(name, { type: 'server', message });
    }
  };

  const busy = add.isPending || form.formState.isSubmitting;
  return (
    <CardSection title={t('helpCenter.openTicket')} icon={<MessageSquarePlus />}>
      <form noValidate onSubmit={form.handleSubmit(submit)} aria-label={t('helpCenter.openTicket')} aria-busy={busy || undefined}>
        <TicketFields form={form} disabled={add.isPending} />
        <Button type="submit" loading={busy} className="mt-5 w-full sm:w-auto">
          {t('helpCenter.submit')}
        </Button>
      </form>
    </CardSection>
  );
}

/** The open (or closing) conversation; `seq` gives each opening a fresh reply box. */
type Dialog = { ticketId: number; open: boolean; seq: number };

function MyTicketsCard() {
  const { t } = useLanguage();
  const user = useCurrentUser();
  const tickets = useMyTickets(user.memberId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // The ticket as the list has it now: a reply or an admin's Resolve shows at once.
  const shown = dialog ? tickets.data?.find((ticket) => ticket.id === dialog.ticketId) : undefined;
  const onOpen = (ticketId: number) => setDialog((current) => ({ ticketId, open: true, seq: (current?.seq ?? 0) + 1 }));
  return (
    <>
      <CardSection
        title={t('helpCenter.yourTickets')}
        description={t('helpCenter.newestFirst')}
        icon={<LifeBuoy />}
        bodyClassName="px-0! pb-0!"
        aria-busy={tickets.isPending || undefined}
      >
        {tickets.isPending ? (
          <div className="flex flex-col gap-4 p-5">
            <span role="status" className="sr-only">
              {t('helpCenter.loading')}
            </span>
            {[0, 1, 2].map((i) => (
              <div key={i} className="flex flex-col gap-2">
                <Skeleton className="h-4 w-48" />
                <Skeleton className="h-3 w-full" />
              </div>
            ))}
          </div>
        ) : tickets.isError ? (
          <div className="flex flex-col items-center gap-3 px-5 py-10 text-center text-sm">
            <p className="font-medium text-slate-700">{t('helpCenter.failed')}</p>
            <Button variant="outline" size="sm" onClick={() => void tickets.refetch()} loading={tickets.isFetching}>
              <RotateCw aria-hidden="true" />
              {t('helpCenter.tryAgain')}
            </Button>
          </div>
        ) : tickets.data.length === 0 ? (
          <EmptyState icon={<LifeBuoy />} title={t('helpCenter.none')} description={t('helpCenter.noneText')} compact className="py-10" />
        ) : (
          <ul aria-label={t('helpCenter.listLabel')} className="divide-y divide-slate-100 border-t border-slate-100">
            {tickets.data.map((ticket) => (
              <MyTicket key={ticket.id} ticket={ticket} onOpen={onOpen} />
            ))}
          </ul>
        )}
      </CardSection>
      {dialog && shown && (
        <TicketConversationModal
          key={dialog.seq}
          ticket={shown}
          viewer="author"
          open={dialog.open}
          onOpenChange={(open) => !open && setDialog((current) => (current ? { ...current, open: false } : current))}
        />
      )}
    </>
  );
}

function MyTicket({ ticket, onOpen }: { ticket: Ticket; onOpen: (ticketId: number) => void }) {
  const { t } = useLanguage();
  return (
    <li className="flex flex-col gap-1.5 px-5 py-4">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-medium break-words text-slate-900">{ticket.title}</p>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <p className="text-xs text-slate-500">
        #{ticket.id} · {TICKET_TYPE_LABELS[ticket.type]} ·{' '}
        {ticket.member ? t('helpCenter.openedBy', { who: openedBy(ticket) }) : t('helpCenter.openedByAgency')}{' '}
        <time dateTime={ticket.created_at}>{formatManilaDateTime(ticket.created_at)}</time>
      </p>
      <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-slate-600">{ticket.description}</p>
      <div>
        <Button variant="outline" size="sm" className="mt-1" onClick={() => onOpen(ticket.id)}>
          <MessagesSquare aria-hidden="true" />
          {ticket.status === 'Pending' ? t('helpCenter.openConversation') : t('helpCenter.readConversation')}
          <span className="sr-only">{t('helpCenter.about', { title: ticket.title })}</span>
          {ticket.reply_count > 0 && (
            <span className="font-normal text-slate-500">· {t('helpCenter.replies', { count: ticket.reply_count })}</span>
          )}
        </Button>
      </div>
    </li>
  );
}
