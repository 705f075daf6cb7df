import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_PASSWORD_REQUIRED,
  EMAIL_PASSWORD_WRONG,
  MEMBER_CONTACT_FIELDS,
  NAME_CHANGE_REFUSED,
  SELF_ROLE_CHANGE_REFUSED,
  TIN_CHANGE_REFUSED,
  type MemberAuditEntry,
} from '@ahente/contract/members';
import { RESET_LINK_INVALID } from '@ahente/contract/notifications';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';
import { TOO_MANY_PASSWORDS } from '../auth/service.ts';

/**
 * Decisions 011 and 027, on both databases: one's own e-mail needs the password and is told to the
 * address it replaced, with a link that reports it; names once approved and a TIN once on file are
 * an administrator's; the admin's lists carry no address or phone and every read of members' data
 * is logged; an administrator never sets their own position, account type or status. E-mail is on
 * here (SMTP_URL set; no sender loop runs in tests): what would be sent is read from the outbox.
 */
type Member = Awaited<ReturnType<TestApp['createMember']>>;

const PORTAL = 'https://ahente.test';
const REPORT_LINK = new RegExp(`${PORTAL.replace(/\./g, '\\.')}/report-email-change\\?token=([A-Za-z0-9_-]+)`);
const RESET_LINK = new RegExp(`${PORTAL.replace(/\./g, '\\.')}/reset-password\\?token=([A-Za-z0-9_-]+)`);

let t: TestApp;
let adminMember: Member;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp({
    smtpUrl: 'smtp://127.0.0.1:2',
    mailFrom: { name: 'Ahente', address: 'no-reply@ahente.test' },
    portalUrl: PORTAL,
  });
  adminMember = await t.createAdmin();
  admin = await t.loginAs(adminMember);
});
afterAll(() => t.close());

const memberRow = (id: number) => t.db.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const outboxOf = (id: number) =>
  t.db.db
    .selectFrom('outbox')
    .select(['recipient', 'subject', 'body', 'notification_id'])
    .where('member_id', '=', id)
    .orderBy('id')
    .execute();
const notificationsOf = (id: number) =>
  t.db.db.selectFrom('notifications').select(['event', 'title', 'body', 'link']).where('member_id', '=', id).orderBy('id').execute();
const historyOf = async (id: number) => (await admin.post(routes.memberHistory.path, { id })).json() as MemberAuditEntry[];
const edit = (c: TestClient, body: Record<string, unknown>) => c.post(routes.editMember.path, body);
const me = (c: TestClient) => c.get(routes.me.path);

async function fresh(over: Parameters<TestApp['createMember']>[0] = {}): Promise<{ m: Member; c: TestClient }> {
  const m = await t.createMember(over);
  return { m, c: await t.loginAs(m) };
}

/** The token of the last report link e-mailed to `address` for member `id`. */
async function reportToken(id: number, address: string): Promise<string> {
  const mail = (await outboxOf(id)).filter((o) => o.recipient === address && REPORT_LINK.test(o.body)).at(-1);
  if (!mail) throw new Error(`no report link was sent to ${address}`);
  return REPORT_LINK.exec(mail.body)![1]!;
}

// ---- One's own e-mail ---------------------------------------------------------------------------

