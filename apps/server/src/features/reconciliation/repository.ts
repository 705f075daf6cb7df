import { sql } from 'kysely';
import type { Exec } from '../../db/exec.ts';
import { hasRowLocks } from '../../db/locks.ts';
import type { StatementLineStatus, StatementLinesTable } from '../../db/schema.ts';

/** The SQL of insurers' statements (decision 037): imports, their lines, decisions and verifications. */

export type NewLine = Omit<StatementLinesTable, 'id'>;

/** A sale a line may be matched to: what matching and the expected amount need. */
export interface MatchSale {
  id: number;
  policy_key: string | null;
  product: string;
  tcv_centavos: number;
  effective_date: string;
  customer_name: string;
  verification: 'unverified' | 'verified' | 'rejected';
  cancelled_on: string | null;
}

const MATCH_SALE_COLUMNS = [
  'sales.id',
  'sales.policy_key',
  'sales.product',
  'sales.tcv_centavos',
  'sales.effective_date',
  'sales.customer_name',
  'sales.verification',
  'sales.cancelled_on',
] as const;

const IMPORT_COLUMNS = [
  'i.id',
  'i.insurer_id',
  'ins.name as insurer_name',
  'i.period',
  'i.file_name',
  'i.lines',
  'i.received_centavos',
  'i.statement_total_centavos',
  'i.created_at',
  'i.undone_at',
  'i.undo_reason',
  'cb.f_name as creator_f_name',
  'cb.m_name as creator_m_name',
  'cb.l_name as creator_l_name',
  'ub.f_name as undoer_f_name',
  'ub.m_name as undoer_m_name',
  'ub.l_name as undoer_l_name',
] as const;

function importsQuery(db: Exec) {
  return db
    .selectFrom('statement_imports as i')
    .innerJoin('insurers as ins', 'ins.id', 'i.insurer_id')
    .leftJoin('members as cb', 'cb.id', 'i.created_by')
    .leftJoin('members as ub', 'ub.id', 'i.undone_by')
    .select(IMPORT_COLUMNS);
}
export type ImportRow = Awaited<ReturnType<ReturnType<typeof importsQuery>['executeTakeFirstOrThrow']>>;

