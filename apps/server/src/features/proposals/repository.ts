import { sql } from 'kysely';
import type { PagePosition } from '@ahente/contract/paging';
import type {
  CtplPremiumsTable,
  ProposalEventsTable,
  ProposalOptionsTable,
  ProposalStoredStatus,
  ProposalTaxSettingsTable,
  ProposalVersionsTable,
  ProposalsTable,
} from '../../db/schema.ts';
import type { Exec } from '../../db/exec.ts';

type Row<T> = Omit<T, 'id'> & { id: number };
export type ProposalRow = Row<ProposalsTable>;
export type VersionRow = Row<ProposalVersionsTable>;
export type OptionRow = Row<ProposalOptionsTable>;
export type EventRow = Row<ProposalEventsTable> & { f_name: string | null; m_name: string | null; l_name: string | null };
export type RateRow = Row<ProposalTaxSettingsTable> & { f_name: string | null; m_name: string | null; l_name: string | null };
export type CtplRow = Row<CtplPremiumsTable> & { f_name: string | null; m_name: string | null; l_name: string | null };

/**
 * A list's filter: the member, the stored statuses (with whether a sent one must be unexpired or
 * expired on `today`), and the creation time range (ISO, from inclusive, to exclusive).
 */
export interface ProposalFilter {
  memberId: number;
  today: string;
  status: { stored: ProposalStoredStatus; expired?: boolean } | null;
  fromIso: string | null;
  toIso: string | null;
}

function filtered(db: Exec, f: ProposalFilter) {
  return db
    .selectFrom('proposals')
    .where('proposals.member_id', '=', f.memberId)
    .$if(f.fromIso !== null, (q) => q.where('proposals.created_at', '>=', f.fromIso!))
    .$if(f.toIso !== null, (q) => q.where('proposals.created_at', '<', f.toIso!))
    .$if(f.status !== null, (q) => q.where('proposals.status', '=', f.status!.stored))
    .$if(f.status?.expired === true, (q) => q.where('proposals.valid_until', '<', f.today))
    .$if(f.status?.expired === false, (q) => q.where('proposals.valid_until', '>=', f.today));
}

