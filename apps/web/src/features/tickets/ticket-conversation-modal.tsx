import { zodResolver } from '@hookform/resolvers/zod';
import { formatManilaDateTime } from '../../lib/dates';
import { Lock, RotateCw, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { LIMITS } from '@ahente/contract/common';
import { replyTicketRequest, type Ticket, type TicketClosingStatus } from '@ahente/contract/tickets';
import './i18n';
import { useLanguage } from '../../i18n';
import { isApiError } from '../../api/client';
import { useCurrentUser } from '../../api/session';
import { useReplyTicket, useTicketReplies } from './api';
import { cn } from '../../lib/cn';
import { formSchemaFor } from '../../lib/form-schema';
import { currentLocale } from '../../lib/locale';
import { fullName } from '@ahente/contract/names';
import { setRefs } from '../../lib/set-refs';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Textarea } from '../../ui/input';
import { Modal } from '../../ui/modal';
import { Notice } from '../../ui/notice';
import { Skeleton } from '../../ui/skeleton';
import { openedBy } from './ticket-format';
import { TICKET_TYPE_LABELS } from './ticket-form-schema';
import { TicketStatusBadge } from './ticket-status-badge';

interface ReplyValues {
  message: string;
}
const replySchema = formSchemaFor<ReplyValues>()(replyTicketRequest.pick({ message: true }));

/** One message as the dialog shows it: the ticket's description first, then the replies. */
interface Message {
  key: string;
  author: string;
  /** The reader's side of the conversation (the author's in the Help Center, the agency's for admins). */
  ours: boolean;
  byAdmin: boolean;
  text: string;
  at: string;
  closesAs: TicketClosingStatus | null;
  opening: boolean;
}

interface TicketConversationModalProps {
  ticket: Ticket;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Who reads it: the ticket's author (Help Center) or an admin (Tickets List). */
  viewer: 'author' | 'admin';
}

/**
 * A ticket as a conversation (decision 020): who opened it and when, its description, the replies
 * of the author and of admins oldest first (the admin's closing message marked), and a reply box
 * while the ticket is Pending. Resolved and Rejected tickets take no more replies.
 */