describe('changing one’s own e-mail', () => {
  it('needs the current password: missing or wrong is 400 and changes, sends and records nothing', async () => {
    const { m, c } = await fresh();
    const before = await memberRow(m.id);
    const missing = await edit(c, { id: m.id, email: 'taken.over@example.ph' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: EMAIL_PASSWORD_REQUIRED });
    const wrong = await edit(c, { id: m.id, email: 'taken.over@example.ph', current_password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: EMAIL_PASSWORD_WRONG });
    // The form the Settings screen sends (multipart) is held to the same rule.
    const form = await c.postForm(routes.editMember.path, [
      { name: 'id', value: String(m.id) },
      { name: 'email', value: 'taken.over@example.ph' },
    ]);
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({ error: EMAIL_PASSWORD_REQUIRED });
    expect(await memberRow(m.id)).toEqual(before);
    expect(await outboxOf(m.id)).toEqual([]);
    expect(await notificationsOf(m.id)).toEqual([]);
    // A copied session cookie asking for a reset link still reaches the owner's own address only.
    expect((await t.client().post(routes.forgotPassword.path, { login: 'taken.over@example.ph' })).statusCode).toBe(200);
    expect(await outboxOf(m.id)).toEqual([]);
  });

  it('needs no password when the e-mail sent is the one on file (the Settings form sends every field)', async () => {
    const { m, c } = await fresh();
    const res = await edit(c, { id: m.id, email: `${m.username}@example.ph`, contact_no: '09170000001' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await memberRow(m.id)).contact_no).toBe('09170000001');
    expect(await outboxOf(m.id)).toEqual([]);
  });

  it('with the password: saved, the old address told with a report link, the member told in the portal, in their history', async () => {
    const { m, c } = await fresh();
    const oldEmail = `${m.username}@example.ph`;
    const res = await edit(c, { id: m.id, email: 'new.address@example.ph', current_password: m.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member.email).toBe('new.address@example.ph');
    expect((await memberRow(m.id)).email).toBe('new.address@example.ph');

    const mails = await outboxOf(m.id);
    const notice = mails.find((o) => o.recipient === oldEmail)!;
    expect(notice).toMatchObject({
      notification_id: null,
      subject: 'Ahente Insurance Agency: The e-mail address of your account was changed',
    });
    expect(notice.body).toContain(`username ${m.username}`);
    expect(notice.body).toMatch(REPORT_LINK);
    expect(notice.body).toContain('Forgot your password?');
    // The notice names neither address (it goes to the old one; the new one may be an attacker's).
    expect(notice.body).not.toContain('new.address@example.ph');
    expect(notice.body).not.toContain(oldEmail);
    // In the portal, and at the new address as the member's notification choices say (all on by default); no link there.
    expect(await notificationsOf(m.id)).toEqual([
      expect.objectContaining({
        event: 'email_changed',
        title: 'The e-mail address of your account was changed',
        link: '/settings/security',
      }),
    ]);
    const toNew = mails.find((o) => o.recipient === 'new.address@example.ph')!;
    expect(toNew.notification_id).not.toBeNull();
    expect(toNew.body).not.toMatch(REPORT_LINK);
    expect(mails).toHaveLength(2);

    const [entry] = await historyOf(m.id);
    expect(entry).toMatchObject({
      action: 'email_changed',
      actor: { id: m.id },
      changes: [{ field: 'email', from: oldEmail, to: 'new.address@example.ph' }],
    });
    expect((await me(c)).statusCode).toBe(200);
  });

  it('is limited like a password change: after LOGIN_MAX_FAILURES wrong guesses (of either), 429 for the right one too', async () => {
    const { m, c } = await fresh();
    const max = t.config.login.maxFailures;
    // Guesses through changepassword count in the same slot.
    expect(
      (await c.post(routes.changePassword.path, { id: m.id, password: 'another-pass-1', current_password: 'guess-0' })).statusCode,
    ).toBe(400);
    for (let i = 1; i < max; i++) {
      expect((await edit(c, { id: m.id, email: 'x@example.ph', current_password: `guess-${i}` })).statusCode).toBe(400);
    }
    const limited = await edit(c, { id: m.id, email: 'x@example.ph', current_password: m.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: TOO_MANY_PASSWORDS });
    expect((await memberRow(m.id)).email).toBe(`${m.username}@example.ph`);
  });

  it('an administrator changes a member’s e-mail without a password: in the history, the old address told without a link', async () => {
    const { m, c } = await fresh();
    const oldEmail = `${m.username}@example.ph`;
    const res = await edit(admin, { id: m.id, email: 'by.admin@example.ph' });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await historyOf(m.id);
    expect(entry).toMatchObject({
      action: 'edited',
      actor: { id: adminMember.id },
      changes: [{ field: 'email', from: oldEmail, to: 'by.admin@example.ph' }],
    });
    const notice = (await outboxOf(m.id)).find((o) => o.recipient === oldEmail)!;
    expect(notice.body).toContain('An administrator of Ahente Insurance Agency changed the e-mail address');
    expect(notice.body).toContain('contact the agency');
    expect(notice.body).not.toMatch(REPORT_LINK);
    expect(await notificationsOf(m.id)).toEqual([expect.objectContaining({ event: 'email_changed' })]);
    expect(await t.db.db.selectFrom('email_changes').select('token_hash').where('member_id', '=', m.id).execute()).toEqual([]);
    // The member's session goes on: an address is no password.
    expect((await me(c)).statusCode).toBe(200);
  });

  it('an administrator’s own e-mail needs their password too', async () => {
    const a = await t.createAdmin();
    const c = await t.loginAs(a);
    expect((await edit(c, { id: a.id, email: 'admin.new@example.ph' })).json()).toEqual({ error: EMAIL_PASSWORD_REQUIRED });
    expect((await edit(c, { id: a.id, email: 'admin.new@example.ph', current_password: a.password })).statusCode).toBe(200);
    expect((await memberRow(a.id)).email).toBe('admin.new@example.ph');
  });

  it('another agent 403 and a stranger 401, with or without a password; nothing saved', async () => {
    const { m } = await fresh();
    const { m: other, c: otherClient } = await fresh();
    const body = { id: m.id, email: 'hijack@example.ph', current_password: other.password };
    expect((await edit(otherClient, body)).statusCode).toBe(403);
    expect((await edit(t.client(), body)).statusCode).toBe(401);
    expect((await memberRow(m.id)).email).toBe(`${m.username}@example.ph`);
  });
});

describe('"This wasn’t me", the link sent to the replaced address', () => {
  it('puts the old address back, ends every session and reset link, tells the admins, and works once', async () => {
    const { m, c } = await fresh();
    const oldEmail = `${m.username}@example.ph`;
    expect((await edit(c, { id: m.id, email: 'attacker@example.ph', current_password: m.password })).statusCode).toBe(200);
    const token = await reportToken(m.id, oldEmail);
    // The new address asks for a reset link, and changes the address again: its notice (to the
    // attacker's address) carries a link that must not work once the owner has reported.
    expect((await t.client().post(routes.forgotPassword.path, { login: 'attacker@example.ph' })).statusCode).toBe(200);
    const resetMail = (await outboxOf(m.id)).find((o) => o.recipient === 'attacker@example.ph' && RESET_LINK.test(o.body))!;
    const resetToken = RESET_LINK.exec(resetMail.body)![1]!;
    expect((await edit(c, { id: m.id, email: 'attacker2@example.ph', current_password: m.password })).statusCode).toBe(200);
    const attackersLink = await reportToken(m.id, 'attacker@example.ph');

    const anonymous = t.client();
    const res = await anonymous.post(routes.reportEmailChange.path, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ restored: true });
    expect((await memberRow(m.id)).email).toBe(oldEmail);
    expect((await me(c)).statusCode).toBe(401);
    expect(await t.db.db.selectFrom('sessions').select('id').where('member_id', '=', m.id).execute()).toEqual([]);
    const reset = await t.client().post(routes.resetPassword.path, { token: resetToken, password: 'attackers-pass-1' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({ error: RESET_LINK_INVALID });
    const again = await t.client().post(routes.reportEmailChange.path, { token: attackersLink });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: EMAIL_CHANGE_LINK_INVALID });
    expect((await t.client().post(routes.reportEmailChange.path, { token })).json()).toEqual({ error: EMAIL_CHANGE_LINK_INVALID });
    expect((await memberRow(m.id)).email).toBe(oldEmail);

    const [entry] = await historyOf(m.id);
    expect(entry).toMatchObject({
      action: 'email_change_reported',
      actor: { id: m.id },
      changes: [{ field: 'email', from: 'attacker2@example.ph', to: oldEmail }],
    });
    const told = (await notificationsOf(adminMember.id)).filter((n) => n.event === 'email_change_reported').at(-1)!;
    const { f_name, l_name } = await memberRow(m.id);
    expect(told.title).toBe(`E-mail change reported: ${f_name} ${l_name}`);
    expect(told.body).toContain('Their previous address was put back and they were signed out everywhere');
    // The owner asks for a reset link again: it comes to their own address.
    expect((await t.client().post(routes.forgotPassword.path, { login: m.username })).statusCode).toBe(200);
    expect((await outboxOf(m.id)).filter((o) => o.recipient === oldEmail && RESET_LINK.test(o.body))).toHaveLength(1);
  });

  it('keeps the address as it is when another account holds the old one now, and still signs the account out', async () => {
    const { m, c } = await fresh();
    const oldEmail = `${m.username}@example.ph`;
    expect((await edit(c, { id: m.id, email: 'moved@example.ph', current_password: m.password })).statusCode).toBe(200);
    const token = await reportToken(m.id, oldEmail);
    const { c: squatter, m: squatterMember } = await fresh();
    expect((await edit(squatter, { id: squatterMember.id, email: oldEmail, current_password: squatterMember.password })).statusCode).toBe(
      200,
    );
    const res = await t.client().post(routes.reportEmailChange.path, { token });
    expect(res.json()).toEqual({ restored: false });
    expect((await memberRow(m.id)).email).toBe('moved@example.ph');
    expect((await me(c)).statusCode).toBe(401);
    const told = (await notificationsOf(adminMember.id)).filter((n) => n.event === 'email_change_reported').at(-1)!;
    expect(told.body).toContain('so it was not put back');
  });

  it('refuses an expired, unknown or malformed link with 400 and changes nothing; CSRF as everywhere', async () => {
    const { m, c } = await fresh();
    expect((await edit(c, { id: m.id, email: 'later@example.ph', current_password: m.password })).statusCode).toBe(200);
    const token = await reportToken(m.id, `${m.username}@example.ph`);
    expect((await t.client().post(routes.reportEmailChange.path, { token }, { csrf: 'omit' })).statusCode).toBe(403);
    await t.db.db
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('member_id', '=', m.id)
      .execute();
    for (const body of [{ token }, { token: 'x'.repeat(43) }, { token: 'not a token!' }, {}, { token, extra: 1 }]) {
      const res = await t.client().post(routes.reportEmailChange.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await memberRow(m.id)).email).toBe('later@example.ph');
    expect((await me(c)).statusCode).toBe(200);
  });

  it('without e-mail (no SMTP_URL) the member is told in the portal only, and no link is made', async () => {
    const s = await startTestApp();
    try {
      const m = await s.createMember();
      const c = await s.loginAs(m);
      expect((await c.post(routes.editMember.path, { id: m.id, email: 'quiet@example.ph' })).json()).toEqual({
        error: EMAIL_PASSWORD_REQUIRED,
      });
      expect((await c.post(routes.editMember.path, { id: m.id, email: 'quiet@example.ph', current_password: m.password })).statusCode).toBe(
        200,
      );
      expect(await s.db.db.selectFrom('outbox').select('id').execute()).toEqual([]);
      expect(await s.db.db.selectFrom('email_changes').select('token_hash').execute()).toEqual([]);
      expect(
        (await s.db.db.selectFrom('notifications').select('event').where('member_id', '=', m.id).execute()).map((n) => n.event),
      ).toEqual(['email_changed']);
    } finally {
      await s.close();
    }
  });
});

