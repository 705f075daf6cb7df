import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminInsurersResponse, InsurerRatesResponse } from '@ahente/contract/insurers';
import { routes } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

/**
 * Insurers (decision 037): administrators keep them; a sale's insurer text names one by its name or
 * an alias (case and spaces ignored), and an unknown name waits to be linked. On both databases.
 */
type Member = Awaited<ReturnType<TestApp['createMember']>>;

const clock = new Date('2026-11-24T02:00:00.000Z'); // 2026-11-24 in Manila
let t: TestApp;
let agent: Member;
let agentClient: TestClient;
let otherClient: TestClient;
let adminClient: TestClient;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  ({ agent, agentClient, otherClient, adminClient } = await t.callers());
});
afterAll(() => t.close());

/** A sale of the agent's naming `insurer` as typed. */
async function sell(insurer: string | null, policy = 'POL-1'): Promise<number> {
  const deal = await agentClient.post(routes.addDeal.path, {
    id: agent.id,
    customerName: 'Maria Clara',
    transactionType: 'New',
    product: 'CTPL',
    tcvValue: '1000',
    effectiveDate: '2026-11-01',
    salesType: 'Direct',
  });
  expect(deal.statusCode, deal.body).toBe(200);
  const sale = await agentClient.post(routes.addSale.path, {
    id: agent.id,
    formData: {
      dealid: deal.json().deal.id,
      customerName: 'Maria Clara',
      product: 'CTPL',
      tcv: '1000',
      sales_type: 'Direct',
      effectiveDate: '2026-11-01',
      policy,
      ...(insurer === null ? {} : { insurer }),
    },
  });
  expect(sale.statusCode, sale.body).toBe(200);
  return sale.json().sale.id;
}

const linkOf = async (saleId: number) =>
  (await t.db.db.selectFrom('sales').select(['insurer', 'insurer_id']).where('id', '=', saleId).executeTakeFirstOrThrow()).insurer_id;

