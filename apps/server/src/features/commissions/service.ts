import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LicencesService } from '../licences/service.ts';
import type { ProfileService } from '../members/profile-service.ts';
import type { TeamService } from '../members/team-service.ts';
import type { Notifier } from '../notifications/service.ts';
import type { TaxService } from '../tax/service.ts';
import { createHeldEntriesService } from './held-entries-service.ts';
import { createLedgerService } from './ledger-service.ts';
import { createPeriodsService } from './periods-service.ts';
import { createCommissionRatesService } from './rates-service.ts';
import { createSaleEntriesService } from './sale-entries-service.ts';
import { createCommissionSummaryService } from './summary-service.ts';

/**
 * Commissions (decision 016): the schedule of rates, the ledger written with each sale, held
 * entries, adjustments, closing a month into statements, and paying them. Each concern is a service
 * of its own with only the dependencies it uses (*-service.ts beside this file); this is the one
 * object the routes, the app and the scripts call.
 */
export function createCommissionsService(
  db: Kysely<Database>,
  members: Pick<ProfileService, 'requireMember' | 'audit'>,
  team: Pick<TeamService, 'leadersIn'>,
  licences: Pick<LicencesService, 'coveredEarners' | 'covers'>,
  tax: Pick<TaxService, 'settingsIn' | 'announceForm2307s'>,
  notifier: Pick<Notifier, 'notify' | 'notifyMany'>,
  options: { agencyName: string; now?: () => Date },
) {
  const summaries = createCommissionSummaryService(db, members, options);
  return {
    ...createSaleEntriesService({ team, licences, notifier }, options),
    ...createCommissionRatesService(db, members, options),
    ...createLedgerService(db, members, options),
    summary: summaries.summary,
    agencyEarned: summaries.agencyEarned,
    ...createHeldEntriesService(db, { members, licences, notifier }, options),
    ...createPeriodsService(db, { members, tax, notifier, summaries }, options),
  };
}

export type CommissionsService = ReturnType<typeof createCommissionsService>;
