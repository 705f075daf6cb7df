import { TICKET_MESSAGES } from '@ahente/contract/tickets';

/**
 * The Help Center as a member sees it (decisions 012, 020): opening a ticket, the list of one's own
 * tickets and a ticket's conversation. The ticket types and statuses keep the agency's English
 * words; the admin's Tickets List and Edit stay in English.
 */
export const helpCenterEn = {
  title: 'Help Center',
  description: 'Ask the agency for help and follow your tickets here.',
  openTicket: 'Open a Ticket',
  submit: 'Submit',
  submitted: TICKET_MESSAGES.submitted,
  submitFailed: 'Failed to submit ticket. Please try again.',
  yourTickets: 'Your Tickets',
  newestFirst: 'Newest first.',
  listLabel: 'Your tickets',
  loading: 'Loading your tickets…',
  failed: 'Your tickets could not be loaded.',
  tryAgain: 'Try again',
  none: 'No tickets yet',
  noneText: 'Tickets you open appear here with their status.',
  openedBy: 'Opened by {{who}} on',
  openedByAgency: 'Opened by the agency on',
  openConversation: 'Open conversation',
  readConversation: 'Read conversation',
  about: ' about {{title}}',
  replies_one: '{{count}} reply',
  replies_other: '{{count}} replies',
  fields: {
    title: 'Title',
    titlePlaceholder: 'e.g. Commission for March not credited',
    type: 'Type',
    typePlaceholder: 'Select a type',
    description: 'Description',
    descriptionPlaceholder: 'What happened, and what do you need?',
  },
  conversation: {
    ticketNo: 'Ticket #{{id}}',
    closedOn: '{{status}} on',
    heading: 'Conversation',
    you: 'You',
    theAgency: 'The agency',
    agency: 'Agency',
    openedTheTicket: 'opened the ticket',
    closing: 'Closing message · {{status}}',
    loading: 'Loading the conversation…',
    repliesFailed: 'The replies could not be loaded.',
    replySent: TICKET_MESSAGES.replySent,
    sendFailed: 'Failed to send the reply. Please try again.',
    replyForm: 'Reply',
    yourReply: 'Your reply',
    upTo: 'Up to {{n}} characters.',
    send: 'Send reply',
    closedAuthor: 'This ticket is {{status}}: it takes no more replies. Open a new ticket if you need more help.',
    closedAdmin: 'This ticket is {{status}}: it takes no more replies.',
  },
};
