import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { routes } from '@ahente/contract/routes';
import { connect } from '../../db/connect.ts';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { channelsFromConfig, describeDeliveryError } from './channels.ts';
import { createOutboxSender, OUTBOX, retryDelayMs, type SenderLog } from './outbox.ts';

/**
 * The e-mail path against a real SMTP server started here (smtp-server): what arrives, an outage
 * that leaves messages queued until the server is back, giving up after the last attempt, and
 * two senders over the same outbox sending each message once. Both databases.
 */

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A mail server on 127.0.0.1 that keeps what it accepts; `mode` makes it refuse for a while. */
class Mailbox {
  received: Received[] = [];
  mode: 'accept' | 'refuse' = 'accept';
  /** Milliseconds each message takes to be accepted (to make two senders overlap). */
  delayMs = 0;
  port = 0;
  private server: SMTPServer | null = null;

  async start(port = 0) {
    const server = new SMTPServer({
      logger: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      onAuth: (auth, _session, cb) => {
        if (auth.username === 'mailer' && auth.password === 's3cret-pw') cb(null, { user: 'mailer' });
        else cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onRcptTo: (_address, _session, cb) => {
        if (this.mode === 'refuse') cb(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        else cb();
      },
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          setTimeout(() => {
            this.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            cb();
          }, this.delayMs);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  async stop() {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** A message's headers (unfolded) and its text (quoted-printable decoded). */
function parse(raw: string): { headers: Map<string, string>; text: string } {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n(?=[ \t])/g, '').split('\r\n')) {
    const i = line.indexOf(':');
    headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  let body = rest.join('\r\n\r\n');
  if (/quoted-printable/i.test(headers.get('content-transfer-encoding') ?? '')) {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    body = Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return { headers, text: body.replace(/\r\n/g, '\n') };
}

const mailbox = new Mailbox();
let t: TestApp;
let adminClient: TestClient;
/** The clock of notify() and the sender: tests move it past a retry's wait. */
let clock = new Date('2026-06-01T01:00:00.000Z');
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const logs: { level: string; obj: object; msg: string }[] = [];
const log: SenderLog = {
  info: (obj, msg) => logs.push({ level: 'info', obj, msg }),
  warn: (obj, msg) => logs.push({ level: 'warn', obj, msg }),
  error: (obj, msg) => logs.push({ level: 'error', obj, msg }),
};
const PORTAL = 'https://ahente.bayanihan.ph';

function sender(numbers: Partial<typeof OUTBOX> = {}) {
  return createOutboxSender(t.db.db, { channels: channelsFromConfig(t.config), log, now, numbers });
}
const outboxRows = (memberId: number) => t.db.db.selectFrom('outbox').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
const notificationRows = (memberId: number) => t.db.db.selectFrom('notifications').selectAll().where('member_id', '=', memberId).execute();
const tell = (memberId: number, subject = 'Commission for March') =>
  t.db.db.transaction().execute((trx) => t.services.notifications.notify(trx, memberId, 'ticket_answered', { ticketId: 1, subject }));

beforeAll(async () => {
  await mailbox.start();
  t = await startTestApp(
    {
      smtpUrl: `smtp://mailer:s3cret-pw@127.0.0.1:${mailbox.port}`,
      mailFrom: { name: 'Bayanihan Insurance Agency', address: 'no-reply@bayanihan.ph' },
      portalUrl: PORTAL,
      agencyName: 'Bayanihan Insurance Agency',
    },
    { now },
  );
  adminClient = await t.loginAs(await t.createAdmin());
});
afterAll(async () => {
  await t.close();
  await mailbox.stop();
});
beforeEach(async () => {
  mailbox.received = [];
  mailbox.mode = 'accept';
  mailbox.delayMs = 0;
  logs.length = 0;
  // Each test starts with an empty outbox (messages of earlier tests are not its concern).
  await t.db.db.deleteFrom('outbox').execute();
});

describe('an e-mail notification', () => {
  it('arrives at the member with the subject, the agency, the member, one portal link and no personal number', async () => {
    const m = await t.createMember({ f_name: 'Josefa', l_name: 'Llanes', contact_no: '09171234567' });
    const s = sender();
    const id = await t.db.db
      .transaction()
      .execute((trx) =>
        t.services.notifications.notify(trx, m.id, 'sale_verified', { saleId: 12, customer: 'Maria Clara', product: 'Comprehensive' }),
      );
    expect(id).toEqual(expect.any(Number));
    // Queued with the event, sent by the loop: nothing has gone out yet.
    expect(mailbox.received).toEqual([]);
    expect(await outboxRows(m.id)).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 0, notification_id: id, channel: 'email' }),
    ]);

    expect(await s.drain()).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 });
    expect(mailbox.received).toHaveLength(1);
    const mail = mailbox.received[0]!;
    expect(mail.to).toEqual([`${m.username}@example.ph`]);
    expect(mail.from).toBe('no-reply@bayanihan.ph');
    const { headers, text } = parse(mail.raw);
    expect(headers.get('subject')).toBe('Bayanihan Insurance Agency: Sale verified: Maria Clara');
    expect(headers.get('from')).toBe('Bayanihan Insurance Agency <no-reply@bayanihan.ph>');
    expect(headers.get('auto-submitted')).toBe('auto-generated');
    expect(text).toContain('Hello Josefa Llanes,');
    expect(text).toContain('The agency verified your Comprehensive sale to Maria Clara: its commission can be paid.');
    expect(text).toContain('Bayanihan Insurance Agency');
    expect(text.match(/https?:\/\/\S+/g)).toEqual([`${PORTAL}/sales/salesview`]);
    expect(text).not.toContain('09171234567');
    expect(text).not.toMatch(/\d{7,}/);

    const [row] = await outboxRows(m.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, sent_at: clock.toISOString() });
    // Sent once: another run finds nothing.
    expect(await s.drain()).toEqual({ claimed: 0, sent: 0, retried: 0, failed: 0 });
    expect(mailbox.received).toHaveLength(1);
  });

  it('is not queued for an event the member turned off, while the bell still gets it', async () => {
    const m = await t.createMember();
    const c = await t.loginAs(m);
    const set = await c.post(routes.setNotificationPreferences.path, { id: m.id, email: { ticket_answered: false } });
    expect(set.json()).toMatchObject({ email_enabled: true, email: { ticket_answered: false, ticket_closed: true } });
    await tell(m.id);
    expect(await outboxRows(m.id)).toEqual([]);
    const bell = await c.post(routes.notifications.path, { id: m.id });
    expect(bell.json()).toMatchObject({ unread: 1, rows: [{ event: 'ticket_answered' }] });
    // Another event, still on, goes by e-mail.
    await t.services.notifications.notify(t.db.db, m.id, 'ticket_closed', { ticketId: 1, subject: 'Login', status: 'Resolved' });
    expect(await outboxRows(m.id)).toEqual([
      expect.objectContaining({ subject: 'Bayanihan Insurance Agency: Your ticket was closed: Login' }),
    ]);
    await sender().drain();
    expect(mailbox.received.map((r) => r.to)).toEqual([[`${m.username}@example.ph`]]);
  });

  it('is queued once for a dedupe key', async () => {
    const m = await t.createMember();
    const params = { licenceId: 3, line: 'Non-Life', expiresOn: '2026-07-01', days: 30 };
    for (let i = 0; i < 3; i++) {
      await t.services.notifications.notify(t.db.db, m.id, 'licence_expiring', params, { dedupeKey: 'licence_expiring:3:30' });
    }
    expect(await notificationRows(m.id)).toHaveLength(1);
    expect(await outboxRows(m.id)).toHaveLength(1);
    await sender().drain();
    expect(mailbox.received).toHaveLength(1);
  });
});

