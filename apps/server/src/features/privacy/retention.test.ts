import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { booksKeptUntil } from './erasure-service.ts';

/**
 * Retention (decision 027): what is kept only for operations goes when its period ends, and
 * nothing younger; an erased member's books stay five years after the filing deadline.
 */
let t: TestApp;
const DAY = 24 * 3_600_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the hourly retention purge', () => {
  it('deletes read notifications, settled e-mails, access-log entries and devices past their periods, and keeps the rest', async () => {
    const m = await t.createMember();
    const db = t.db.db;
    const note = (read_at: string | null, title: string) => ({
      member_id: m.id,
      event: 'ticket_answered',
      title,
      body: 'body',
      link: '/helpcenter',
      dedupe_key: null,
      created_at: ago(400),
      read_at,
    });
    await db
      .insertInto('notifications')
      .values([note(ago(91), 'old read'), note(ago(89), 'recent read'), note(null, 'old unread')])
      .execute();
    const mail = (status: 'pending' | 'sent' | 'failed', last: string, subject: string) => ({
      channel: 'email',
      member_id: m.id,
      notification_id: null,
      recipient: 'x@example.ph',
      subject,
      body: 'b',
      status,
      attempts: 1,
      next_attempt_at: last,
      last_error: null,
      created_at: last,
      sent_at: null,
    });
    await db
      .insertInto('outbox')
      .values([
        mail('sent', ago(31), 'old sent'),
        mail('failed', ago(31), 'old failed'),
        mail('sent', ago(29), 'recent sent'),
        mail('pending', ago(31), 'old pending'),
      ])
      .execute();
    const entry = (at: string) => ({ actor_id: 1, subject_id: m.id, what: 'bank_details', detail: null, ip: '127.0.0.1', at });
    await db
      .insertInto('access_log')
      .values([entry(ago(5 * 366)), entry(ago(5 * 365 - 2))])
      .execute();
    const device = (hash: string, seen: string) => ({
      member_id: m.id,
      device_hash: hash,
      user_agent: null,
      first_seen_at: seen,
      last_seen_at: seen,
    });
    await db
      .insertInto('member_devices')
      .values([device('a'.repeat(64), ago(401)), device('b'.repeat(64), ago(399))])
      .execute();

    const purged = await t.services.accessLog.purgeExpired();
    expect(purged).toEqual({ notifications: 1, outbox: 2, accessLog: 1, devices: 1 });
    const titles = (await db.selectFrom('notifications').select('title').where('member_id', '=', m.id).orderBy('title').execute()).map(
      (r) => r.title,
    );
    expect(titles).toEqual(['old unread', 'recent read']);
    const subjects = (await db.selectFrom('outbox').select('subject').where('member_id', '=', m.id).orderBy('subject').execute()).map(
      (r) => r.subject,
    );
    expect(subjects).toEqual(['old pending', 'recent sent']);
    expect(await db.selectFrom('access_log').select('id').where('subject_id', '=', m.id).execute()).toHaveLength(1);
    expect(await db.selectFrom('member_devices').select('device_hash').where('member_id', '=', m.id).execute()).toEqual([
      { device_hash: 'b'.repeat(64) },
    ]);
    // A second run finds nothing more: safe on several instances at once.
    expect(await t.services.accessLog.purgeExpired()).toEqual({ notifications: 0, outbox: 0, accessLog: 0, devices: 0 });
  });
});

describe("an erased member's books", () => {
  it('are kept five years from the day after the filing deadline of their last year (NIRC s.235)', () => {
    // 2026's books: the annual return is due 15 April 2027; kept five years from 16 April 2027.
    expect(booksKeptUntil('2026-11-26', 5)).toBe('2032-04-16');
    expect(booksKeptUntil('2026-01-01', 5)).toBe('2032-04-16');
    expect(booksKeptUntil('2026-12-31', 10)).toBe('2037-04-16');
  });

  it('are not purged while their retention runs', async () => {
    const admin = await t.loginAs(await t.createAdmin());
    const m = await t.createMember();
    await t.db.db
      .insertInto('privacy_requests')
      .values({
        member_id: m.id,
        kind: 'erasure',
        status: 'open',
        requested_at: new Date().toISOString(),
        due_on: '2099-01-01',
        decided_at: null,
        decided_by: null,
        reason: null,
      })
      .execute();
    const c = await t.loginAs(m);
    const deal = await c.post(routes.addDeal.path, {
      id: m.id,
      customerName: 'Kliyente',
      transactionType: 'New',
      product: 'CTPL',
      tcvValue: '1000',
      effectiveDate: '2026-11-01',
      salesType: 'Direct',
    });
    const sale = await c.post(routes.addSale.path, {
      id: m.id,
      formData: {
        dealid: deal.json().deal.id,
        customerName: 'Kliyente',
        product: 'CTPL',
        tcv: '1000',
        sales_type: 'Direct',
        effectiveDate: '2026-11-01',
      },
    });
    expect(sale.statusCode, sale.body).toBe(200);
    expect((await admin.post(routes.decideErasure.path, { member_id: m.id, decision: 'approved' })).statusCode).toBe(200);
    expect(await t.services.erasure.purgeExpiredBooks()).toBe(0);
    expect(await t.db.db.selectFrom('sales').select('id').where('member_id', '=', m.id).execute()).toHaveLength(1);
  });
});
