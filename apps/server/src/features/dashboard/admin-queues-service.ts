import type { AdminQueues } from '@ahente/contract/admin-queues';
import type { LicencesService } from '../licences/service.ts';
import type { TeamService } from '../members/team-service.ts';
import type { ErasureService } from '../privacy/erasure-service.ts';
import type { SalesService } from '../sales/service.ts';
import type { TaxService } from '../tax/service.ts';
import type { TicketsService } from '../tickets/service.ts';
import type { Auth } from '../../platform/sessions.ts';

/**
 * The administrator's day (decision 021): the work waiting, one count per queue, each asked of the
 * service that owns the queue and computed by the query its list runs (no SQL here, no second
 * definition): Sales to verify (the asking admin's, without their own sales), the Pending sign-ups
 * (the Members List's count), the open tickets, the Compliance page's licences to verify and held
 * entries, and the open privacy requests with the nearest deadline (the Privacy queue itself); and
 * the set-up list (the agency's tax details still unset).
 */
export function createAdminQueuesService(deps: {
  sales: Pick<SalesService, 'toVerifyCount'>;
  team: Pick<TeamService, 'agencyCounts'>;
  tickets: Pick<TicketsService, 'openCount'>;
  licences: Pick<LicencesService, 'queueCounts'>;
  erasure: Pick<ErasureService, 'queue'>;
  tax: Pick<TaxService, 'agencyTaxDetailsMissing'>;
}) {
  return {
    async queues(auth: Auth): Promise<AdminQueues> {
      const [sales, members, tickets, compliance, privacy, taxMissing] = await Promise.all([
        deps.sales.toVerifyCount(auth),
        deps.team.agencyCounts(),
        deps.tickets.openCount(),
        deps.licences.queueCounts(),
        deps.erasure.queue(),
        deps.tax.agencyTaxDetailsMissing(),
      ]);
      const dues = privacy.open.map((r) => r.due_on).sort();
      return {
        sales_to_verify: sales,
        pending_members: members.byStatus.Pending,
        open_tickets: tickets,
        licences_to_verify: compliance.toVerify,
        held_commissions: compliance.held,
        privacy_requests: { count: privacy.open.length, nearest_due_on: dues[0] ?? null },
        setup: { agency_tax_details: taxMissing },
      };
    },
  };
}

export type AdminQueuesService = ReturnType<typeof createAdminQueuesService>;
