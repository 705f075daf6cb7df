import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddLicenceRequest } from '@ahente/contract/licences';
import { routes } from '@ahente/contract/routes';
import type { SetupChecklistResponse } from '@ahente/contract/setup-checklist';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * A new member's first steps (decision 018): POST /api/setupchecklist {id}, each item's state from
 * what is on file, the licence item by the hold's rule (decision 018). The clock is the test's.
 */
type Member = Awaited<ReturnType<TestApp['createMember']>>;

const clock = new Date('2026-12-02T02:00:00.000Z'); // 2026-12-02 in Manila
let t: TestApp;
let adminClient: TestClient;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  adminClient = await t.loginAs(await t.createAdmin());
});
afterAll(() => t.close());

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('photo')]);
const licence = (id: number, over: Partial<AddLicenceRequest> = {}): AddLicenceRequest => ({
  id,
  line: 'Non-Life',
  license_no: 'NL-2026-000123',
  insurer: 'Pioneer Insurance',
  issued_on: '2026-01-05',
  expires_on: '2029-12-31',
  ...over,
});

/** The member's checklist (a 200: `call` fails on any other status). */
function checklist(c: TestClient, id: number): Promise<SetupChecklistResponse> {
  return c.call(routes.setupChecklist, { body: { id } });
}
const states = (list: SetupChecklistResponse) => Object.fromEntries(list.items.map((i) => [i.item, i.state]));
const item = (list: SetupChecklistResponse, name: string) => list.items.find((i) => i.item === name)!;

async function deal(c: TestClient, member: Member, product: string) {
  await c.call(routes.addDeal, {
    body: {
      id: member.id,
      customerName: 'Maria Clara',
      transactionType: 'New',
      product,
      tcvValue: '1000',
      effectiveDate: '2026-12-01',
      salesType: 'Direct',
    },
  });
}

describe('POST /api/setupchecklist', () => {
  it('starts with every item to do, in order, and ends done as each is saved', async () => {
    const agent = await t.createMember();
    const c = await t.loginAs(agent);
    const first = await checklist(c, agent.id);
    expect(first).toEqual({
      items: [
        { item: 'licence', state: 'todo', lines: [], gaps: [] },
        { item: 'bank', state: 'todo', lines: [], gaps: [] },
        { item: 'tin', state: 'todo', lines: [], gaps: [] },
        { item: 'certification', state: 'todo', lines: [], gaps: ['none'] },
        { item: 'photo', state: 'todo', lines: [], gaps: [] },
      ],
      done: false,
      as_of: '2026-12-02',
    });

    // The member's own licence waits for the agency; bank details, TIN and photo are done once saved.
    // Each save is a 200: `call` fails on any other status.
    await c.call(routes.addLicense, { body: licence(agent.id) });
    await c.call(routes.addUserBanks, {
      body: { id: agent.id, bank_name: 'BDO Unibank', account_number: '0012345678', account_name: 'Ana Reyes' },
    });
    await c.call(routes.editMember, { body: { id: agent.id, tin: '123-456-789' } });
    await c.callForm(routes.editMember, [
      { name: 'id', value: String(agent.id) },
      { name: 'photo', filename: 'me.png', content: png },
    ]);
    // A certification with a coding date but no TLC date is not done yet.
    await c.call(routes.addCertifications, { body: { id: agent.id, lfa_code: 'LFA-1', coding_date_1: '2026-11-02' } });
    const midway = await checklist(c, agent.id);
    expect(states(midway)).toEqual({ licence: 'awaiting', bank: 'done', tin: 'done', certification: 'todo', photo: 'done' });
    expect(item(midway, 'certification').gaps).toEqual(['tlc']);
    expect(midway.done).toBe(false);

    await c.call(routes.addCertifications, { body: { id: agent.id, individual_hmo: '2026-11-20' } });
    const [pending] = await adminClient.call(routes.getLicenses, { body: { id: agent.id } });
    await adminClient.call(routes.verifyLicense, { body: { license_id: pending!.id, decision: 'verified' } });
    const done = await checklist(c, agent.id);
    expect(states(done)).toEqual({ licence: 'done', bank: 'done', tin: 'done', certification: 'done', photo: 'done' });
    expect(done.done).toBe(true);
  });

  it('asks for a licence of each line the member sells or has a deal for, verified and running today', async () => {
    const agent = await t.createMember();
    const c = await t.loginAs(agent);
    // A Life licence covers "any line" while nothing is sold.
    await adminClient.call(routes.addLicense, { body: licence(agent.id, { line: 'Life', license_no: 'L-1' }) });
    expect(item(await checklist(c, agent.id), 'licence')).toMatchObject({ state: 'done', lines: [] });

    // A deal for a motor product and one for a medical product: each needs its own lines.
    await deal(c, agent, 'Comprehensive');
    await deal(c, agent, 'Individual');
    expect(item(await checklist(c, agent.id), 'licence')).toMatchObject({
      state: 'todo',
      lines: ['HMO or Accident and Health', 'Non-Life'],
    });

    // Non-Life pending, HMO missing: still to do. An expired verified Non-Life licence does not count.
    await adminClient.call(routes.addLicense, { body: licence(agent.id, { issued_on: '2022-01-05', expires_on: '2025-12-31' }) });
    await c.call(routes.addLicense, { body: licence(agent.id, { license_no: 'NL-2' }) });
    expect(item(await checklist(c, agent.id), 'licence')).toMatchObject({
      state: 'todo',
      lines: ['HMO or Accident and Health', 'Non-Life'],
    });

    // HMO pending too: every missing line awaits the agency.
    await c.call(routes.addLicense, { body: licence(agent.id, { line: 'HMO', license_no: 'H-1' }) });
    expect(item(await checklist(c, agent.id), 'licence')).toMatchObject({ state: 'awaiting' });

    // An admin's licence for them is verified at once: only Non-Life is left, pending.
    await adminClient.call(routes.addLicense, { body: licence(agent.id, { line: 'Accident and Health', license_no: 'AH-1' }) });
    expect(item(await checklist(c, agent.id), 'licence')).toMatchObject({ state: 'awaiting', lines: ['Non-Life'] });
  });

  it('answers an admin as it answers the member, and refuses anyone else', async () => {
    const agent = await t.createMember();
    const mine = await checklist(await t.loginAs(agent), agent.id);
    expect(await checklist(adminClient, agent.id)).toEqual(mine);

    const other = await t.loginAs(await t.createMember());
    expect((await other.attempt(routes.setupChecklist, { body: { id: agent.id } })).status).toBe(403);
    // Their sponsor (a leader) reads other things of theirs, not this.
    const leader = await t.createMember({ position: 'Manager' });
    const recruit = await t.createMember({ referror: leader.id });
    expect((await (await t.loginAs(leader)).attempt(routes.setupChecklist, { body: { id: recruit.id } })).status).toBe(403);
    expect((await t.client().attempt(routes.setupChecklist, { body: { id: agent.id } })).status).toBe(401);
  });

  it('refuses a bad id with a clear 400, and an unknown member with 404', async () => {
    // Bodies the route's type refuses, on purpose: the raw post.
    for (const body of [{}, { id: 'x' }, { id: -1 }, { id: 1.5 }]) {
      const res = await adminClient.post(routes.setupChecklist.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(/\bid\b/i);
    }
    expect((await adminClient.attempt(routes.setupChecklist, { body: { id: 999_999 } })).status).toBe(404);
  });
});
