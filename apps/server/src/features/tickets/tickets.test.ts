import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@ahente/contract/routes';
import type { Ticket, TicketReply } from '@ahente/contract/tickets';
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
        member: { id: m.id, username: m.username, f_name: expect.any(String), m_name: null, l_name: expect.any(String) },
        created_at: expect.stringMatching(ISO),
        closed_at: null,
        reply_count: 0,
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
      [{ type: 'complaints' }, 'Type must be one of concerns, finance, sales, registration, privacy'],
      [{ type: '' }, 'Type must be one of concerns, finance, sales, registration, privacy'],
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
      [{ type: 'other' }, 'Type must be one of concerns, finance, sales, registration, privacy'],
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

describe('a ticket’s conversation: POST /api/ticketreplies and /api/replyticket (decision 020)', () => {
  const replies = (client: TestClient, ticket_id: unknown) => client.post(routes.ticketReplies.path, { ticket_id });
  const reply = (client: TestClient, ticket_id: unknown, message: unknown) => client.post(routes.replyTicket.path, { ticket_id, message });
  async function conversation(client: TestClient, ticketId: number): Promise<TicketReply[]> {
    const res = await replies(client, ticketId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const replyRows = async (ticketId: number) =>
    t.db.db.selectFrom('ticket_replies').selectAll().where('ticket_id', '=', ticketId).orderBy('id').execute();
  const replyCount = async () =>
    (
      await t.db.db
        .selectFrom('ticket_replies')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  const closeWith = (client: TestClient, ticketId: number, status: string, message: unknown) =>
    client.post(routes.closeTicket.path, { ticketId, status, message });

  it('the admin replies, the author reads it and answers; both read the conversation oldest first', async () => {
    const admin = await t.createAdmin();
    const adminC = await t.loginAs(admin);
    const { m, c } = await freshAgent();
    const ticket = await open(c, m.id);
    expect(await conversation(c, ticket.id)).toEqual([]);

    const first = await reply(adminC, ticket.id, '  Hello! Which policy number is it?\n\nWe will check today. ');
    expect(first.statusCode, first.body).toBe(201);
    const adminReply = first.json().reply as TicketReply;
    expect(first.json()).toEqual({
      success: true,
      reply: {
        id: expect.any(Number),
        ticket_id: ticket.id,
        author: { id: admin.id, name: expect.stringMatching(/^First\d+ Last\d+$/) },
        by_admin: true,
        message: 'Hello! Which policy number is it?\n\nWe will check today.',
        closes_as: null,
        created_at: expect.stringMatching(ISO),
      },
    });
    expect(await conversation(c, ticket.id)).toEqual([adminReply]);

    const second = await reply(c, String(ticket.id), 'It is POL-2026-00012.');
    expect(second.statusCode, second.body).toBe(201);
    const answer = second.json().reply as TicketReply;
    expect(answer).toMatchObject({ ticket_id: ticket.id, author: { id: m.id }, by_admin: false, message: 'It is POL-2026-00012.' });
    expect(await conversation(adminC, ticket.id)).toEqual([adminReply, answer]);
    expect(await conversation(c, ticket.id)).toEqual([adminReply, answer]);
    // The ticket stays Pending, and its lists count the replies.
    expect((await mine(c, m.id))[0]).toEqual({ ...ticket, reply_count: 2 });
    expect((await all()).find((x) => x.id === ticket.id)).toEqual({ ...ticket, reply_count: 2 });
  });

  for (const status of ['Resolved', 'Rejected'] as const) {
    it(`${status} with a closing message: the author reads it last, marked as the closing message, and can no longer reply`, async () => {
      const { m, c } = await freshAgent();
      const ticket = await open(c, m.id);
      expect((await reply(c, ticket.id, 'Any news?')).statusCode).toBe(201);
      const res = await closeWith(adminClient, ticket.id, status, ' Credited on your November statement. ');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().ticket).toEqual({ ...ticket, status, closed_at: expect.stringMatching(ISO), reply_count: 2 });

      const talk = await conversation(c, ticket.id);
      expect(talk.map((r) => [r.message, r.by_admin, r.closes_as])).toEqual([
        ['Any news?', false, null],
        ['Credited on your November statement.', true, status],
      ]);
      expect(talk[1]!.created_at).toBe(res.json().ticket.closed_at);

      const before = await replyCount();
      for (const client of [c, adminClient]) {
        const again = await reply(client, ticket.id, 'One more thing');
        expect(again.statusCode).toBe(409);
        expect(again.json().error).toBe('This ticket is closed');
      }
      // A second close says how it was closed, and adds no second closing message.
      const second = await closeWith(adminClient, ticket.id, 'Resolved', 'Again');
      expect(second.statusCode).toBe(409);
      expect(second.json().error).toBe(`This ticket is already ${status}`);
      expect(await replyCount()).toBe(before);
      expect(await conversation(c, ticket.id)).toEqual(talk);
    });
  }

  it('closes without a closing message for a client of decision 012 that sends none: no message is stored', async () => {
    const { m, c } = await freshAgent();
    const ticket = await open(c, m.id);
    expect((await close(adminClient, ticket.id, 'Resolved')).statusCode).toBe(200);
    expect(await conversation(c, ticket.id)).toEqual([]);
    expect((await reply(c, ticket.id, 'Thanks')).statusCode).toBe(409);
  });

  it('refuses a bad closing message with 400, and leaves the ticket Pending with no message', async () => {
    const { m, c } = await freshAgent();
    const ticket = await open(c, m.id);
    for (const [message, error] of [
      ['', 'Closing message is required'],
      [' \n\t ', 'Closing message is required'],
      [null, 'Closing message is required'],
      [42, 'Closing message is required'],
      ['x'.repeat(2001), 'Closing message must be at most 2000 characters'],
      ['Done\u0000', 'Closing message may not contain control characters'],
    ] as Array<[unknown, string]>) {
      const res = await closeWith(adminClient, ticket.id, 'Resolved', message);
      expect(res.statusCode, JSON.stringify(message)).toBe(400);
      expect(res.json().error, JSON.stringify(message)).toBe(error);
    }
    expect(await replyRows(ticket.id)).toEqual([]);
    expect((await mine(c, m.id))[0]).toEqual(ticket);
    // 2,000 characters are enough, and line breaks are kept.
    const long = `${'x'.repeat(1995)}\nBye.`;
    expect((await closeWith(adminClient, ticket.id, 'Rejected', long)).statusCode).toBe(200);
    expect((await conversation(c, ticket.id)).map((r) => r.message)).toEqual([long]);
  });

  it('refuses a missing, blank or too long message and a bad ticket id with 400, an unknown ticket with 404, saving nothing', async () => {
    const { m, c } = await freshAgent();
    const ticket = await open(c, m.id);
    const before = await replyCount();
    const bad: Array<[Record<string, unknown>, number, string]> = [
      [{ ticket_id: ticket.id }, 400, 'Message is required'],
      [{ ticket_id: ticket.id, message: '' }, 400, 'Message is required'],
      [{ ticket_id: ticket.id, message: '  \n ' }, 400, 'Message is required'],
      [{ ticket_id: ticket.id, message: 'x'.repeat(2001) }, 400, 'Message must be at most 2000 characters'],
      [{ ticket_id: ticket.id, message: 'Hi\u001b[31m' }, 400, 'Message may not contain control characters'],
      [{ message: 'Hello' }, 400, 'ticket_id is required'],
      [{ ticket_id: 'abc', message: 'Hello' }, 400, 'ticket_id must be a number'],
      [{ ticket_id: 1.5, message: 'Hello' }, 400, 'ticket_id must be a number'],
      [{ ticket_id: -1, message: 'Hello' }, 400, 'ticket_id must be a number'],
      [{ ticket_id: ticket.id, message: 'Hello', closes_as: 'Resolved' }, 400, expect.any(String)],
      [{ ticket_id: 2_000_000_000, message: 'Hello' }, 404, 'Ticket not found'],
    ] as Array<[Record<string, unknown>, number, string]>;
    for (const [body, status, error] of bad) {
      for (const client of [c, adminClient]) {
        const res = await client.post(routes.replyTicket.path, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(res.json().error, JSON.stringify(body)).toEqual(error);
      }
    }
    for (const [id, status, error] of [
      ['abc', 400, 'ticket_id must be a number'],
      [undefined, 400, 'ticket_id is required'],
      [2_000_000_000, 404, 'Ticket not found'],
    ] as Array<[unknown, number, string]>) {
      const res = await replies(c, id);
      expect(res.statusCode, String(id)).toBe(status);
      expect(res.json().error).toBe(error);
    }
    expect(await replyCount()).toBe(before);
    expect((await mine(c, m.id))[0]).toEqual(ticket);
  });

  it('is the author’s and the admins’ only: anonymous 401; another agent and the author’s leaders 404, as for an unknown ticket', async () => {
    const owner = await t.createMember({ position: 'AgencyOwner' });
    const mgr = await t.createMember({ referror: owner.id, position: 'Manager' });
    const author = await t.createMember({ referror: mgr.id });
    const authorC = await t.loginAs(author);
    const ticket = await open(authorC, author.id);
    expect((await reply(adminClient, ticket.id, 'We are on it.')).statusCode).toBe(201);
    const talk = await conversation(authorC, ticket.id);
    const before = await replyCount();

    for (const outsider of [otherClient, await t.loginAs(mgr), await t.loginAs(owner)]) {
      for (const res of [await replies(outsider, ticket.id), await reply(outsider, ticket.id, 'Let me see')]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe('Ticket not found');
      }
    }
    const anon = t.client();
    expect((await replies(anon, ticket.id)).statusCode).toBe(401);
    expect((await reply(anon, ticket.id, 'Hello')).statusCode).toBe(401);
    expect(await replyCount()).toBe(before);
    expect(await conversation(authorC, ticket.id)).toEqual(talk);
    // Any admin, not only the one who answered.
    expect(await conversation(await t.loginAs(await t.createAdmin()), ticket.id)).toEqual(talk);

    // The agency's own sample tickets (no author) are the admins' alone.
    const sample = (await t.services.tickets.open(null, { title: 'Sample', description: 'Sample', type: 'sales' })).id;
    expect((await replies(agentClient, sample)).statusCode).toBe(404);
    expect((await reply(adminClient, sample, 'Noted')).statusCode).toBe(201);
  });

  it('of a reply and a Resolve at the same moment, the closing message is always the last word', async () => {
    for (let round = 0; round < 5; round++) {
      const { m, c } = await freshAgent();
      const ticket = await open(c, m.id);
      const [answer, closed] = await Promise.all([
        reply(c, ticket.id, 'One more detail'),
        closeWith(adminClient, ticket.id, 'Resolved', 'All done'),
      ]);
      expect(closed.statusCode, closed.body).toBe(200);
      expect([201, 409]).toContain(answer.statusCode);
      const talk = await conversation(c, ticket.id);
      expect(talk.at(-1)).toMatchObject({ message: 'All done', closes_as: 'Resolved' });
      expect(talk).toHaveLength(answer.statusCode === 201 ? 2 : 1);
    }
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

describe('the ticket_replies table', () => {
  it('holds one closing message per ticket, by an admin, with a known status, and keeps tickets and authors (RESTRICT)', async () => {
    const ticket = await open(agentClient, agent.id);
    const base = {
      ticket_id: ticket.id,
      author_id: agent.id,
      by_admin: 0,
      message: 'm',
      closes_as: null as 'Resolved' | 'Rejected' | null,
      created_at: '2026-01-01T00:00:00.000Z',
    };
    const insert = (over: Record<string, unknown>) =>
      t.db.db
        .insertInto('ticket_replies')
        .values({ ...base, ...over } as typeof base)
        .execute();
    await expect(insert({ closes_as: 'Closed', by_admin: 1 })).rejects.toThrow();
    await expect(insert({ closes_as: 'Resolved', by_admin: 0 })).rejects.toThrow();
    await expect(insert({ by_admin: 2 })).rejects.toThrow();
    await expect(insert({ ticket_id: 2_000_000_000 })).rejects.toThrow();
    await expect(insert({ author_id: 2_000_000_000 })).rejects.toThrow();
    await expect(insert({ closes_as: 'Resolved', by_admin: 1 })).resolves.toBeDefined();
    await expect(insert({ closes_as: 'Rejected', by_admin: 1 })).rejects.toThrow();
    await expect(insert({})).resolves.toBeDefined();
    await expect(t.db.db.deleteFrom('tickets').where('id', '=', ticket.id).execute()).rejects.toThrow();
    // A member who wrote a reply stays; one who wrote none (never logged in) may go.
    const writer = await t.createMember();
    const bystander = await t.createMember();
    await insert({ author_id: writer.id });
    await expect(t.db.db.deleteFrom('members').where('id', '=', writer.id).execute()).rejects.toThrow();
    await expect(t.db.db.deleteFrom('members').where('id', '=', bystander.id).execute()).resolves.toBeDefined();
  });
});