async function save(body: Record<string, unknown>, client: TestClient = adminClient) {
  return client.post(routes.saveInsurer.path, body);
}
async function adminList(): Promise<AdminInsurersResponse> {
  const res = await adminClient.get(routes.adminInsurers.path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const counts = async () => ({
  insurers: (await t.db.db.selectFrom('insurers').select('id').execute()).length,
  aliases: (await t.db.db.selectFrom('insurer_aliases').select('id').execute()).length,
  rates: (await t.db.db.selectFrom('insurer_rates').select('id').execute()).length,
});

describe('insurers', () => {
  let malayan: number;

  it('links a sale whose text names no insurer once the insurer is saved, and a new sale at once', async () => {
    const early = await sell('  malayan   INSURANCE ');
    expect(await linkOf(early)).toBeNull();
    expect((await adminList()).unknown).toContainEqual({ text: 'malayan INSURANCE', sales: 1 });

    const res = await save({
      name: ' Malayan  Insurance ',
      code: 'mal',
      aliases: ['Malayan Ins.', 'MALAYANINSURANCE', 'Malayan Ins.'],
      active: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    malayan = res.json().insurer.id;
    // Tidied; the code upper-cased; an alias repeating the name's key or another alias is dropped.
    expect(res.json()).toEqual({
      insurer: { id: malayan, name: 'Malayan Insurance', code: 'MAL', aliases: ['Malayan Ins.'], active: true, sales: 1 },
      linked_sales: 1,
    });
    expect(await linkOf(early)).toBe(malayan);
    expect((await adminList()).unknown.find((u) => u.text.toLowerCase().includes('malayan'))).toBeUndefined();

    // A new sale naming an alias, spelt otherwise, is linked when it is recorded; its text is kept as typed.
    const later = await sell('malayan ins.');
    expect(await linkOf(later)).toBe(malayan);
    const sale = await t.db.db.selectFrom('sales').select('insurer').where('id', '=', later).executeTakeFirstOrThrow();
    expect(sale.insurer).toBe('malayan ins.');
    expect(await linkOf(await sell(null))).toBeNull();
  });

  it('lists the active insurers to every member, by name, and only the admins the rest', async () => {
    const pioneer = await save({ name: 'Pioneer', code: 'PIO', aliases: [], active: true });
    const gone = await save({ name: 'Old Mutual', code: 'OLD', aliases: [], active: false });
    expect(pioneer.statusCode, pioneer.body).toBe(200);
    expect(gone.statusCode, gone.body).toBe(200);
    const list = await agentClient.get(routes.insurers.path);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().insurers.map((i: { name: string }) => i.name)).toEqual(['Malayan Insurance', 'Pioneer']);
    expect((await t.client().get(routes.insurers.path)).statusCode).toBe(401);
    expect((await agentClient.get(routes.adminInsurers.path)).statusCode).toBe(403);
    expect((await t.client().get(routes.adminInsurers.path)).statusCode).toBe(401);
    const all = await adminList();
    expect(all.insurers.map((i) => [i.name, i.active])).toEqual([
      ['Malayan Insurance', true],
      ['Old Mutual', false],
      ['Pioneer', true],
    ]);
  });

  it('refuses a name, an alias or a code another insurer has (409 naming it), and saves nothing', async () => {
    const before = await counts();
    const byName = await save({ name: 'MALAYAN ins.', code: 'NEW', aliases: [], active: true });
    expect(byName.statusCode, byName.body).toBe(409);
    expect(byName.json().error).toBe('"MALAYAN ins." is already the name or an alias of Malayan Insurance');
    const byAlias = await save({ name: 'Pioneer Two', code: 'PIO2', aliases: ['pioneer'], active: true });
    expect(byAlias.statusCode).toBe(409);
    expect(byAlias.json().error).toBe('"pioneer" is already the name or an alias of Pioneer');
    const byCode = await save({ name: 'Malayan Life', code: 'Mal', aliases: [], active: true });
    expect(byCode.statusCode).toBe(409);
    expect(byCode.json().error).toBe('Code MAL is already used by Malayan Insurance');
    // Editing an insurer into another's alias is refused the same way.
    const pioneer = (await adminList()).insurers.find((i) => i.name === 'Pioneer')!;
    const edit = await save({ id: pioneer.id, name: 'Pioneer', code: 'PIO', aliases: ['MALAYAN INS.'], active: true });
    expect(edit.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input with a clear 400 and unknown insurers with 404, saving nothing', async () => {
    const before = await counts();
    for (const [body, message] of [
      [{ name: '', code: 'X', aliases: [], active: true }, 'Name is required'],
      [{ name: 'X', code: 'A B', aliases: [], active: true }, 'Code must be letters, digits and dashes'],
      [{ name: 'X', code: 'X'.repeat(21), aliases: [], active: true }, 'Code must be at most 20 characters'],
      [{ name: 'X', code: 'X', aliases: ['a\u0000b'], active: true }, 'Alias may not contain control characters'],
      [{ name: 'X', code: 'X', aliases: [], active: 'yes' }, 'Active must be true or false'],
      [{ name: 'X', code: 'X', aliases: [], active: true, created_by: 1 }, undefined],
    ] as const) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body).toContain(message);
    }
    const unknown = await save({ id: 999_999, name: 'Ghost', code: 'GH', aliases: [], active: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Insurer not found');
    for (const [route, body] of [
      [routes.linkInsurerName, { text: 'Ghost Ins', insurer_id: 999_999 }],
      [routes.setInsurerRate, { insurer_id: 999_999, product: 'CTPL', rate: '10', effective_from: '2026-11-01' }],
      [routes.insurerRates, { insurer_id: 999_999 }],
    ] as const) {
      expect((await adminClient.post(route.path, body)).statusCode).toBe(404);
    }
    const badRate = await adminClient.post(routes.setInsurerRate.path, {
      insurer_id: malayan,
      product: 'Spaceship',
      rate: '101',
      effective_from: '2026-02-30',
    });
    expect(badRate.statusCode).toBe(400);
    expect(badRate.body).toContain('Product must be one of the products of the catalogue');
    expect(badRate.body).toContain('Rate must be a number from 0 to 100');
    expect(badRate.body).toContain('Effective from must be a real date');
    expect(await counts()).toEqual(before);
  });

  it('keeps the calls for administrators: anonymous 401, agents 403', async () => {
    const calls = [
      [routes.saveInsurer, { name: 'Agent Ins', code: 'AG', aliases: [], active: true }],
      [routes.linkInsurerName, { text: 'Agent Ins', insurer_id: malayan }],
      [routes.setInsurerRate, { insurer_id: malayan, product: 'CTPL', rate: '10', effective_from: '2026-11-01' }],
      [routes.insurerRates, { insurer_id: malayan }],
    ] as const;
    const before = await counts();
    for (const [route, body] of calls) {
      expect((await t.client().post(route.path, body)).statusCode, route.path).toBe(401);
      expect((await agentClient.post(route.path, body)).statusCode, route.path).toBe(403);
      expect((await otherClient.post(route.path, body)).statusCode, route.path).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });

  it('links an unknown name to an insurer as an alias, with all its sales, and refuses one another insurer has', async () => {
    const a = await sell('Pru Life U.K.');
    const b = await sell('PRU LIFE  U.K.');
    const list = await adminList();
    expect(list.unknown).toContainEqual({ text: 'PRU LIFE U.K.', sales: 2 });
    const pru = await save({ name: 'Pru Life UK', code: 'PRU', aliases: [], active: true });
    expect(pru.json().linked_sales).toBe(0);
    const pruId = pru.json().insurer.id;

    const res = await adminClient.post(routes.linkInsurerName.path, { text: 'PRU LIFE U.K.', insurer_id: pruId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      insurer: { id: pruId, name: 'Pru Life UK', code: 'PRU', aliases: ['PRU LIFE U.K.'], active: true, sales: 2 },
      linked_sales: 2,
    });
    expect([await linkOf(a), await linkOf(b)]).toEqual([pruId, pruId]);
    // Again: already its alias, nothing added.
    const again = await adminClient.post(routes.linkInsurerName.path, { text: 'pru life u.k.', insurer_id: pruId });
    expect(again.json()).toMatchObject({ insurer: { aliases: ['PRU LIFE U.K.'] }, linked_sales: 0 });
    // To another insurer: 409 naming the one that has it.
    const taken = await adminClient.post(routes.linkInsurerName.path, { text: 'Pru Life U.K.', insurer_id: malayan });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('"Pru Life U.K." is already the name or an alias of Pru Life UK');

    // Removing the alias unlinks its sales: they are listed as unknown again.
    const removed = await save({ id: pruId, name: 'Pru Life UK', code: 'PRU', aliases: [], active: true });
    expect(removed.json().insurer.sales).toBe(0);
    expect(await linkOf(a)).toBeNull();
    expect((await adminList()).unknown).toContainEqual({ text: 'PRU LIFE U.K.', sales: 2 });
    // Renaming the insurer to the spelling links them again.
    const renamed = await save({ id: pruId, name: 'Pru Life U.K.', code: 'PRU', aliases: ['Pru Life UK'], active: true });
    expect(renamed.json()).toMatchObject({ insurer: { sales: 2 }, linked_sales: 2 });
  });

  it("keeps the agency's schedule append-only, newest first, with who set it and the rate in force", async () => {
    const set = (product: string, rate: string | number, effective_from: string) =>
      adminClient.post(routes.setInsurerRate.path, { insurer_id: malayan, product, rate, effective_from });
    const first = await set('CTPL', '12.5', '2026-01-01');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().rate).toMatchObject({ insurer_id: malayan, product: 'CTPL', rate: 12.5, effective_from: '2026-01-01' });
    expect(first.json().rate.created_by_name).toEqual(expect.any(String));
    expect((await set('CTPL', 15, '2027-01-01')).statusCode).toBe(200);
    expect((await set('Comprehensive', '20', '2026-06-01')).statusCode).toBe(200);
    // The same date again: the later supersedes, both are kept.
    expect((await set('Comprehensive', '18.25', '2026-06-01')).statusCode).toBe(200);

    const res = await adminClient.post(routes.insurerRates.path, { insurer_id: malayan });
    expect(res.statusCode, res.body).toBe(200);
    const body: InsurerRatesResponse = res.json();
    expect(body.as_of).toBe('2026-11-24');
    expect(body.current).toEqual([
      { product: 'CTPL', rate: 12.5, effective_from: '2026-01-01' },
      { product: 'Comprehensive', rate: 18.25, effective_from: '2026-06-01' },
    ]);
    expect(body.history.map((r) => [r.product, r.rate, r.effective_from])).toEqual([
      ['Comprehensive', 18.25, '2026-06-01'],
      ['Comprehensive', 20, '2026-06-01'],
      ['CTPL', 15, '2027-01-01'],
      ['CTPL', 12.5, '2026-01-01'],
    ]);
    // Another insurer's schedule is its own.
    const pioneer = (await adminList()).insurers.find((i) => i.name === 'Pioneer')!;
    const theirs = await adminClient.post(routes.insurerRates.path, { insurer_id: pioneer.id });
    expect(theirs.json()).toMatchObject({ current: [], history: [] });
  });
});