describe('an SMTP outage', () => {
  it('leaves the message queued, its attempts counted, and delivers it once the server is back', async () => {
    const m = await t.createMember();
    const s = sender();
    const port = mailbox.port;
    await mailbox.stop();
    try {
      // The event's own write does not wait for, nor fail with, the mail server.
      expect(await tell(m.id)).toEqual(expect.any(Number));
      expect(await s.runOnce()).toEqual({ claimed: 1, sent: 0, retried: 1, failed: 0 });
      const [row] = await outboxRows(m.id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
      expect(row!.last_error).toMatch(/ECONNECTION|ESOCKET|ECONNREFUSED/);
      expect(row!.next_attempt_at).toBe(new Date(clock.getTime() + retryDelayMs(1)).toISOString());
      // Not due again before its wait is over.
      advance(30_000);
      expect((await s.runOnce()).claimed).toBe(0);
      advance(31_000);
      expect(await s.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
      expect((await outboxRows(m.id))[0]).toMatchObject({ status: 'pending', attempts: 2 });
      expect((await adminClient.get(routes.mailStatus.path)).json()).toEqual({
        email_enabled: true,
        pending: 1,
        failed: 0,
        sent_last_24h: 0,
      });
    } finally {
      await mailbox.start(port);
    }
    advance(retryDelayMs(2));
    expect(await s.runOnce()).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 });
    expect(mailbox.received.map((r) => r.to)).toEqual([[`${m.username}@example.ph`]]);
    expect((await outboxRows(m.id))[0]).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect((await adminClient.get(routes.mailStatus.path)).json()).toEqual({
      email_enabled: true,
      pending: 0,
      failed: 0,
      sent_last_24h: 1,
    });
  });

  it('keeps a refused message (451) for later with the reply as its error, without the address', async () => {
    const m = await t.createMember();
    const s = sender();
    mailbox.mode = 'refuse';
    await tell(m.id);
    expect(await s.runOnce()).toMatchObject({ retried: 1 });
    const [row] = await outboxRows(m.id);
    expect(row!.last_error).toMatch(/^EENVELOPE: 451 /);
    expect(row!.last_error).toContain('Mailbox busy, try again later');
    expect(row!.last_error).not.toContain('@');
    mailbox.mode = 'accept';
    advance(retryDelayMs(1));
    expect(await s.runOnce()).toMatchObject({ sent: 1 });
    expect(mailbox.received).toHaveLength(1);
  });

  it('gives a message up after its last attempt, marked failed and counted by mailstatus', async () => {
    const m = await t.createMember();
    const s = sender({ maxAttempts: 3 });
    mailbox.mode = 'refuse';
    await tell(m.id);
    for (let i = 1; i <= 3; i++) {
      expect((await s.runOnce()).claimed).toBe(1);
      advance(retryDelayMs(i));
    }
    expect((await outboxRows(m.id))[0]).toMatchObject({ status: 'failed', attempts: 3 });
    expect((await s.runOnce()).claimed).toBe(0);
    expect((await adminClient.get(routes.mailStatus.path)).json()).toMatchObject({ pending: 0, failed: 1 });
    expect(logs.filter((l) => l.level === 'error').map((l) => l.msg)).toEqual(['message given up after its last attempt']);
  });

  it('never logs or keeps the address or the SMTP password, even when the password is refused', async () => {
    const m = await t.createMember();
    await tell(m.id);
    const wrong = createOutboxSender(t.db.db, {
      channels: channelsFromConfig({ ...t.config, smtpUrl: `smtp://mailer:wr0ng-pw@127.0.0.1:${mailbox.port}` }),
      log,
      now,
    });
    expect(await wrong.runOnce()).toMatchObject({ retried: 1 });
    const [row] = await outboxRows(m.id);
    expect(row!.last_error).toMatch(/^EAUTH: 535 /);
    const seen = JSON.stringify({ logs, error: row!.last_error });
    expect(logs.map((l) => l.msg)).toEqual(['message not delivered: will try again']);
    for (const secret of ['wr0ng-pw', 's3cret-pw', m.username, 'example.ph']) expect(seen).not.toContain(secret);
  });
});

