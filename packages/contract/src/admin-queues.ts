import { z } from 'zod';
import { AGENCY_TAX_FIELDS } from './tax.ts';

/**
 * POST adminqueues (admins, decision 021): the work waiting for the administrators, each a count of
 * the queue it links to, computed by the queries the queues themselves run (one definition per
 * count), and what the agency has not set up yet.
 */
export const adminQueuesResponse = z.object({
  /** Sales to verify: unverified sales but the asking admin's own (another admin verifies those). */
  sales_to_verify: z.number(),
  /** Sign-ups awaiting approval (Members List, Pending). */
  pending_members: z.number(),
  /** Tickets still Pending (Tickets List). */
  open_tickets: z.number(),
  /** Licences awaiting verification (Compliance). */
  licences_to_verify: z.number(),
  /** Held commission entries with no decision yet (Compliance). */
  held_commissions: z.number(),
  /** Open privacy requests (erasure requests and Privacy tickets) and the nearest deadline among them. */
  privacy_requests: z.object({ count: z.number(), nearest_due_on: z.string().nullable() }),
  /** The set-up list: the agency's tax details still unset (BIR Form 2307 and the alphalist need them). */
  setup: z.object({ agency_tax_details: z.array(z.enum(AGENCY_TAX_FIELDS)) }),
});
export type AdminQueues = z.infer<typeof adminQueuesResponse>;