// ---- Names and the TIN --------------------------------------------------------------------------

describe('names and the TIN', () => {
  it('an approved agent’s own names are an administrator’s: 403 with what to do, nothing saved; unchanged names pass', async () => {
    const { m, c } = await fresh({ f_name: 'Ana', m_name: 'Santos', l_name: 'Reyes' });
    const before = await memberRow(m.id);
    for (const change of [{ f_name: 'Maria' }, { m_name: '' }, { l_name: 'Dela Cruz' }, { f_name: 'Ana', l_name: 'Cruz' }]) {
      const res = await edit(c, { id: m.id, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json()).toEqual({ error: NAME_CHANGE_REFUSED });
    }
    const form = await c.postForm(routes.editMember.path, [
      { name: 'id', value: String(m.id) },
      { name: 'f_name', value: 'Someone Else' },
    ]);
    expect(form.json()).toEqual({ error: NAME_CHANGE_REFUSED });
    expect(await memberRow(m.id)).toEqual(before);
    const same = await edit(c, { id: m.id, f_name: ' Ana ', m_name: 'Santos', l_name: 'Reyes', address_street: 'Mabini St' });
    expect(same.statusCode, same.body).toBe(200);
    expect(await memberRow(m.id)).toMatchObject({ f_name: 'Ana', m_name: 'Santos', l_name: 'Reyes', address_street: 'Mabini St' });
  });

  it('a member enters their TIN once; later changes (or clearing it) are 403; the same TIN written otherwise passes', async () => {
    const { m, c } = await fresh();
    const first = await edit(c, { id: m.id, tin: '123 456 789' });
    expect(first.statusCode, first.body).toBe(200);
    expect((await memberRow(m.id)).tin).toBe('123-456-789');
    for (const tin of ['987-654-321', '']) {
      const res = await edit(c, { id: m.id, tin });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: TIN_CHANGE_REFUSED });
    }
    expect((await edit(c, { id: m.id, tin: '123456789' })).statusCode).toBe(200);
    expect((await memberRow(m.id)).tin).toBe('123-456-789');
    // The member's own entry is not an administrator's action: nothing in the history.
    expect(await historyOf(m.id)).toEqual([]);
  });

  it('an administrator changes names and the TIN, audited with the TIN masked (its last digits only)', async () => {
    const { m } = await fresh({ f_name: 'Ana', l_name: 'Reyes' });
    expect((await edit(admin, { id: m.id, tin: '111-222-333' })).statusCode).toBe(200);
    const res = await edit(admin, { id: m.id, f_name: 'Anna', l_name: 'Reyes-Cruz', tin: '444-555-666' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await memberRow(m.id)).toMatchObject({ f_name: 'Anna', l_name: 'Reyes-Cruz', tin: '444-555-666' });
    const history = await admin.post(routes.memberHistory.path, { id: m.id });
    const [latest, earlier] = history.json() as MemberAuditEntry[];
    expect(latest).toMatchObject({
      action: 'edited',
      actor: { id: adminMember.id },
      changes: [
        { field: 'f_name', from: 'Ana', to: 'Anna' },
        { field: 'l_name', from: 'Reyes', to: 'Reyes-Cruz' },
        { field: 'tin', from: '•••-•••-333', to: '•••-•••-666' },
      ],
    });
    expect(earlier).toMatchObject({ changes: [{ field: 'tin', from: null, to: '•••-•••-333' }] });
    expect(history.body).not.toMatch(/111-?222|444-?555/);
  });
});

