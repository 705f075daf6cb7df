import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * What the database holds, as `npm run seed:demo` reports what it made (decision 002, "A quiet
 * first start"): counted here, not by the seed as it went, so the summary cannot drift from the
 * data (it once said 46 sales of the 76 the seed writes: the commission history's and the book of
 * business's were left out). Members are the agency's (accounts of type user), not administrators.
 */
export interface DemoCounts {
  members: number;
  pendingMembers: number;
  deals: number;
  sales: number;
  salesVerified: number;
  salesRejected: number;
  salesAwaiting: number;
  /** Cancelled sales, whatever their verification (a cancelled sale was verified first). */
  salesCancelled: number;
  licences: number;
  bankDetails: number;
  certifications: number;
  sections: number;
  materials: number;
  tickets: number;
  ticketsPending: number;
  erasureRequestsOpen: number;
  closedMonths: number;
  paidStatements: number;
  accessLog: number;
  /** Insurers' statements imported and standing (issue 45), their lines, and the sales verified from them. */
  statementImports: number;
  statementLines: number;
  salesVerifiedFromStatements: number;
  insurers: number;
  insurerRates: number;
  /** Sales whose insurer text names no insurer (decision 037): left for an administrator to link. */
  salesUnknownInsurer: number;
}

export async function demoCounts(db: Kysely<Database>): Promise<DemoCounts> {
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
    Number((await query.executeTakeFirstOrThrow()).n);
  const members = db.selectFrom('members').where('account_type', '=', 'user');
  const sales = db.selectFrom('sales');
  const tickets = db.selectFrom('tickets');
  return {
    members: await count(members.select((eb) => eb.fn.countAll<number>().as('n'))),
    pendingMembers: await count(members.where('status', '=', 'Pending').select((eb) => eb.fn.countAll<number>().as('n'))),
    deals: await count(db.selectFrom('deals').select((eb) => eb.fn.countAll<number>().as('n'))),
    sales: await count(sales.select((eb) => eb.fn.countAll<number>().as('n'))),
    salesVerified: await count(
      sales
        .where('verification', '=', 'verified')
        .where('cancelled_on', 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('n')),
    ),
    salesRejected: await count(sales.where('verification', '=', 'rejected').select((eb) => eb.fn.countAll<number>().as('n'))),
    salesAwaiting: await count(
      sales
        .where('verification', '=', 'unverified')
        .where('cancelled_on', 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('n')),
    ),
    salesCancelled: await count(sales.where('cancelled_on', 'is not', null).select((eb) => eb.fn.countAll<number>().as('n'))),
    licences: await count(db.selectFrom('licenses').select((eb) => eb.fn.countAll<number>().as('n'))),
    bankDetails: await count(db.selectFrom('bank_details').select((eb) => eb.fn.countAll<number>().as('n'))),
    certifications: await count(db.selectFrom('certifications').select((eb) => eb.fn.countAll<number>().as('n'))),
    sections: await count(db.selectFrom('sections').select((eb) => eb.fn.countAll<number>().as('n'))),
    materials: await count(db.selectFrom('materials').select((eb) => eb.fn.countAll<number>().as('n'))),
    tickets: await count(tickets.select((eb) => eb.fn.countAll<number>().as('n'))),
    ticketsPending: await count(tickets.where('status', '=', 'Pending').select((eb) => eb.fn.countAll<number>().as('n'))),
    erasureRequestsOpen: await count(
      db
        .selectFrom('privacy_requests')
        .where('status', '=', 'open')
        .select((eb) => eb.fn.countAll<number>().as('n')),
    ),
    closedMonths: await count(
      db
        .selectFrom('commission_periods')
        .where('closed_at', 'is not', null)
        .select((eb) => eb.fn.countAll<number>().as('n')),
    ),
    paidStatements: await count(
      db
        .selectFrom('commission_statements')
        .where('paid_on', 'is not', null)
        .select((eb) => eb.fn.countAll<number>().as('n')),
    ),
    accessLog: await count(db.selectFrom('access_log').select((eb) => eb.fn.countAll<number>().as('n'))),
    statementImports: await count(
      db
        .selectFrom('statement_imports')
        .where('undone_at', 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('n')),
    ),
    statementLines: await count(
      db
        .selectFrom('statement_lines as l')
        .innerJoin('statement_imports as i', 'i.id', 'l.import_id')
        .where('i.undone_at', 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('n')),
    ),
    salesVerifiedFromStatements: await count(
      db
        .selectFrom('statement_verifications')
        .where('undone_at', 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('n')),
    ),
    insurers: await count(db.selectFrom('insurers').select((eb) => eb.fn.countAll<number>().as('n'))),
    insurerRates: await count(db.selectFrom('insurer_rates').select((eb) => eb.fn.countAll<number>().as('n'))),
    salesUnknownInsurer: await count(
      sales
        .where('insurer_id', 'is', null)
        .where('insurer', 'is not', null)
        .select((eb) => eb.fn.countAll<number>().as('n')),
    ),
  };
}