export const reconciliationRepository = {
  insurer(db: Exec, id: number) {
    return db.selectFrom('insurers').select(['id', 'name', 'statement_mapping']).where('id', '=', id).executeTakeFirst();
  },

  async saveMapping(db: Exec, insurerId: number, mapping: string, at: string) {
    await db.updateTable('insurers').set({ statement_mapping: mapping, updated_at: at }).where('id', '=', insurerId).execute();
  },

  /** The standing import of these bytes, if any. */
  standingBySha(db: Exec, sha: string) {
    return db
      .selectFrom('statement_imports')
      .select(['id', 'period', 'created_at'])
      .where('file_sha256', '=', sha)
      .where('undone_at', 'is', null)
      .executeTakeFirst();
  },

  async insertImport(
    db: Exec,
    row: {
      insurer_id: number;
      period: string;
      file_name: string;
      file_sha256: string;
      mapping: string;
      header_row: number;
      statement_total_centavos: number | null;
      created_at: string;
      created_by: number;
    },
  ): Promise<number> {
    const r = await db
      .insertInto('statement_imports')
      .values({ ...row, lines: 0, received_centavos: 0, undone_at: null, undone_by: null, undo_reason: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },

  async insertLines(db: Exec, lines: readonly NewLine[]) {
    if (lines.length) await db.insertInto('statement_lines').values(lines).execute();
  },

  async setImportTotals(db: Exec, id: number, lines: number, received: number) {
    await db.updateTable('statement_imports').set({ lines, received_centavos: received }).where('id', '=', id).execute();
  },

  /** The insurer's sales with any of these policy keys (one query for a batch of lines). */
  salesByPolicy(db: Exec, insurerId: number, keys: readonly string[]): Promise<MatchSale[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('sales')
      .select(MATCH_SALE_COLUMNS)
      .where('sales.insurer_id', '=', insurerId)
      .where('sales.policy_key', 'in', keys)
      .orderBy('sales.id')
      .execute();
  },

  /** The insurer's sales whose customer name (lower-cased) is one of these: the suggestions' candidates. */
  salesByNames(db: Exec, insurerId: number, names: readonly string[]): Promise<MatchSale[]> {
    if (names.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('sales')
      .select(MATCH_SALE_COLUMNS)
      .where('sales.insurer_id', '=', insurerId)
      .where(sql<string>`lower(sales.customer_name)`, 'in', names)
      .where('sales.verification', '<>', 'rejected')
      .orderBy('sales.id')
      .execute();
  },

  /** The agency's schedule for an insurer, newest effective date first. */
  rates(db: Exec, insurerId: number) {
    return db
      .selectFrom('insurer_rates')
      .select(['product', 'rate_hundredths', 'effective_from'])
      .where('insurer_id', '=', insurerId)
      .orderBy('effective_from', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  /** Lines of earlier standing imports of the insurer and period with these policy keys: the duplicates' candidates. */
  earlierLines(db: Exec, insurerId: number, period: string, keys: readonly string[], beforeImport: number) {
    if (keys.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('statement_lines as l')
      .innerJoin('statement_imports as i', 'i.id', 'l.import_id')
      .select(['l.id', 'l.policy_key', 'l.commission_centavos'])
      .where('i.insurer_id', '=', insurerId)
      .where('i.period', '=', period)
      .where('i.undone_at', 'is', null)
      .where('i.id', '<', beforeImport)
      .where('l.policy_key', 'in', keys)
      .orderBy('l.id')
      .execute();
  },

  importById(db: Exec, id: number): Promise<ImportRow | undefined> {
    return importsQuery(db).where('i.id', '=', id).executeTakeFirst();
  },

  /** The import's row, locked until the transaction ends (PostgreSQL): undo, verify and resolve take it first. */
  lockImport(db: Exec, id: number) {
    const q = db.selectFrom('statement_imports').select(['id', 'insurer_id', 'period', 'undone_at']).where('id', '=', id);
    return (hasRowLocks(db) ? q.forUpdate() : q).executeTakeFirst();
  },

  imports(db: Exec, insurerId: number | null): Promise<ImportRow[]> {
    return importsQuery(db)
      .$if(insurerId !== null, (q) => q.where('i.insurer_id', '=', insurerId!))
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(500)
      .execute();
  },

  /** Per import and state, how many lines. */
  async statusCounts(db: Exec, importIds: readonly number[]) {
    if (importIds.length === 0) return [];
    return db
      .selectFrom('statement_lines')
      .select(['import_id', 'status', sql<number>`count(*)`.as('n')])
      .where('import_id', 'in', importIds)
      .groupBy(['import_id', 'status'])
      .execute();
  },

  /** Per import, how many sales it verified (standing). */
  async verifiedCounts(db: Exec, importIds: readonly number[]) {
    if (importIds.length === 0) return [];
    return db
      .selectFrom('statement_verifications')
      .select(['import_id', sql<number>`count(*)`.as('n')])
      .where('import_id', 'in', importIds)
      .where('undone_at', 'is', null)
      .groupBy('import_id')
      .execute();
  },

  /** Of these imports, those a sale of whose standing verifications has a commission entry posted by a close. */
  async postedImports(db: Exec, importIds: readonly number[]): Promise<number[]> {
    if (importIds.length === 0) return [];
    const rows = await db
      .selectFrom('statement_verifications as v')
      .innerJoin('commission_entries as e', 'e.sale_id', 'v.sale_id')
      .select('v.import_id')
      .distinct()
      .where('v.import_id', 'in', importIds)
      .where('v.undone_at', 'is', null)
      .where('e.statement_id', 'is not', null)
      .execute();
    return rows.map((r) => r.import_id);
  },

  /** A page of an import's lines in file order, after line `afterId`, with their sales, suggestions and duplicates. */
  linesPage(db: Exec, importId: number, status: StatementLineStatus | null, afterId: number | null, limit: number) {
    return linesQuery(db)
      .where('l.import_id', '=', importId)
      .$if(status !== null, (q) => q.where('l.status', '=', status!))
      .$if(afterId !== null, (q) => q.where('l.id', '>', afterId!))
      .orderBy('l.id')
      .limit(limit)
      .execute();
  },

  lineWithDetails(db: Exec, lineId: number) {
    return linesQuery(db).where('l.id', '=', lineId).executeTakeFirst();
  },

  async countLines(db: Exec, importId: number, status: StatementLineStatus | null): Promise<number> {
    const r = await db
      .selectFrom('statement_lines')
      .select(sql<number>`count(*)`.as('n'))
      .where('import_id', '=', importId)
      .$if(status !== null, (q) => q.where('status', '=', status!))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** Each line's latest decision by a person, with who made it. */
  decisions(db: Exec, lineIds: readonly number[]) {
    if (lineIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('statement_line_decisions as d')
      .leftJoin('members as m', 'm.id', 'd.decided_by')
      .select(['d.line_id', 'd.action', 'd.reason', 'd.decided_at', 'm.f_name', 'm.m_name', 'm.l_name'])
      .where('d.line_id', 'in', lineIds)
      .orderBy('d.id', 'desc')
      .execute();
  },

  /** The line and its import's insurer and state, locked (PostgreSQL) for a decision. */
  lockLine(db: Exec, lineId: number) {
    const q = db
      .selectFrom('statement_lines as l')
      .innerJoin('statement_imports as i', 'i.id', 'l.import_id')
      .select([
        'l.id',
        'l.import_id',
        'l.status',
        'l.commission_centavos',
        'l.transaction',
        'l.effective_date',
        'l.sale_id',
        'i.insurer_id',
        'i.undone_at',
      ])
      .where('l.id', '=', lineId);
    return (hasRowLocks(db) ? q.forUpdate('l') : q).executeTakeFirst();
  },

  saleForMatch(db: Exec, saleId: number) {
    return db.selectFrom('sales').select(MATCH_SALE_COLUMNS).select('sales.insurer_id').where('sales.id', '=', saleId).executeTakeFirst();
  },

  async updateLine(
    db: Exec,
    lineId: number,
    set: Partial<Pick<NewLine, 'status' | 'reason' | 'sale_id' | 'expected_centavos' | 'suggested_sale_id' | 'duplicate_of'>>,
  ) {
    await db.updateTable('statement_lines').set(set).where('id', '=', lineId).execute();
  },

  async insertDecision(
    db: Exec,
    d: {
      line_id: number;
      action: 'match' | 'ignore';
      from_status: StatementLineStatus;
      to_status: StatementLineStatus;
      sale_id: number | null;
      reason: string | null;
      decided_at: string;
      decided_by: number;
    },
  ) {
    await db.insertInto('statement_line_decisions').values(d).execute();
  },

  /** Whether a standing verification of this import rests on the line. */
  async lineVerified(db: Exec, lineId: number): Promise<boolean> {
    const r = await db
      .selectFrom('statement_verifications')
      .select('id')
      .where('line_id', '=', lineId)
      .where('undone_at', 'is', null)
      .executeTakeFirst();
    return r !== undefined;
  },

  /**
   * The import's matched and differing lines whose sale is unverified, one per sale (its first
   * line), in sale order: what verifyfromstatement verifies.
   */
  verifiable(db: Exec, importId: number) {
    return db
      .selectFrom('statement_lines as l')
      .innerJoin('sales as s', 's.id', 'l.sale_id')
      .select(['l.id as line_id', 'l.sale_id'])
      .where('l.import_id', '=', importId)
      .where('l.status', 'in', ['matched', 'differs'])
      .where('s.verification', '=', 'unverified')
      .orderBy('l.sale_id')
      .orderBy('l.id')
      .execute();
  },

  async insertVerifications(
    db: Exec,
    rows: readonly { sale_id: number; import_id: number; line_id: number; verified_at: string; verified_by: number }[],
  ) {
    for (let i = 0; i < rows.length; i += 1000) {
      await db
        .insertInto('statement_verifications')
        .values(rows.slice(i, i + 1000).map((r) => ({ ...r, undone_at: null, undone_by: null })))
        .execute();
    }
  },

  async standingVerifiedSales(db: Exec, importId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('statement_verifications')
      .select('sale_id')
      .where('import_id', '=', importId)
      .where('undone_at', 'is', null)
      .orderBy('sale_id')
      .execute();
    return rows.map((r) => r.sale_id);
  },

  async undoImport(db: Exec, importId: number, at: string, by: number, reason: string) {
    await db
      .updateTable('statement_verifications')
      .set({ undone_at: at, undone_by: by })
      .where('import_id', '=', importId)
      .where('undone_at', 'is', null)
      .execute();
    const r = await db
      .updateTable('statement_imports')
      .set({ undone_at: at, undone_by: by, undo_reason: reason })
      .where('id', '=', importId)
      .where('undone_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },
};

function linesQuery(db: Exec) {
  return db
    .selectFrom('statement_lines as l')
    .leftJoin('sales as s', 's.id', 'l.sale_id')
    .leftJoin('members as sm', 'sm.id', 's.member_id')
    .leftJoin('sales as g', 'g.id', 'l.suggested_sale_id')
    .leftJoin('members as gm', 'gm.id', 'g.member_id')
    .leftJoin('statement_lines as d', 'd.id', 'l.duplicate_of')
    .leftJoin('statement_imports as di', 'di.id', 'd.import_id')
    .leftJoin('statement_verifications as v', (j) =>
      j.onRef('v.line_id', '=', 'l.id').onRef('v.import_id', '=', 'l.import_id').on('v.undone_at', 'is', null),
    )
    .selectAll('l')
    .select([
      's.customer_name as s_customer_name',
      's.policy_number as s_policy_number',
      's.product as s_product',
      's.tcv_centavos as s_tcv_centavos',
      's.effective_date as s_effective_date',
      's.verification as s_verification',
      's.cancelled_on as s_cancelled_on',
      'sm.f_name as s_f_name',
      'sm.m_name as s_m_name',
      'sm.l_name as s_l_name',
      'g.customer_name as g_customer_name',
      'g.policy_number as g_policy_number',
      'g.product as g_product',
      'g.tcv_centavos as g_tcv_centavos',
      'g.effective_date as g_effective_date',
      'g.verification as g_verification',
      'g.cancelled_on as g_cancelled_on',
      'gm.f_name as g_f_name',
      'gm.m_name as g_m_name',
      'gm.l_name as g_l_name',
      'd.import_id as d_import_id',
      'd.row_no as d_row_no',
      'di.period as d_period',
      'v.id as v_id',
    ]);
}
export type LineDetailRow = NonNullable<Awaited<ReturnType<ReturnType<typeof linesQuery>['executeTakeFirst']>>>;