// ---- The admin's lists and the access log -------------------------------------------------------

describe('lists without addresses or phones, and every read of members’ data logged', () => {
  const accessOf = (subject: number) =>
    t.db.db.selectFrom('access_log').select(['actor_id', 'what', 'detail']).where('subject_id', '=', subject).orderBy('id').execute();

  it('adminmemberrecords and adminmembersearch carry no contact number or address, and log each member listed', async () => {
    const { m, c } = await fresh({ f_name: 'Listed', l_name: `Member${Date.now()}` });
    expect((await edit(c, { id: m.id, address_street: 'Secret St', address_number: '42-B', contact_no: '09991112222' })).statusCode).toBe(
      200,
    );

    const all = await admin.post(routes.adminMemberRecords.path, { id: adminMember.id });
    expect(all.statusCode).toBe(200);
    const search = await admin.post(routes.adminMemberSearch.path, { id: adminMember.id, q: 'listed member' });
    expect(search.statusCode).toBe(200);
    expect(search.json().rows.map((r: { id: number }) => r.id)).toEqual([m.id]);
    for (const body of [all.body, search.body]) {
      expect(body).not.toMatch(/Secret St|42-B|09991112222/);
      for (const field of MEMBER_CONTACT_FIELDS) expect(body).not.toContain(`"${field}"`);
    }
    expect(await accessOf(m.id)).toEqual([
      { actor_id: adminMember.id, what: 'member_list', detail: 'Members list' },
      { actor_id: adminMember.id, what: 'member_list', detail: 'Members search' },
    ]);
    // Once per read: a member listed is one entry, the reader not at all.
    const entries = await t.db.db.selectFrom('access_log').select(['subject_id']).where('detail', '=', 'Members list').execute();
    expect(new Set(entries.map((e) => e.subject_id)).size).toBe(entries.length);
    expect(entries.map((e) => e.subject_id)).not.toContain(adminMember.id);
    // An agent is refused the lists, and nothing is logged for it.
    expect((await c.post(routes.adminMemberRecords.path, { id: m.id })).statusCode).toBe(403);
    expect(await accessOf(m.id)).toHaveLength(2);
  });

  it('one member opened (getuserdetails), the answer of an admin’s edit and the history are logged; one’s own reads are not', async () => {
    const { m, c } = await fresh();
    expect((await edit(c, { id: m.id, address_street: 'Own St' })).statusCode).toBe(200);
    expect((await c.post(routes.getUserDetails.path, { id: m.id })).statusCode).toBe(200);
    expect(await accessOf(m.id)).toEqual([]);

    const details = await admin.post(routes.getUserDetails.path, { id: m.id });
    expect(details.json()[0]).toMatchObject({ address_street: 'Own St', contact_no: '09171234567' });
    const edited = await edit(admin, { id: m.id, address_street: 'Admin St' });
    expect(edited.json().member).toMatchObject({ address_street: 'Admin St', contact_no: '09171234567' });
    expect((await admin.post(routes.memberHistory.path, { id: m.id })).statusCode).toBe(200);
    expect(await accessOf(m.id)).toEqual([
      { actor_id: adminMember.id, what: 'personal_details', detail: null },
      { actor_id: adminMember.id, what: 'personal_details', detail: 'Member record, after an edit' },
      { actor_id: adminMember.id, what: 'personal_details', detail: 'Member history' },
    ]);
    // A refused edit reads nothing and logs nothing.
    expect((await edit(admin, { id: m.id, position: 'Boss' })).statusCode).toBe(400);
    expect(await accessOf(m.id)).toHaveLength(3);
  });

  it('approvemember answers the member as the lists carry them', async () => {
    const m = await t.createMember({ status: 'Pending' });
    const res = await admin.post(routes.approveMember.path, { id: m.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().member).toMatchObject({ id: m.id, status: 'Approved' });
    for (const field of MEMBER_CONTACT_FIELDS) expect(res.json().member).not.toHaveProperty(field);
  });
});

// ---- An administrator's own account -------------------------------------------------------------

describe('an administrator never sets their own position, account type or status', () => {
  it('403 with a clear message and nothing saved; the value on file passes; another administrator may, audited', async () => {
    const a = await t.createAdmin();
    const ca = await t.loginAs(a);
    const before = await memberRow(a.id);
    for (const change of [{ position: 'AgencyOwner' }, { account_type: 'user' }, { status: 'Pending' }]) {
      const res = await edit(ca, { id: a.id, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json()).toEqual({ error: SELF_ROLE_CHANGE_REFUSED });
    }
    expect(await memberRow(a.id)).toEqual(before);
    expect((await edit(ca, { id: a.id, position: 'Agent', account_type: 'admin', status: 'Approved' })).statusCode).toBe(200);
    expect(await historyOf(a.id)).toEqual([]);

    const res = await edit(admin, { id: a.id, position: 'AgencyOwner' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await memberRow(a.id)).position).toBe('AgencyOwner');
    expect((await historyOf(a.id))[0]).toMatchObject({
      action: 'edited',
      actor: { id: adminMember.id },
      changes: [{ field: 'position', from: 'Agent', to: 'AgencyOwner' }],
    });
    // Their own names and personal fields stay theirs to edit (an administrator's edit, audited).
    expect((await edit(ca, { id: a.id, f_name: 'Renamed' })).statusCode).toBe(200);
  });
});
