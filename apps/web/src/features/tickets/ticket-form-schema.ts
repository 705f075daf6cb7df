import { errorResponse } from '@ahente/contract/common';
import { addTicketRequest, TICKET_TYPES, type TicketType } from '@ahente/contract/tickets';
import { formSchemaFor } from '../../lib/form-schema';

/** The ticket form as the screens hold it: the Help Center's new ticket and the admin's Edit. */
export interface TicketFormValues {
  title: string;
  type: TicketType | '';
  description: string;
}

export const EMPTY_TICKET: TicketFormValues = { title: '', type: '', description: '' };

/** The contract's rules for the three fields (the server checks the same). */
export const ticketFormSchema = formSchemaFor<TicketFormValues>()(addTicketRequest.omit({ id: true }));

/** How a type reads on screen; the stored value stays the spec's lower-case word. */
export const TICKET_TYPE_LABELS: Record<TicketType, string> = {
  concerns: 'Concerns',
  finance: 'Finance',
  sales: 'Sales',
  registration: 'Registration',
  privacy: 'Privacy',
};

export const TICKET_TYPE_OPTIONS = TICKET_TYPES.map((value) => ({ value, label: TICKET_TYPE_LABELS[value] }));

/** The fields a 400 of the server names (its `details`), as the form's names. */
export function ticketServerErrors(body: unknown): [keyof TicketFormValues, string][] {
  const details = errorResponse.safeParse(body).data?.details ?? [];
  return details.flatMap(({ path, message }): [keyof TicketFormValues, string][] =>
    path in EMPTY_TICKET ? [[path as keyof TicketFormValues, message]] : [],
  );
}
