import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db, DialectName } from './connect.ts';
import { withAdvisoryLock } from './locks.ts';
import { m001Members } from './migrations/001-members.ts';
import { m002DealsSales } from './migrations/002-deals-sales.ts';
import { m003Materials } from './migrations/003-materials.ts';
import { m004ServerSecrets } from './migrations/004-server-secrets.ts';
import { m005MembersAudit } from './migrations/005-members-audit.ts';
import { m006Tickets } from './migrations/006-tickets.ts';
import { m007Settings } from './migrations/007-settings.ts';
import { m008Commissions } from './migrations/008-commissions.ts';
import { m009VerificationLicences } from './migrations/009-verification-licences.ts';
import { m010CancellationsTax } from './migrations/010-cancellations-tax.ts';
import { m011TicketConversations } from './migrations/011-ticket-conversations.ts';
import { m012MaterialLibraries } from './migrations/012-material-libraries.ts';
import { m013BookNotifications } from './migrations/013-book-notifications.ts';
import { m014PrivacySecurity } from './migrations/014-privacy-security.ts';
import { m015Idempotency } from './migrations/015-idempotency.ts';
import { m016MemberLanguage } from './migrations/016-member-language.ts';
import { m017JobRuns } from './migrations/017-job-runs.ts';
import { m018ListPaging } from './migrations/018-list-paging.ts';
import { m019MemberListOrder } from './migrations/019-member-list-order.ts';
import { m020EnteredByAndReversalRepair } from './migrations/020-entered-by-and-reversal-repair.ts';
import { m021EmailChanges } from './migrations/021-email-changes.ts';
import { m022AgencyTaxDetails } from './migrations/022-agency-tax-details.ts';
import { m023HeldEntriesIndex } from './migrations/023-held-entries-index.ts';
import { m024InsurersStatements } from './migrations/024-insurers-statements.ts';
import { m025Proposals } from './migrations/025-proposals.ts';
import { m026University } from './migrations/026-university.ts';
import { m027Estore } from './migrations/027-estore.ts';

/** Every migration, in order. A migration gets the dialect for the few types that differ. */
const MIGRATIONS: Record<string, (dialect: DialectName) => Migration> = {
  '001-members': m001Members,
  '002-deals-sales': m002DealsSales,
  '003-materials': m003Materials,
  '004-server-secrets': m004ServerSecrets,
  '005-members-audit': m005MembersAudit,
  '006-tickets': m006Tickets,
  '007-settings': m007Settings,
  '008-commissions': m008Commissions,
  '009-verification-licences': m009VerificationLicences,
  '010-cancellations-tax': m010CancellationsTax,
  '011-ticket-conversations': m011TicketConversations,
  '012-material-libraries': m012MaterialLibraries,
  '013-book-notifications': m013BookNotifications,
  '014-privacy-security': m014PrivacySecurity,
  '015-idempotency': m015Idempotency,
  '016-member-language': m016MemberLanguage,
  '017-job-runs': m017JobRuns,
  '018-list-paging': m018ListPaging,
  '019-member-list-order': m019MemberListOrder,
  '020-entered-by-and-reversal-repair': m020EnteredByAndReversalRepair,
  '021-email-changes': m021EmailChanges,
  '022-agency-tax-details': m022AgencyTaxDetails,
  '023-held-entries-index': m023HeldEntriesIndex,
  '024-insurers-statements': m024InsurersStatements,
  '025-proposals': m025Proposals,
  '026-university': m026University,
  '027-estore': m027Estore,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations() {
    return Object.fromEntries(Object.entries(MIGRATIONS).map(([name, make]) => [name, make(this.dialect)]));
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  await migrate(db);
}

/** Up to and including migration `name` (tests of a migration over data of the schema before it). */
export async function migrateTo(db: Db, name: string): Promise<void> {
  await migrate(db, name);
}

/**
 * N instances started at once on an empty database (decision 032): on PostgreSQL the first to
 * take the 'migrations' advisory lock migrates, the others wait for it, then find nothing to do.
 * Kysely's own migration lock is a session-level pg_advisory_lock, which PgBouncer's transaction
 * pooling breaks: connect.ts turns it off, and this transaction-scoped lock takes its place.
 */
async function migrate({ db, dialect, schema }: Db, target?: string): Promise<void> {
  await withAdvisoryLock(db, 'migrations', () => runMigrator({ db, dialect, ...(schema ? { schema } : {}) }, target));
}

async function runMigrator({ db, dialect, schema }: Pick<Db, 'db' | 'dialect' | 'schema'>, target?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
