import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TICKET_MESSAGES, type NewTicket, type Ticket } from '@ahente/contract/tickets';
import { isApiError } from '../../api/client';
import { useEditTicket } from './api';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toast';
import { TicketFields } from './ticket-fields';
import { ticketFormSchema, ticketServerErrors, type TicketFormValues } from './ticket-form-schema';

interface EditTicketModalProps {
  ticket: Ticket;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Edit on the Tickets List: the ticket's title, description and type (any ticket, decision 012). */
export function EditTicketModal({ ticket, open, onOpenChange }: EditTicketModalProps) {
  const edit = useEditTicket();
  const formId = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<TicketFormValues, unknown, Omit<NewTicket, 'id'>>({
    resolver: zodResolver(ticketFormSchema),
    defaultValues: { title: ticket.title, type: ticket.type, description: ticket.description },
  });
  const saving = edit.isPending || form.formState.isSubmitting;

  const save = async (values: Omit<NewTicket, 'id'>) => {
    setServerError(null);
    try {
      await edit.mutateAsync({ ticketId: ticket.id, ...values });
      toast.success(TICKET_MESSAGES.updated);
      onOpenChange(false);
    } catch (error) {
      toast.error('Failed to update ticket');
      if (isApiError(error) && error.status < 500) {
        setServerError(error.error);
        for (const [name, message] of ticketServerErrors(error.body)) form.setError(name, { type: 'server', message });
      }
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && saving) return;
        onOpenChange(next);
      }}
      title="Edit Ticket"
      description={`Ticket #${ticket.id} · ${ticket.status}`}
      initialFocus={titleRef}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            Save Changes
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit(save)} aria-busy={saving || undefined}>
        <TicketFields form={form} disabled={edit.isPending} titleRef={titleRef} />
        {serverError && <p className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{serverError}</p>}
      </form>
    </Modal>
  );
}