export function TicketConversationModal({ ticket, open, onOpenChange, viewer }: TicketConversationModalProps) {
  const { t } = useLanguage();
  const me = useCurrentUser();
  const replies = useTicketReplies(ticket.id, open);
  const send = useReplyTicket();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const bottomRef = useRef<HTMLDivElement>(null);
  const [serverError, setServerError] = useState<{ text: string; seq: number } | null>(null);
  const [sentCount, setSentCount] = useState(0);
  const form = useForm<ReplyValues, unknown, { message: string }>({
    resolver: zodResolver(replySchema),
    defaultValues: { message: '' },
  });
  const pending = ticket.status === 'Pending';
  const sending = send.isPending || form.formState.isSubmitting;

  const messages: Message[] = [
    {
      key: 'opening',
      author:
        viewer === 'author'
          ? t('helpCenter.conversation.you')
          : ticket.member
            ? fullName(ticket.member)
            : t('helpCenter.conversation.theAgency'),
      ours: viewer === 'author',
      byAdmin: ticket.member === null,
      text: ticket.description,
      at: ticket.created_at,
      closesAs: null,
      opening: true,
    },
    ...(replies.data ?? []).map((reply) => ({
      key: String(reply.id),
      author: reply.author.id === me.memberId ? t('helpCenter.conversation.you') : reply.author.name,
      ours: viewer === 'admin' ? reply.by_admin : !reply.by_admin,
      byAdmin: reply.by_admin,
      text: reply.message,
      at: reply.created_at,
      closesAs: reply.closes_as,
      opening: false,
    })),
  ];

  // The newest message and the reply box in view, once the conversation is read and after each reply.
  const count = replies.data?.length;
  useEffect(() => {
    if (count !== undefined) bottomRef.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  const submit = async ({ message }: { message: string }) => {
    setServerError(null);
    try {
      await send.mutateAsync({ ticket_id: ticket.id, message });
      form.reset({ message: '' });
      setSentCount((n) => n + 1);
    } catch (error) {
      // 409: the ticket was closed meanwhile; the lists are read again and the box goes away.
      const text = isApiError(error) && error.status < 500 ? error.error : t('helpCenter.conversation.sendFailed');
      setServerError((current) => ({ text, seq: (current?.seq ?? 0) + 1 }));
    }
  };

  const field = form.register('message');
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && sending) return;
        onOpenChange(next);
      }}
      size="lg"
      title={ticket.title}
      description={
        <>
          {t('helpCenter.conversation.ticketNo', { id: ticket.id })} · {TICKET_TYPE_LABELS[ticket.type]} ·{' '}
          {ticket.member ? t('helpCenter.openedBy', { who: openedBy(ticket) }) : t('helpCenter.openedByAgency')}{' '}
          <time dateTime={ticket.created_at}>{formatManilaDateTime(ticket.created_at)}</time>
        </>
      }
      {...(pending ? { initialFocus: inputRef } : {})}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <TicketStatusBadge status={ticket.status} />
        {ticket.closed_at && (
          <span>
            {t('helpCenter.conversation.closedOn', { status: ticket.status })}{' '}
            <time dateTime={ticket.closed_at}>{formatManilaDateTime(ticket.closed_at)}</time>
          </span>
        )}
      </div>

      <h3 className="mt-5 text-sm font-semibold text-slate-900">{t('helpCenter.conversation.heading')}</h3>
      <ol aria-label={t('helpCenter.conversation.heading')} aria-busy={replies.isPending || undefined} className="mt-3 flex flex-col gap-3">
        {messages.map((message) => (
          <MessageItem key={message.key} message={message} />
        ))}
        {replies.isPending && (
          <li className="flex flex-col gap-2">
            <span role="status" className="sr-only">
              {t('helpCenter.conversation.loading')}
            </span>
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-12 w-3/4" />
          </li>
        )}
      </ol>
      {replies.isError && (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <p className="font-medium text-slate-700">{t('helpCenter.conversation.repliesFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void replies.refetch()} loading={replies.isFetching}>
            <RotateCw aria-hidden="true" />
            {t('helpCenter.tryAgain')}
          </Button>
        </div>
      )}

      <span role="status" className="sr-only">
        {/* The same words again after the next reply: a trailing no-break space makes it a change to announce. */}
        {sentCount > 0 ? `${t('helpCenter.conversation.replySent')}${sentCount % 2 ? '' : '\u00a0'}` : ''}
      </span>
      {serverError && (
        <Notice key={serverError.seq} tone="error" className="mt-4">
          {serverError.text}
        </Notice>
      )}

      <div ref={bottomRef} className="mt-5 border-t border-slate-100 pt-4">
        {pending ? (
          <form
            noValidate
            aria-label={t('helpCenter.conversation.replyForm')}
            aria-busy={sending || undefined}
            onSubmit={(event) => void form.handleSubmit(submit)(event)}
          >
            <Field
              label={t('helpCenter.conversation.yourReply')}
              hint={t('helpCenter.conversation.upTo', { n: LIMITS.description.toLocaleString(currentLocale()) })}
              error={form.formState.errors.message?.message}
            >
              <Textarea
                {...field}
                ref={(element: HTMLTextAreaElement | null) => setRefs<HTMLTextAreaElement>(element, field.ref, inputRef)}
                rows={3}
                maxLength={LIMITS.description}
                disabled={sending}
              />
            </Field>
            <div className="mt-3 flex justify-end">
              <Button type="submit" loading={sending} className="w-full sm:w-auto">
                <Send aria-hidden="true" />
                {t('helpCenter.conversation.send')}
              </Button>
            </div>
          </form>
        ) : (
          <p className="flex items-start gap-2 text-sm text-slate-600">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            {viewer === 'author'
              ? t('helpCenter.conversation.closedAuthor', { status: ticket.status.toLowerCase() })
              : t('helpCenter.conversation.closedAdmin', { status: ticket.status.toLowerCase() })}
          </p>
        )}
      </div>
    </Modal>
  );
}

const CLOSING_LOOK: Record<TicketClosingStatus, string> = {
  Resolved: 'border-green-300 bg-green-50',
  Rejected: 'border-red-300 bg-red-50',
};

function MessageItem({ message }: { message: Message }) {
  const { t } = useLanguage();
  const look = message.closesAs
    ? CLOSING_LOOK[message.closesAs]
    : message.ours
      ? 'border-brand-100 bg-brand-50/70'
      : 'border-slate-200 bg-white';
  return (
    <li className={cn('flex', message.ours ? 'justify-end' : 'justify-start')}>
      <div className={cn('w-full max-w-[92%] rounded-xl border px-3.5 py-2.5 sm:max-w-[80%]', look)}>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
          <span className="font-semibold text-slate-900">{message.author}</span>
          {message.byAdmin && <Badge tone="brand">{t('helpCenter.conversation.agency')}</Badge>}
          {message.opening && <span>{t('helpCenter.conversation.openedTheTicket')}</span>}
          {message.closesAs && (
            <Badge tone={message.closesAs === 'Resolved' ? 'success' : 'danger'} dot>
              {t('helpCenter.conversation.closing', { status: message.closesAs })}
            </Badge>
          )}
          <time dateTime={message.at} className="whitespace-nowrap">
            {formatManilaDateTime(message.at)}
          </time>
        </p>
        <p className="mt-1.5 text-sm break-words whitespace-pre-line text-slate-800">{message.text}</p>
      </div>
    </li>
  );
}