export const proposalsRepository = {
  async insertProposal(db: Exec, row: Omit<ProposalsTable, 'id'>): Promise<number> {
    return (await db.insertInto('proposals').values(row).returning('id').executeTakeFirstOrThrow()).id;
  },

  async updateProposal(db: Exec, id: number, patch: Partial<Omit<ProposalRow, 'id' | 'member_id'>>): Promise<void> {
    await db.updateTable('proposals').set(patch).where('id', '=', id).execute();
  },

  /**
   * Accepts a proposal if it is still open (sent, or for the agent a draft, and not past its
   * validity): one conditional update, so of two acceptances (twice, or at once on two instances)
   * exactly one changes the row; the other reads 0 and finds it accepted. Answers whether it won.
   */
  async acceptIfOpen(
    db: Exec,
    id: number,
    open: ProposalStoredStatus[],
    today: string,
    patch: { accepted_option: number; amount_due_centavos: number; updated_at: string },
  ): Promise<boolean> {
    const result = await db
      .updateTable('proposals')
      .set({ status: 'accepted', ...patch })
      .where('id', '=', id)
      .where('status', 'in', open)
      .where('valid_until', '>=', today)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Moves a proposal from one of `from` to `to` (withdraw, decline): whether it moved. */
  async moveIf(
    db: Exec,
    id: number,
    from: ProposalStoredStatus[],
    to: ProposalStoredStatus,
    updatedAt: string,
    today?: string,
  ): Promise<boolean> {
    const result = await db
      .updateTable('proposals')
      .set({ status: to, updated_at: updatedAt })
      .where('id', '=', id)
      .where('status', 'in', from)
      .$if(today !== undefined, (q) => q.where('valid_until', '>=', today!))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Marks the first opening of the link: whether this call was the first. */
  async markOpened(db: Exec, id: number, at: string): Promise<boolean> {
    const result = await db
      .updateTable('proposals')
      .set({ first_opened_at: at })
      .where('id', '=', id)
      .where('first_opened_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async find(db: Exec, id: number): Promise<ProposalRow | undefined> {
    return db.selectFrom('proposals').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async findByTokenHash(db: Exec, hash: string): Promise<ProposalRow | undefined> {
    return db.selectFrom('proposals').selectAll().where('share_token_hash', '=', hash).executeTakeFirst();
  },

  async insertVersion(db: Exec, row: Omit<ProposalVersionsTable, 'id'>): Promise<number> {
    return (await db.insertInto('proposal_versions').values(row).returning('id').executeTakeFirstOrThrow()).id;
  },

  async updateVersion(db: Exec, id: number, patch: Partial<Omit<VersionRow, 'id' | 'proposal_id' | 'version'>>): Promise<void> {
    await db.updateTable('proposal_versions').set(patch).where('id', '=', id).execute();
  },

  async version(db: Exec, proposalId: number, version: number): Promise<VersionRow | undefined> {
    return db
      .selectFrom('proposal_versions')
      .selectAll()
      .where('proposal_id', '=', proposalId)
      .where('version', '=', version)
      .executeTakeFirst();
  },

  async replaceOptions(db: Exec, versionId: number, rows: Omit<ProposalOptionsTable, 'id' | 'version_id'>[]): Promise<void> {
    await db.deleteFrom('proposal_options').where('version_id', '=', versionId).execute();
    await db
      .insertInto('proposal_options')
      .values(rows.map((r) => ({ ...r, version_id: versionId })))
      .execute();
  },

  async options(db: Exec, versionId: number): Promise<OptionRow[]> {
    return db.selectFrom('proposal_options').selectAll().where('version_id', '=', versionId).orderBy('position').execute();
  },

  async insertEvent(db: Exec, row: Omit<ProposalEventsTable, 'id'>): Promise<void> {
    await db.insertInto('proposal_events').values(row).execute();
  },

  async events(db: Exec, proposalId: number): Promise<EventRow[]> {
    return db
      .selectFrom('proposal_events as e')
      .leftJoin('members as m', 'm.id', 'e.by_member_id')
      .selectAll('e')
      .select(['m.f_name', 'm.m_name', 'm.l_name'])
      .where('e.proposal_id', '=', proposalId)
      .orderBy('e.id')
      .execute();
  },

  /** A page of the filter, newest first (created_at, then id), after `cursor`. */
  async page(db: Exec, f: ProposalFilter, cursor: PagePosition | null, limit: number): Promise<ProposalRow[]> {
    return filtered(db, f)
      .selectAll('proposals')
      .$if(cursor !== null, (q) =>
        q.where((eb) =>
          eb.or([
            eb('proposals.created_at', '<', cursor!.date),
            eb.and([eb('proposals.created_at', '=', cursor!.date), eb('proposals.id', '<', cursor!.id)]),
          ]),
        ),
      )
      .orderBy('proposals.created_at', 'desc')
      .orderBy('proposals.id', 'desc')
      .limit(limit)
      .execute();
  },

  /**
   * Per stored status and whether past validity on `today`: how many, and their amount due.
   * Grouped by the validity day (a parameter inside GROUP BY is a different expression to
   * PostgreSQL each time it is bound), folded here: at most a few hundred groups.
   */
  async totals(db: Exec, f: ProposalFilter): Promise<{ status: ProposalStoredStatus; past: boolean; n: number; due: number }[]> {
    const rows = await filtered(db, f)
      .select([
        'proposals.status',
        'proposals.valid_until',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.coalesce(eb.fn.sum<number>('proposals.amount_due_centavos'), sql<number>`0`).as('due'),
      ])
      .groupBy(['proposals.status', 'proposals.valid_until'])
      .execute();
    return rows.map((r) => ({ status: r.status, past: r.valid_until < f.today, n: Number(r.n), due: Number(r.due) }));
  },

  /** How many of these insurer ids exist (decision 037's insurers list). */
  async knownInsurers(db: Exec, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const row = await db
      .selectFrom('insurers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async insertRate(db: Exec, row: Omit<ProposalTaxSettingsTable, 'id'>): Promise<void> {
    await db.insertInto('proposal_tax_settings').values(row).execute();
  },

  /** Every rate set, newest effective date first, then newest set. */
  async rateHistory(db: Exec): Promise<RateRow[]> {
    return db
      .selectFrom('proposal_tax_settings as r')
      .leftJoin('members as m', 'm.id', 'r.created_by')
      .selectAll('r')
      .select(['m.f_name', 'm.m_name', 'm.l_name'])
      .orderBy('r.effective_from', 'desc')
      .orderBy('r.id', 'desc')
      .execute();
  },

  async insertCtpl(db: Exec, row: Omit<CtplPremiumsTable, 'id'>): Promise<void> {
    await db.insertInto('ctpl_premiums').values(row).execute();
  },

  async ctplHistory(db: Exec): Promise<CtplRow[]> {
    return db
      .selectFrom('ctpl_premiums as c')
      .leftJoin('members as m', 'm.id', 'c.created_by')
      .selectAll('c')
      .select(['m.f_name', 'm.m_name', 'm.l_name'])
      .orderBy('c.effective_from', 'desc')
      .orderBy('c.id', 'desc')
      .execute();
  },
};
