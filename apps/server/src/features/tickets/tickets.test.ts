import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@ahente/contract/routes';
import type { Ticket } from '@ahente/contract/tickets';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness.ts';

let t: TestApp;
type Member = Awaited<ReturnType<TestApp['createMember']>>;
let agent: Member;
let agentClient: TestClient;
let other: Member;
let otherClient: TestClient;
let adminClient: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  ({ agent, other, agentClient, otherClient, adminClient } = await t.callers());
});
afterAll(() => t.close());

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const newTicket = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  title: 'Commission for March not credited',
  description: 'My March commission for policy POL-2026-00012 is missing.\nCould you check?',
  type: 'finance',
  ...over,
});

async function open(client: TestClient, id: number, over: Record<string, unknown> = {}): Promise<Ticket> {
  const res = await client.post(routes.addTicket.path, newTicket(id, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ticket;
}
async function mine(client: TestClient, id: number): Promise<Ticket[]> {
  const res = await client.post(routes.getMyTickets.path, { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function all(): Promise<Ticket[]> {
  const res = await adminClient.get(routes.adminTicketList.path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const close = (client: TestClient, ticketId: number, status: string) => client.post(routes.closeTicket.path, { ticketId, status });
const ticketCount = async () =>
  (
    await t.db.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

/** A fresh logged-in agent with no tickets: rejected requests are checked against its empty list. */
async function freshAgent() {
  const m = await t.createMember();
  return { m, c: await t.loginAs(m) };
}

describe('POST /api/addticket', () => {
  it('opens a Pending ticket of the agent, trimmed, and answers 201 { success, ticket }', async () => {
    const { m, c } = await freshAgent();
    const res = await c.post(routes.addTicket.path, newTicket(m.id, { title: '  Commission for March not credited ' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      ticket: {
        id: expect.any(Number),
        title: 'Commission for March not credited',
        description: 'My March commission for policy POL-2026-00012 is missing.\nCould you check?',
        status: 'Pending',
        type: 'finance',
        member: { id: m.id, f_name: expect.any(String), m_name: null, l_name: expect.any(String) },
        created_at: expect.stringMatching(ISO),
        closed_at: null,
      },
    });
    expect(await mine(c, m.id)).toEqual([body.ticket]);
    expect(await all()).toContainEqual(body.ticket);
  });

  it('accepts each of the four types', async () => {
    const { m, c } = await freshAgent();
    for (const type of ['concerns', 'finance', 'sales', 'registration']) {
      expect((await open(c, m.id, { type, title: `About ${type}` })).type).toBe(type);
    }
    expect((await mine(c, m.id)).map((x) => x.type).sort()).toEqual(['concerns', 'finance', 'registration', 'sales']);
  });

  it('refuses a blank title, a blank description, an unknown type and unknown fields with 400, saving nothing', async () => {
    const { m, c } = await freshAgent();
    const before = await ticketCount();
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ title: '   ' }, 'Title is required'],
      [{ title: undefined }, 'Title is required'],
      [{ description: ' \n ' }, 'Description is required'],
      [{ type: 'complaints' }, 'Type must be one of concerns, finance, sales, registration'],
      [{ type: '' }, 'Type must be one of concerns, finance, sales, registration'],
      [{ title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
      [{ description: 'x'.repeat(2001) }, 'Description must be at most 2000 characters'],
    ];
    for (const [over, message] of bad) {
      const res = await c.post(routes.addTicket.path, newTicket(m.id, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().error, JSON.stringify(over)).toBe(message);
    }
    const extra = await c.post(routes.addTicket.path, { ...newTicket(m.id), status: 'Resolved' });
    expect(extra.statusCode).toBe(400);
    expect(await ticketCount()).toBe(before);
    expect(await mine(c, m.id)).toEqual([]);
  });

  it('lets an admin open a ticket for a member, and answers 404 for an unknown member', async () => {
    const { m, c } = await freshAgent();
    const ticket = await open(adminClient, m.id, { type: 'registration' });
    expect(ticket.member?.id).toBe(m.id);
    expect(await mine(c, m.id)).toEqual([ticket]);
    const before = await ticketCount();
    const res = await adminClient.post(routes.addTicket.path, newTicket(2_000_000_000));
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Member not found');
    expect(await ticketCount()).toBe(before);
  });

  it('refuses anonymous callers (401) and an agent opening one for another member (403)', async () => {
    const before = await ticketCount();
    const anon = await t.client().post(routes.addTicket.path, newTicket(agent.id));
    expect(anon.statusCode).toBe(401);
    const res = await otherClient.post(routes.addTicket.path, newTicket(agent.id));
    expect(res.statusCode).toBe(403);
    expect(await ticketCount()).toBe(before);
  });
});

describe('POST /api/getmytickets', () => {
  it("lists only the member's own tickets, newest first", async () => {
    const { m, c } = await freshAgent();
    const first = await open(c, m.id, { title: 'First' });
    const second = await open(c, m.id, { title: 'Second' });
    await open(otherClient, other.id, { title: 'Someone else' });
    expect((await mine(c, m.id)).map((x) => x.id)).toEqual([second.id, first.id]);
  });

  it('refuses another agent (403) and anonymous callers (401); an admin may read anyone’s', async () => {
    const ticket = await open(agentClient, agent.id);
    expect((await otherClient.post(routes.getMyTickets.path, { id: agent.id })).statusCode).toBe(403);
    expect((await t.client().post(routes.getMyTickets.path, { id: agent.id })).statusCode).toBe(401);
    expect(await mine(adminClient, agent.id)).toContainEqual(ticket);
  });
});

describe('GET /api/adminticketlist', () => {
  it('lists every ticket, Pending first, then newest first', async () => {
    const a = await open(agentClient, agent.id, { title: 'Older pending' });
    const b = await open(otherClient, other.id, { title: 'Closed one' });
    const c = await open(agentClient, agent.id, { title: 'Newer pending' });
    expect((await close(adminClient, b.id, 'Resolved')).statusCode).toBe(200);
    const list = await all();
    const ids = list.map((x) => x.id);
    expect(ids.indexOf(c.id)).toBeLessThan(ids.indexOf(a.id));
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    const firstClosed = list.findIndex((x) => x.status !== 'Pending');
    expect(list.slice(firstClosed).every((x) => x.status !== 'Pending')).toBe(true);
  });

  it('refuses agents (403) and anonymous callers (401)', async () => {
    expect((await agentClient.get(routes.adminTicketList.path)).statusCode).toBe(403);
    expect((await t.client().get(routes.adminTicketList.path)).statusCode).toBe(401);
  });
});

describe('POST /api/editticket', () => {
  it('changes title, description and type, and the agent sees the change', async () => {
    const ticket = await open(agentClient, agent.id);
    const res = await adminClient.post(routes.editTicket.path, {
      ticketId: ticket.id,
      title: ' Missing March commission ',
      description: 'Checked with finance.',
      type: 'sales',
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = { ...ticket, title: 'Missing March commission', description: 'Checked with finance.', type: 'sales' };
    expect(res.json()).toEqual({ success: true, ticket: edited });
    expect(await mine(agentClient, agent.id)).toContainEqual(edited);
  });

  it('works on a closed ticket too, and leaves its status as it was', async () => {
    const ticket = await open(agentClient, agent.id);
    await close(adminClient, ticket.id, 'Rejected');
    const res = await adminClient.post(routes.editTicket.path, {
      ticketId: ticket.id,
      title: 'Duplicate',
      description: 'See #1',
      type: 'concerns',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().ticket).toMatchObject({ title: 'Duplicate', status: 'Rejected', closed_at: expect.stringMatching(ISO) });
  });

  it('answers 404 for an unknown ticket and 400 for bad fields, changing nothing', async () => {
    const ticket = await open(agentClient, agent.id);
    const body = { ticketId: ticket.id, title: 'New title', description: 'New description', type: 'sales' };
    const unknown = await adminClient.post(routes.editTicket.path, { ...body, ticketId: 2_000_000_000 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Ticket not found');
    for (const [over, message] of [
      [{ title: '' }, 'Title is required'],
      [{ description: '  ' }, 'Description is required'],
      [{ type: 'other' }, 'Type must be one of concerns, finance, sales, registration'],
      [{ ticketId: 'abc' }, 'ticketId must be a number'],
      [{ ticketId: undefined }, 'ticketId is required'],
    ] as Array<[Record<string, unknown>, string]>) {
      const res = await adminClient.post(routes.editTicket.path, { ...body, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().error, JSON.stringify(over)).toBe(message);
    }
    expect((await all()).find((x) => x.id === ticket.id)).toEqual(ticket);
  });

  it('refuses agents, the ticket’s owner included (403), and anonymous callers (401)', async () => {
    const ticket = await open(agentClient, agent.id);
    const body = { ticketId: ticket.id, title: 'Mine now', description: 'x', type: 'sales' };
    expect((await agentClient.post(routes.editTicket.path, body)).statusCode).toBe(403);
    expect((await otherClient.post(routes.editTicket.path, body)).statusCode).toBe(403);
    expect((await t.client().post(routes.editTicket.path, body)).statusCode).toBe(401);
    expect((await all()).find((x) => x.id === ticket.id)).toEqual(ticket);
  });
});

describe('POST /api/closeticket', () => {
  for (const status of ['Resolved', 'Rejected'] as const) {
    it(`moves a Pending ticket to ${status}, once: a second close answers 409 and changes nothing`, async () => {
      const ticket = await open(agentClient, agent.id);
      const res = await close(adminClient, ticket.id, status);
      expect(res.statusCode, res.body).toBe(200);
      const closed = res.json().ticket as Ticket;
      expect(closed).toEqual({ ...ticket, status, closed_at: expect.stringMatching(ISO) });
      expect(await mine(agentClient, agent.id)).toContainEqual(closed);

      for (const again of ['Resolved', 'Rejected']) {
        const second = await close(adminClient, ticket.id, again);
        expect(second.statusCode).toBe(409);
        expect(second.json().error).toBe(`This ticket is already ${status}`);
      }
      expect((await all()).find((x) => x.id === ticket.id)).toEqual(closed);
    });
  }

  it('records which admin closed it and when', async () => {
    const admin = await t.createAdmin();
    const ticket = await open(agentClient, agent.id);
    await close(await t.loginAs(admin), ticket.id, 'Resolved');
    const row = await t.db.db.selectFrom('tickets').selectAll().where('id', '=', ticket.id).executeTakeFirstOrThrow();
    expect(row.closed_by).toBe(admin.id);
    expect(row.closed_at).toMatch(ISO);
  });

  it('of two admins closing the same ticket at once, exactly one wins', async () => {
    const second = await t.loginAs(await t.createAdmin());
    for (let round = 0; round < 5; round++) {
      const ticket = await open(agentClient, agent.id);
      const answers = await Promise.all([close(adminClient, ticket.id, 'Resolved'), close(second, ticket.id, 'Rejected')]);
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const winner = answers.find((r) => r.statusCode === 200)!.json().ticket as Ticket;
      const loser = answers.find((r) => r.statusCode === 409)!;
      expect(loser.json().error).toBe(`This ticket is already ${winner.status}`);
      expect((await all()).find((x) => x.id === ticket.id)?.status).toBe(winner.status);
    }
  });

  it('answers 404 for an unknown ticket and 400 for a bad status, changing nothing', async () => {
    const ticket = await open(agentClient, agent.id);
    const unknown = await close(adminClient, 2_000_000_000, 'Resolved');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Ticket not found');
    for (const status of ['Pending', 'resolved', 'Done', '', null]) {
      const res = await close(adminClient, ticket.id, status as string);
      expect(res.statusCode, String(status)).toBe(400);
      expect(res.json().error).toBe('Status must be one of Resolved, Rejected');
    }
    expect((await all()).find((x) => x.id === ticket.id)).toEqual(ticket);
  });

  it('refuses agents, the ticket’s owner included (403), and anonymous callers (401)', async () => {
    const ticket = await open(agentClient, agent.id);
    expect((await close(agentClient, ticket.id, 'Resolved')).statusCode).toBe(403);
    expect((await close(otherClient, ticket.id, 'Resolved')).statusCode).toBe(403);
    expect((await close(t.client(), ticket.id, 'Resolved')).statusCode).toBe(401);
    expect((await all()).find((x) => x.id === ticket.id)?.status).toBe('Pending');
  });
});

describe('the tickets table', () => {
  it('refuses an unknown type or status, or a closed ticket without a closing time, on both databases', async () => {
    const base = {
      member_id: agent.id,
      title: 't',
      description: 'd',
      type: 'concerns' as const,
      status: 'Pending' as const,
      created_at: '2026-01-01T00:00:00.000Z',
      closed_at: null,
      closed_by: null,
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    const insert = (over: Record<string, unknown>) =>
      t.db.db
        .insertInto('tickets')
        .values({ ...base, ...over } as typeof base)
        .execute();
    await expect(insert({ type: 'other' })).rejects.toThrow();
    await expect(insert({ status: 'Closed' })).rejects.toThrow();
    await expect(insert({ status: 'Resolved' })).rejects.toThrow();
    await expect(insert({ closed_at: '2026-01-02T00:00:00.000Z' })).rejects.toThrow();
    await expect(insert({})).resolves.toBeDefined();
  });
});
