import type { Exec } from '../../db/exec.ts';

/** The insurers, their aliases and the agency's schedule (decision 037); the sales' links to them. */
export const insurersRepository = {
  activeOptions(db: Exec) {
    return db.selectFrom('insurers').select(['id', 'name']).where('active', '=', 1).orderBy('name').orderBy('id').execute();
  },

  all(db: Exec) {
    return db.selectFrom('insurers').select(['id', 'name', 'name_key', 'code', 'active']).orderBy('name').orderBy('id').execute();
  },

  byId(db: Exec, id: number) {
    return db.selectFrom('insurers').select(['id', 'name', 'name_key', 'code', 'active']).where('id', '=', id).executeTakeFirst();
  },

  /** The aliases of `ids` (all when omitted), in the order they were added. */
  aliases(db: Exec, ids?: readonly number[]) {
    let q = db.selectFrom('insurer_aliases').select(['insurer_id', 'alias', 'alias_key']).orderBy('insurer_id').orderBy('id');
    if (ids !== undefined) {
      if (ids.length === 0) return Promise.resolve([]);
      q = q.where('insurer_id', 'in', ids);
    }
    return q.execute();
  },

  /** Sales linked, per insurer. */
  async salesCounts(db: Exec): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('sales')
      .select(['insurer_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('insurer_id', 'is not', null)
      .groupBy('insurer_id')
      .execute();
    return new Map(rows.map((r) => [r.insurer_id!, Number(r.n)]));
  },

  /** The insurer texts of sales that name no insurer, with their sale counts. */
  unlinkedTexts(db: Exec) {
    return db
      .selectFrom('sales')
      .select(['insurer', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('insurer_id', 'is', null)
      .where('insurer', 'is not', null)
      .groupBy('insurer')
      .execute() as Promise<{ insurer: string; n: number | string }[]>;
  },

  /** Every distinct insurer text of the sales (a book has a few hundred spellings at most). */
  async saleTexts(db: Exec): Promise<string[]> {
    const rows = await db.selectFrom('sales').select('insurer').distinct().where('insurer', 'is not', null).execute();
    return rows.map((r) => r.insurer!);
  },

  /** The insurer whose name or an alias has `key`, if any. */
  async byKey(db: Exec, key: string): Promise<{ id: number; name: string } | undefined> {
    const named = await db.selectFrom('insurers').select(['id', 'name']).where('name_key', '=', key).executeTakeFirst();
    if (named) return named;
    return db
      .selectFrom('insurer_aliases as a')
      .innerJoin('insurers as i', 'i.id', 'a.insurer_id')
      .select(['i.id', 'i.name'])
      .where('a.alias_key', '=', key)
      .executeTakeFirst();
  },

  /** Insurers other than `exceptId` that hold any of `keys` as their name or an alias. */
  async holdersOf(db: Exec, keys: readonly string[], exceptId: number | null) {
    if (keys.length === 0) return [];
    let names = db.selectFrom('insurers').select(['id', 'name', 'name_key as key']).where('name_key', 'in', keys);
    let aliases = db
      .selectFrom('insurer_aliases as a')
      .innerJoin('insurers as i', 'i.id', 'a.insurer_id')
      .select(['i.id', 'i.name', 'a.alias_key as key'])
      .where('a.alias_key', 'in', keys);
    if (exceptId !== null) {
      names = names.where('id', '!=', exceptId);
      aliases = aliases.where('i.id', '!=', exceptId);
    }
    return [...(await names.execute()), ...(await aliases.execute())];
  },

  byCode(db: Exec, code: string, exceptId: number | null) {
    let q = db.selectFrom('insurers').select(['id', 'name']).where('code', '=', code);
    if (exceptId !== null) q = q.where('id', '!=', exceptId);
    return q.executeTakeFirst();
  },

  insert(db: Exec, row: { name: string; name_key: string; code: string; active: number; created_at: string; created_by: number }) {
    return db
      .insertInto('insurers')
      .values({ ...row, updated_at: row.created_at, statement_mapping: null })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  async update(db: Exec, id: number, row: { name: string; name_key: string; code: string; active: number; updated_at: string }) {
    await db.updateTable('insurers').set(row).where('id', '=', id).execute();
  },

  /** The insurer's aliases replaced by `aliases` (an alias is a spelling, not money: kept as the admin last wrote them). */
  async replaceAliases(db: Exec, insurerId: number, aliases: readonly { alias: string; alias_key: string }[]) {
    await db.deleteFrom('insurer_aliases').where('insurer_id', '=', insurerId).execute();
    if (aliases.length > 0) {
      await db
        .insertInto('insurer_aliases')
        .values(aliases.map((a) => ({ insurer_id: insurerId, ...a })))
        .execute();
    }
  },

  async addAlias(db: Exec, insurerId: number, alias: string, alias_key: string) {
    await db.insertInto('insurer_aliases').values({ insurer_id: insurerId, alias, alias_key }).execute();
  },

  /** Links the sales whose insurer text is one of `texts` to the insurer; answers how many changed. */
  async linkSales(db: Exec, insurerId: number, texts: readonly string[]): Promise<number> {
    let changed = 0;
    for (let i = 0; i < texts.length; i += 500) {
      const r = await db
        .updateTable('sales')
        .set({ insurer_id: insurerId })
        .where('insurer', 'in', texts.slice(i, i + 500))
        .where((eb) => eb.or([eb('insurer_id', 'is', null), eb('insurer_id', '!=', insurerId)]))
        .executeTakeFirst();
      changed += Number(r.numUpdatedRows);
    }
    return changed;
  },

  /** Unlinks the insurer's sales whose text is one of `texts` (a name or an alias it no longer has). */
  async unlinkSales(db: Exec, insurerId: number, texts: readonly string[]): Promise<void> {
    for (let i = 0; i < texts.length; i += 500) {
      await db
        .updateTable('sales')
        .set({ insurer_id: null })
        .where('insurer_id', '=', insurerId)
        .where('insurer', 'in', texts.slice(i, i + 500))
        .execute();
    }
  },

  /** The insurer texts of the sales linked to an insurer. */
  async linkedTexts(db: Exec, insurerId: number): Promise<string[]> {
    const rows = await db.selectFrom('sales').select('insurer').distinct().where('insurer_id', '=', insurerId).execute();
    return rows.flatMap((r) => (r.insurer === null ? [] : [r.insurer]));
  },

  insertRate(
    db: Exec,
    row: { insurer_id: number; product: string; rate_hundredths: number; effective_from: string; created_at: string; created_by: number },
  ) {
    return db.insertInto('insurer_rates').values(row).returning('id').executeTakeFirstOrThrow();
  },

  /** An insurer's rates, newest set first, with who set them. */
  rates(db: Exec, insurerId: number) {
    return db
      .selectFrom('insurer_rates as r')
      .leftJoin('members as m', 'm.id', 'r.created_by')
      .select([
        'r.id',
        'r.insurer_id',
        'r.product',
        'r.rate_hundredths',
        'r.effective_from',
        'r.created_at',
        'm.f_name',
        'm.m_name',
        'm.l_name',
      ])
      .where('r.insurer_id', '=', insurerId)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .execute();
  },
};

export type InsurerRateRow = Awaited<ReturnType<typeof insurersRepository.rates>>[number];
