import { Writable } from 'node:stream';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@ahente/contract/routes';
import { buildApp } from '../app.ts';
import { startTestApp, TestClient, type TestApp } from '../../test/harness.ts';

/**
 * No secret, password or personal number ever reaches a log (decision 001): the server's log of a
 * whole run, at its most talkative level (trace), through sign-up, login, bank details, the TIN, a
 * valid ID, a password change, two-factor enrolment and a login with a code, is searched for every
 * secret the run used or was given.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const jpeg = (text: string) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(text)]);

describe('the log of a whole run', () => {
  it('holds no password, account number, TIN, session id, XSRF token, TOTP secret or recovery code', async () => {
    let out = '';
    const sink = new Writable({
      write(chunk, _enc, cb) {
        out += chunk.toString();
        cb();
      },
    });
    const app = await buildApp({ config: { ...t.config, logLevel: 'trace' }, db: t.db, logStream: sink });
    const secrets: string[] = [];
    try {
      // Sign-up: the password and the contact number.
      const sponsor = await t.createMember();
      const signupPassword = 'Signup-Secret-Pass-731';
      const signup = await new TestClient(app).post(routes.register.path, {
        username: `logged_${Date.now().toString(36)}`,
        password: signupPassword,
        email: `logged${Date.now().toString(36)}@example.ph`,
        lname: 'Dela Cruz',
        fname: 'Juan',
        mname: 'Santos',
        contact: '09179876543',
        refCode: sponsor.referral_code,
        consent: true,
      });
      expect(signup.statusCode, signup.body).toBe(200);
      secrets.push(signupPassword, '09179876543');

      // An approved member: login (a wrong password first), bank details, TIN, valid ID.
      const password = 'Login-Secret-Pass-482';
      const m = await t.createMember({ password });
      const c = new TestClient(app);
      expect((await c.post(routes.login.path, { username: m.username, password: 'Wrong-Secret-Pass-993' })).statusCode).toBe(401);
      const login = await c.post(routes.login.path, { username: m.username, password });
      expect(login.statusCode).toBe(200);
      const sid = login.cookies.find((k) => k.name === 'ahente_sid')?.value;
      const xsrf = login.cookies.find((k) => k.name === 'XSRF-TOKEN')?.value;
      expect(sid).toBeTruthy();
      const device = login.cookies.find((k) => k.name === 'ahente_device')?.value;
      secrets.push(password, 'Wrong-Secret-Pass-993', sid!, ...(xsrf ? [decodeURIComponent(xsrf)] : []), ...(device ? [device] : []));

      const bank = await c.post(routes.addUserBanks.path, {
        id: m.id,
        bank_name: 'BDO Unibank',
        account_number: '7731 2298-4410',
        account_name: 'Ana M. Reyes',
      });
      expect(bank.statusCode, bank.body).toBe(200);
      expect((await c.get(routes.getUserBanks.path.replace(':id', String(m.id)))).statusCode).toBe(200);
      secrets.push('773122984410', '7731 2298-4410');

      const tin = await c.post(routes.editMember.path, { id: m.id, tin: '918 273 645 000' });
      expect(tin.statusCode, tin.body).toBe(200);
      secrets.push('918273645000', '918-273-645-000', '918 273 645 000');

      const validId = await c.postForm(routes.editMember.path, [
        { name: 'id', value: String(m.id) },
        { name: 'valid_id', filename: 'passport-P1234567A.jpg', content: jpeg('valid id') },
      ]);
      expect(validId.statusCode, validId.body).toBe(200);
      secrets.push('P1234567A');

      // A password change, then two-factor sign-in: enrolment and a login with a code.
      const newPassword = 'Changed-Secret-Pass-615';
      const changed = await c.post(routes.changePassword.path, { id: m.id, password: newPassword, current_password: password });
      expect(changed.statusCode, changed.body).toBe(200);
      secrets.push(newPassword);

      const start = await c.post(routes.startMfa.path);
      expect(start.statusCode, start.body).toBe(200);
      const { secret } = start.json() as { secret: string };
      const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
      const confirm = await c.post(routes.confirmMfa.path, { code: totp.generate() });
      expect(confirm.statusCode, confirm.body).toBe(200);
      const codes = (confirm.json() as { recovery_codes: string[] }).recovery_codes;
      secrets.push(secret, ...codes);

      const again = new TestClient(app);
      expect((await again.post(routes.login.path, { username: m.username, password: newPassword })).statusCode).toBe(401);
      const withCode = await again.post(routes.login.path, { username: m.username, password: newPassword, code: codes[0] });
      expect(withCode.statusCode, withCode.body).toBe(200);
      const secondSid = withCode.cookies.find((k) => k.name === 'ahente_sid')?.value;
      if (secondSid) secrets.push(secondSid);
    } finally {
      await app.close();
    }

    // The run did log (requests, completions), so silence is not what passes this test.
    expect(out.split('\n').filter(Boolean).length).toBeGreaterThan(20);
    for (const secret of secrets) expect(out.includes(secret), `the log holds ${secret.slice(0, 3)}…`).toBe(false);
  });
});