describe('several senders', () => {
  it('send each message once when they run at the same time over the same outbox', async () => {
    const members = [await t.createMember(), await t.createMember(), await t.createMember()];
    for (let i = 0; i < 12; i++) await tell(members[i % 3]!.id, `Ticket ${i}`);
    mailbox.delayMs = 20;
    const a = sender({ batchSize: 3 });
    const b = sender({ batchSize: 3 });
    const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
    expect(ra.sent + rb.sent).toBe(12);
    expect(ra.claimed).toBeGreaterThan(0);
    expect(rb.claimed).toBeGreaterThan(0);
    const subjects = mailbox.received.map((r) => parse(r.raw).headers.get('subject'));
    expect(subjects).toHaveLength(12);
    expect(new Set(subjects).size).toBe(12);
    const rows = await t.db.db.selectFrom('outbox').select(['status', 'attempts']).execute();
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('take a message again when the sender that claimed it died before its lease ended', async () => {
    const m = await t.createMember();
    await tell(m.id);
    // A claim whose sender never came back: attempts counted, due again at the lease's end.
    const leased = new Date(clock.getTime() + OUTBOX.leaseMs).toISOString();
    await t.db.db.updateTable('outbox').set({ attempts: 1, next_attempt_at: leased }).where('member_id', '=', m.id).execute();
    const s = sender();
    expect((await s.runOnce()).claimed).toBe(0);
    advance(OUTBOX.leaseMs);
    expect(await s.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect((await outboxRows(m.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('the loop', () => {
  it('runs on its interval once started, and stop() ends it and aborts nothing already done', async () => {
    const m = await t.createMember();
    await tell(m.id);
    const s = sender({ intervalMs: 20 });
    expect(s.enabled).toBe(true);
    s.start();
    for (let i = 0; i < 100 && mailbox.received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await s.stop();
    expect(mailbox.received).toHaveLength(1);
    // Stopped: a new message waits for another sender.
    await tell(m.id);
    await new Promise((r) => setTimeout(r, 100));
    expect(mailbox.received).toHaveLength(1);
    expect(await s.runOnce()).toEqual({ claimed: 0, sent: 0, retried: 0, failed: 0 });
  });

  it('stop() aborts a send under way (retried later) and gives the rest of the batch back uncounted', async () => {
    const m = await t.createMember();
    await tell(m.id, 'First');
    await tell(m.id, 'Second');
    mailbox.delayMs = 1_500;
    const s = sender({ intervalMs: 60_000 });
    s.start();
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    await s.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    const [first, second] = await outboxRows(m.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringMatching(/^EABORT/) });
    expect(second).toMatchObject({ status: 'pending', attempts: 0, last_error: null, next_attempt_at: clock.toISOString() });
    // The mail server's late acceptance of the aborted one is not this test's concern.
    await new Promise((r) => setTimeout(r, 1_500));
  });

  it('logs a database error and keeps the process alive', async () => {
    // A database that is gone: every query fails.
    const gone = connect('sqlite::memory:');
    await gone.close();
    const broken = createOutboxSender(gone.db, { channels: channelsFromConfig(t.config), log, now, numbers: { intervalMs: 10 } });
    broken.start();
    for (let i = 0; i < 50 && logs.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await broken.stop();
    expect(logs[0]).toEqual({ level: 'error', obj: { error: expect.any(String) }, msg: 'the outbox sender failed: will try again' });
  });

  it('forgets sent messages after a week and failed ones after 30 days', async () => {
    const m = await t.createMember();
    const day = 24 * 3_600_000;
    const ago = (days: number) => new Date(clock.getTime() - days * day).toISOString();
    const row = (subject: string, status: 'sent' | 'failed', days: number) => ({
      channel: 'email',
      member_id: m.id,
      notification_id: null,
      recipient: 'x@example.ph',
      subject,
      body: 'Body',
      status,
      attempts: 1,
      next_attempt_at: ago(days),
      created_at: ago(days),
      sent_at: status === 'sent' ? ago(days) : null,
    });
    await t.db.db
      .insertInto('outbox')
      .values([row('old sent', 'sent', 8), row('new sent', 'sent', 6), row('old failed', 'failed', 31), row('new failed', 'failed', 29)])
      .execute();
    const s = sender({ intervalMs: 20 });
    s.start();
    for (let i = 0; i < 100 && (await outboxRows(m.id)).length === 4; i++) await new Promise((r) => setTimeout(r, 20));
    await s.stop();
    expect((await outboxRows(m.id)).map((r) => r.subject)).toEqual(['new sent', 'new failed']);
  });

  it('does nothing without a channel (e-mail off)', async () => {
    const off = createOutboxSender(t.db.db, { channels: channelsFromConfig({ smtpUrl: null, mailFrom: null }), log, now });
    expect(off.enabled).toBe(false);
    await tell((await t.createMember()).id);
    expect(await off.drain()).toEqual({ claimed: 0, sent: 0, retried: 0, failed: 0 });
  });
});

describe('describeDeliveryError', () => {
  it('keeps the code, the reply code and the first line of the reply, without addresses', () => {
    expect(
      describeDeliveryError(
        Object.assign(new Error("Can't send mail - all recipients were rejected"), {
          code: 'EENVELOPE',
          responseCode: 550,
          response: '550 5.1.1 <ana.reyes@example.ph>: Recipient address rejected\r\nmore',
          rejected: ['ana.reyes@example.ph'],
        }),
      ),
    ).toBe('EENVELOPE: 550 5.1.1 <[address]>: Recipient address rejected');
    expect(describeDeliveryError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' }))).toBe(
      'ESOCKET: connect ECONNREFUSED 127.0.0.1:25',
    );
    expect(describeDeliveryError('weird')).toBe('weird');
  });

  it('waits 1, 2, 4 … minutes between attempts, at most 6 hours, and gives up after about 20 hours', () => {
    expect([1, 2, 3, 4, 9, 10, 11].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 256, 360, 360]);
    const total = Array.from({ length: OUTBOX.maxAttempts - 1 }, (_, i) => retryDelayMs(i + 1)).reduce((a, b) => a + b, 0);
    expect(Math.round(total / 3_600_000)).toBe(21);
  });
});
