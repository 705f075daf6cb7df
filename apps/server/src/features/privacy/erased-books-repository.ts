import type { Exec } from '../../db/exec.ts';

/**
 * The books of erased members (decision 027): kept after the erasure for their retention, then
 * purged by the daily job. Every write here runs in the caller's transaction.
 */
export const erasedBooksRepository = {
  /** Erased members whose books are still kept: the latest day of their books, and whether a finance ticket of theirs is open. */
  async erasedWithBooks(db: Exec) {
    return db
      .selectFrom('members as m')
      .select(['m.id', 'm.erased_at'])
      .select((eb) => [
        eb
          .selectFrom('commission_entries as e')
          .select((x) => x.fn.max('e.entry_date').as('d'))
          .whereRef('e.member_id', '=', 'm.id')
          .as('last_entry'),
        eb
          .selectFrom('commission_statements as s')
          .select((x) => x.fn.max('s.period').as('p'))
          .whereRef('s.member_id', '=', 'm.id')
          .as('last_period'),
        eb
          .selectFrom('sales as s')
          .select((x) => x.fn.max('s.createdat').as('c'))
          .whereRef('s.member_id', '=', 'm.id')
          .as('last_sale'),
        eb
          .selectFrom('member_withholding as w')
          .select((x) => x.fn.max('w.effective_from').as('w'))
          .whereRef('w.member_id', '=', 'm.id')
          .as('last_withholding'),
        eb
          .selectFrom('tickets as t')
          .select((x) => x.fn.countAll<number>().as('n'))
          .whereRef('t.member_id', '=', 'm.id')
          .where('t.type', '=', 'finance')
          .where('t.status', '=', 'Pending')
          .as('open_disputes'),
      ])
      .where('m.erased_at', 'is not', null)
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('commission_entries as e').select('e.id').whereRef('e.member_id', '=', 'm.id')),
          eb.exists(eb.selectFrom('commission_statements as s').select('s.id').whereRef('s.member_id', '=', 'm.id')),
          eb.exists(eb.selectFrom('sales as s').select('s.id').whereRef('s.member_id', '=', 'm.id')),
          eb.exists(eb.selectFrom('member_withholding as w').select('w.id').whereRef('w.member_id', '=', 'm.id')),
        ]),
      )
      .execute();
  },

  /**
   * Deletes an erased member's books: their commission entries (with the decisions on them),
   * statements and withholding rates; their sales (and the deals they came from) that no other
   * member's entry points to (a leader's override keeps the sale it was earned on: those are the
   * leader's books, kept by the leader's retention). Answers how many sales were kept.
   */
  async purgeBooks(db: Exec, memberId: number): Promise<{ entries: number; sales: number; keptSales: number }> {
    const own = db.selectFrom('commission_entries').select('id').where('member_id', '=', memberId);
    await db.deleteFrom('commission_entry_decisions').where('entry_id', 'in', own).execute();
    // Reversals point to the entries they take back: those first, then the rest.
    await db.deleteFrom('commission_entries').where('member_id', '=', memberId).where('reverses_id', 'is not', null).execute();
    const entries = await db.deleteFrom('commission_entries').where('member_id', '=', memberId).executeTakeFirst();
    await db.updateTable('commission_statements').set({ brought_forward_from: null }).where('member_id', '=', memberId).execute();
    await db.deleteFrom('commission_statements').where('member_id', '=', memberId).execute();
    await db.deleteFrom('member_withholding').where('member_id', '=', memberId).execute();

    const sales = await db.selectFrom('sales').select(['id', 'deal_id']).where('member_id', '=', memberId).execute();
    const referenced = new Set(
      sales.length === 0
        ? []
        : (
            await db
              .selectFrom('commission_entries')
              .select('sale_id')
              .where(
                'sale_id',
                'in',
                sales.map((s) => s.id),
              )
              .execute()
          ).map((r) => r.sale_id),
    );
    const gone = sales.filter((s) => !referenced.has(s.id));
    if (gone.length > 0) {
      const ids = gone.map((s) => s.id);
      await db.updateTable('sales').set({ renewed_by_sale_id: null }).where('renewed_by_sale_id', 'in', ids).execute();
      await db.updateTable('sales').set({ renews_sale_id: null }).where('renews_sale_id', 'in', ids).execute();
      await db.updateTable('deals').set({ renews_sale_id: null }).where('renews_sale_id', 'in', ids).execute();
      await db.deleteFrom('sales').where('id', 'in', ids).execute();
      await db
        .deleteFrom('deals')
        .where(
          'id',
          'in',
          gone.map((s) => s.deal_id),
        )
        .where((eb) => eb.not(eb.exists(eb.selectFrom('sales').select('sales.id').whereRef('sales.deal_id', '=', 'deals.id'))))
        .execute();
    }
    return { entries: Number(entries.numDeletedRows), sales: gone.length, keptSales: sales.length - gone.length };
  },
};
