import { sql } from 'kysely';
import type { Exec } from '../../db/exec.ts';
import type { StoreProductsTable, StoreRequestStoredStatus } from '../../db/schema.ts';
import { withDownline } from '../../db/team.ts';

/** The E-Store's SQL (decision 040): the catalogue, the settings, the requests and the page views. */

export type StoreProductRow = Omit<StoreProductsTable, 'id'> & { id: number };
export type NewStoreProductRow = Omit<StoreProductsTable, 'id'>;

const REQUEST_COLUMNS = [
  'id',
  'member_id',
  'product_id',
  'product',
  'client_name',
  'client_mobile',
  'client_email',
  'message',
  'answers',
  'status',
  'deal_id',
  'created_at',
] as const;

/** What a store may read of its agent: never the username or the e-mail (decision 040). */
const STORE_MEMBER_COLUMNS = [
  'id',
  'f_name',
  'l_name',
  'contact_no',
  'photo',
  'photo_type',
  'status',
  'deactivated_at',
  'account_type',
  'referral_code',
  'erased_at',
] as const;

export const estoreRepository = {
  products(db: Exec): Promise<StoreProductRow[]> {
    return db.selectFrom('store_products').selectAll().orderBy('product').execute();
  },

  product(db: Exec, id: number): Promise<StoreProductRow | undefined> {
    return db.selectFrom('store_products').selectAll().where('id', '=', id).executeTakeFirst();
  },

  productByName(db: Exec, product: string): Promise<StoreProductRow | undefined> {
    return db.selectFrom('store_products').selectAll().where('product', '=', product).executeTakeFirst();
  },

  async insertProduct(db: Exec, row: NewStoreProductRow): Promise<number> {
    const r = await db.insertInto('store_products').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  async updateProduct(db: Exec, id: number, row: Partial<NewStoreProductRow>): Promise<void> {
    await db.updateTable('store_products').set(row).where('id', '=', id).execute();
  },

  /** The member a store's code names, with what the page may show (never the username or e-mail). */
  memberByCode(db: Exec, code: string) {
    return db.selectFrom('members').select(STORE_MEMBER_COLUMNS).where('referral_code', '=', code).executeTakeFirst();
  },

  memberById(db: Exec, id: number) {
    return db
      .selectFrom('members')
      .select([...STORE_MEMBER_COLUMNS, 'position'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** The lines of the member's verified licences in force on `day`. */
  async verifiedLines(db: Exec, memberId: number, day: string): Promise<string[]> {
    const rows = await db
      .selectFrom('licenses')
      .select('line')
      .distinct()
      .where('member_id', '=', memberId)
      .where('status', '=', 'verified')
      .where('issued_on', '<=', day)
      .where('expires_on', '>=', day)
      .orderBy('line')
      .execute();
    return rows.map((r) => r.line);
  },

  /** The privacy notice in force: its version (a request's consent) and its text (the store page). */
  notice(db: Exec) {
    return db.selectFrom('privacy_notices').select(['version', 'body']).orderBy('version', 'desc').limit(1).executeTakeFirstOrThrow();
  },

  settings(db: Exec, memberId: number) {
    return db.selectFrom('store_settings').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  },

  async saveSettings(db: Exec, row: { member_id: number; show_photo: number; show_contact: number; updated_at: string }): Promise<void> {
    await db
      .insertInto('store_settings')
      .values(row)
      .onConflict((oc) =>
        oc.column('member_id').doUpdateSet({ show_photo: row.show_photo, show_contact: row.show_contact, updated_at: row.updated_at }),
      )
      .execute();
  },

  async countView(db: Exec, memberId: number, month: string): Promise<void> {
    await db
      .insertInto('store_views')
      .values({ member_id: memberId, month, views: 1 })
      .onConflict((oc) => oc.columns(['member_id', 'month']).doUpdateSet({ views: sql`store_views.views + 1` }))
      .execute();
  },

  async insertRequest(
    db: Exec,
    row: {
      member_id: number;
      product_id: number;
      product: string;
      client_name: string;
      client_mobile: string;
      client_email: string | null;
      message: string | null;
      answers: string;
      status: StoreRequestStoredStatus;
      deal_id: number;
      notice_version: number;
      consented_at: string;
      created_at: string;
      updated_at: string;
    },
  ): Promise<number> {
    const r = await db.insertInto('store_requests').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  requests(db: Exec, memberId: number, status: StoreRequestStoredStatus | undefined) {
    let q = db.selectFrom('store_requests').select(REQUEST_COLUMNS).where('member_id', '=', memberId);
    if (status) q = q.where('status', '=', status);
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute();
  },

  request(db: Exec, id: number) {
    return db.selectFrom('store_requests').select(REQUEST_COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  async setStatus(db: Exec, id: number, status: StoreRequestStoredStatus, at: string): Promise<void> {
    await db.updateTable('store_requests').set({ status, updated_at: at }).where('id', '=', id).execute();
  },

  /** The ids of the members below `memberId` (any depth), and theirs. */
  async teamIds(db: Exec, memberId: number): Promise<number[]> {
    const rows = await withDownline(db, memberId).selectFrom('downline').select('id').execute();
    return [memberId, ...rows.map((r) => r.id)];
  },

  /** Page views by month of these stores (all stores when `memberIds` is null). */
  views(db: Exec, memberIds: number[] | null) {
    let q = db
      .selectFrom('store_views')
      .select(['month', (eb) => eb.fn.sum<number | string>('views').as('views')])
      .groupBy('month');
    if (memberIds) q = q.where('member_id', 'in', memberIds.length ? memberIds : [0]);
    return q.execute();
  },

  /** Each request of these stores (all when null): its time, whether its deal stands, its sale if counted. */
  requestFigures(db: Exec, memberIds: number[] | null) {
    let q = db
      .selectFrom('store_requests as r')
      .leftJoin('deals as d', 'd.id', 'r.deal_id')
      .leftJoin('sales as s', (j) =>
        j.onRef('s.deal_id', '=', 'd.id').on('s.verification', '!=', 'rejected').on('s.cancelled_on', 'is', null),
      )
      .select(['r.created_at', 'd.id as deal_id', 's.id as sale_id', 's.tcv_centavos', 's.createdat as sold_at']);
    if (memberIds) q = q.where('r.member_id', 'in', memberIds.length ? memberIds : [0]);
    return q.execute();
  },
};
