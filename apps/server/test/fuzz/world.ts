import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { todayInManila } from '@ahente/contract/dates';
import { fileResponse, noContent, pathOf, responseSchema, routes, type RouteDef } from '@ahente/contract/routes';
import { startTestApp, type TestApp, type TestClient } from '../harness.ts';
import { ADMIN, OWNER, type FuzzCase } from './cases.ts';

/**
 * The world a fuzz run sends its cases to (decision 031): one test app over a fresh database
 * (SQLite, or PostgreSQL under TEST_DIALECT=postgres), a few records of each kind so that valid
 * requests reach the services, and the callers: an admin and the owner member. `send` sends one
 * case and checks what a client sees; `check` returns the broken promise, if any.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;
export type StatusClass = '2xx' | '4xx' | '5xx' | 'hang' | 'other';

/** An answer slower than this is a hang. */
export const HANG_MS = 5000;

/**
 * Tables whose rows a refused request may change, each with its reason; every other table must
 * be the same, row for row, after a refused write.
 */
export const REFUSED_WRITE_MAY_CHANGE: Record<string, string> = {
  login_throttle: 'a refused login (or password check) counts against the login limit: that is the limit (decision 001)',
};

/** Tables a refused request may change when it carries an Idempotency-Key, with the reason. */
const REFUSED_WRITE_WITH_KEY_MAY_CHANGE: Record<string, string> = {
  idempotency_keys: "a handler's refusal (404, 409) is remembered under its key, so that a retry answers it again (decision 029)",
};

/** Columns a request of any kind may touch, with the reason. */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  // A session is seen again by any request it makes (decision 001, idle timeout).
  sessions: ['last_seen_at'],
};

export interface Outcome {
  status: number | 'hang';
  statusClass: StatusClass;
  ms: number;
  /** The promise broken, if one was. */
  violation?: string;
}

export interface World {
  t: TestApp;
  dialect: string;
  /** Ids of records made at the start (drawn as valid ids). */
  ids: number[];
  /** Codes the app knows (PSGC regions and cities), drawn as valid text. */
  codes: string[];
  notes: string[];
  send(c: FuzzCase): Promise<Outcome>;
  /** Each watched table's rows, hashed (what a refused write must leave the same). */
  snapshot(withKey?: boolean): Promise<Map<string, string>>;
  close(): Promise<void>;
}

const classOf = (status: number): StatusClass =>
  status >= 200 && status < 300 ? '2xx' : status >= 400 && status < 500 ? '4xx' : status >= 500 ? '5xx' : 'other';

export async function startWorld(options: { log?: boolean } = {}): Promise<World> {
  const dialect = process.env.TEST_DIALECT ?? 'sqlite';
  const t = await startTestApp(options.log ? { logLevel: 'error' } : {});
  const notes: string[] = [];
  let owner: Member;
  let admin: Member;
  let ownerClient: TestClient;
  let adminClient: TestClient;

  async function newOwner() {
    owner = await t.createMember();
    await t.licenseMember(owner.id);
    ownerClient = await t.loginAs(owner);
  }
  async function newAdmin() {
    admin = await t.createAdmin();
    adminClient = await t.loginAs(admin);
  }
  await newOwner();
  await newAdmin();

  // A few records of each kind, made as a client makes them, so that valid ids lead somewhere.
  const seed = async (label: string, res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    if (r.statusCode >= 300) notes.push(`seeding ${label}: ${r.statusCode} ${r.body.slice(0, 120)}`);
    return r;
  };
  const pdf = Buffer.from('%PDF-1.7\nfuzz seed\n%%EOF\n');
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('seed')]);
  const section = await seed('section', adminClient!.post(routes.createSection.path, { name: 'Fuzz section', library: 'Marketing' }));
  const sectionId = section.statusCode === 200 ? (JSON.parse(section.body) as { section: { id: number } }).section.id : 1;
  await seed(
    'material',
    adminClient!.postForm(routes.uploadMaterial.path, [
      { name: 'sectionId', value: String(sectionId) },
      { name: 'file', filename: 'seed.pdf', content: pdf },
    ]),
  );
  await seed(
    'photo',
    ownerClient!.postForm(routes.editMember.path, [
      { name: 'id', value: String(owner!.id) },
      { name: 'photo', filename: 'p.png', content: png },
    ]),
  );
  await seed(
    'valid id',
    ownerClient!.postForm(routes.editMember.path, [
      { name: 'id', value: String(owner!.id) },
      { name: 'valid_id', filename: 'id.pdf', content: pdf },
    ]),
  );
  const deal = (n: number) => ({
    id: owner.id,
    customerName: `Client ${n}`,
    transactionType: 'New',
    product: 'Comprehensive',
    tcvValue: 1000 + n,
    effectiveDate: '2026-03-15',
    salesType: 'Direct',
  });
  const dealIds: number[] = [];
  for (const n of [1, 2, 3]) {
    const r = await seed('deal', ownerClient!.post(routes.addDeal.path, deal(n)));
    if (r.statusCode === 200) dealIds.push((JSON.parse(r.body) as { deal: { id: number } }).deal.id);
  }
  if (dealIds[0]) {
    await seed(
      'sale',
      ownerClient!.post(routes.addSale.path, {
        id: owner!.id,
        formData: {
          dealid: dealIds[0],
          customerName: 'Client 1',
          product: 'Comprehensive',
          tcv: '1500',
          sales_type: 'Direct',
          effectiveDate: '2026-03-15',
        },
      }),
    );
  }
  await seed(
    'ticket',
    ownerClient!.post(routes.addTicket.path, { id: owner!.id, title: 'Fuzz ticket', description: 'Please check.', type: 'finance' }),
  );
  await seed(
    'bank',
    ownerClient!.post(routes.addUserBanks.path, {
      id: owner!.id,
      bank_name: 'BDO Unibank',
      account_number: '0012 3456 7890',
      account_name: 'Owner',
    }),
  );
  await seed(
    'certification',
    ownerClient!.post(routes.addCertifications.path, { id: owner!.id, lfa_code: 'LFA-1', coding_date_1: '2026-01-15' }),
  );
  await seed(
    'rate',
    adminClient!.post(routes.setCommissionRate.path, { kind: 'product', key: 'Comprehensive', rate: 10, effective_from: todayInManila() }),
  );
  await seed(
    'insurer',
    adminClient!.post(routes.saveInsurer.path, { name: 'Fuzz Insurance', code: 'FUZZ', aliases: ['Fuzz Ins'], active: true }),
  );

  const tables = (await t.db.db.introspection.getTables()).filter((tb) => !tb.isView);
  const ids = new Set<number>([owner!.id, admin!.id]);
  for (const tb of tables) {
    if (!tb.columns.some((c) => c.name === 'id')) continue;
    const rows = await sql<{ id: unknown }>`select id from ${sql.table(tb.name)} limit 20`.execute(t.db.db);
    for (const r of rows.rows) if (typeof r.id === 'number') ids.add(r.id);
  }

  const codes: string[] = [];
  const regions = await adminClient!.get(routes.geoRegions.path);
  if (regions.statusCode === 200) {
    const list = regions.json() as { code: string }[];
    codes.push(...list.slice(0, 3).map((r) => r.code));
    const cities = await adminClient!.get(pathOf(routes.geoCities, { code: list[0]!.code }));
    if (cities.statusCode === 200) codes.push(...(cities.json() as { code: string }[]).slice(0, 3).map((c) => c.code));
  }

  /** Every table's rows, hashed (a refused write must leave each the same). */
  async function snapshot(withKey: boolean): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const watched = tables.filter(
      (tb) => !(tb.name in REFUSED_WRITE_MAY_CHANGE) && !(withKey && tb.name in REFUSED_WRITE_WITH_KEY_MAY_CHANGE),
    );
    if (dialect === 'postgres') {
      // One round trip: the database hashes each table's rows (as JSON, less the volatile columns) itself.
      const parts = watched.map((tb) => {
        const drop = (VOLATILE_COLUMNS[tb.name] ?? []).map((c) => ` - '${c}'`).join('');
        return `(select count(*) || ':' || md5(coalesce(string_agg(x, E'\\n' order by x), '')) from (select (to_jsonb(t)${drop})::text as x from "${tb.name}" t) s) as "${tb.name}"`;
      });
      const row = (await sql.raw<Record<string, string>>(`select ${parts.join(', ')}`).execute(t.db.db)).rows[0]!;
      for (const tb of watched) out.set(tb.name, row[tb.name]!);
      return out;
    }
    for (const tb of watched) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(tb.name)}`.execute(t.db.db);
      const volatile = VOLATILE_COLUMNS[tb.name] ?? [];
      const lines = rows.rows
        .map((r) =>
          JSON.stringify(
            Object.entries(r).filter(([k]) => !volatile.includes(k)),
            (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v instanceof Buffer ? v.toString('hex') : v),
          ),
        )
        .sort();
      out.set(tb.name, `${rows.rows.length}:${createHash('sha256').update(lines.join('\n')).digest('hex')}`);
    }
    return out;
  }

  function files(): string[] {
    const dir = t.config.storageDir;
    if (!fs.existsSync(dir)) return [];
    return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();
  }

  /** The callers still signed in and able (a case may have logged one out, deactivated or re-passworded them). */
  async function heal() {
    for (const who of ['owner', 'admin'] as const) {
      const client = who === 'owner' ? ownerClient : adminClient;
      const me = await client.get(routes.me.path);
      if (me.statusCode === 200) continue;
      try {
        const again = await t.loginAs(who === 'owner' ? owner : admin);
        if (who === 'owner') ownerClient = again;
        else adminClient = again;
      } catch {
        if (who === 'owner') await newOwner();
        else await newAdmin();
        notes.push(`${who} replaced after a case made them unable to sign in`);
      }
    }
  }

  function fill<T extends string | Buffer>(payload: T): T {
    const put = (s: string) =>
      s
        .replaceAll(`"${OWNER}"`, String(owner.id))
        .replaceAll(`"${ADMIN}"`, String(admin.id))
        .replaceAll(OWNER, String(owner.id))
        .replaceAll(ADMIN, String(admin.id));
    return (typeof payload === 'string' ? put(payload) : Buffer.from(put(payload.toString('latin1')), 'latin1')) as T;
  }

  async function send(c: FuzzCase): Promise<Outcome> {
    const route: RouteDef = routes[c.route];
    const client = c.caller === 'owner' ? ownerClient : c.caller === 'admin' ? adminClient : t.client();
    const write = c.method !== 'GET';
    const withKey = 'idempotency-key' in c.headers;
    const before = write ? await snapshot(withKey) : undefined;
    const filesBefore = write ? files() : [];
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), HANG_MS)));
    const answer = await Promise.race([
      client.request(c.method, fill(c.url), undefined, {
        headers: c.headers,
        ...(c.payload !== undefined ? { rawBody: fill(c.payload) } : {}),
      }),
      hang,
    ]);
    clearTimeout(timer);
    const ms = Date.now() - started;
    if (answer === 'hang') return { status: 'hang', statusClass: 'hang', ms, violation: `no answer within ${HANG_MS} ms` };
    const status = answer.statusCode;
    const statusClass = classOf(status);
    let violation: string | undefined;
    const polluted = ({} as Record<string, unknown>).polluted ?? ({} as Record<string, unknown>).isAdmin;
    if (polluted !== undefined) violation = 'Object.prototype was polluted';
    else if (statusClass === '5xx' || statusClass === 'other') violation = `answered ${status}: ${answer.body.slice(0, 200)}`;
    else if (statusClass === '4xx') {
      let body: unknown;
      try {
        body = answer.json();
      } catch {
        body = undefined;
      }
      const error = (body as { error?: unknown } | undefined)?.error;
      if (typeof error !== 'string' || error.trim() === '')
        violation = `answered ${status} without a JSON { error }: ${answer.body.slice(0, 200)}`;
      else if (!responseSchema(route, status)!.safeParse(body).success)
        violation = `answered ${status} with a body its schema refuses: ${answer.body.slice(0, 200)}`;
    } else {
      const schema = route.responses[status];
      if (!schema) violation = `answered ${status}, a status the route does not list`;
      else if (schema === noContent) {
        if (answer.body !== '') violation = `answered ${status} with a body where none is due`;
      } else if (schema !== fileResponse) {
        let body: unknown;
        try {
          body = answer.json();
        } catch {
          body = Symbol('not JSON');
        }
        const parsed = schema.safeParse(body);
        if (!parsed.success)
          violation = `answered ${status} with a body its schema refuses (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}): ${answer.body.slice(0, 200)}`;
      }
    }
    if (!violation && write && statusClass === '4xx') {
      const after = await snapshot(withKey);
      const changed = [...after].filter(([k, v]) => before!.get(k) !== v).map(([k]) => k);
      const filesAfter = files();
      if (changed.length) violation = `refused (${status}) but changed rows of ${changed.join(', ')}`;
      else if (filesAfter.join('\n') !== filesBefore.join('\n'))
        violation = `refused (${status}) but the stored files changed: ${filesAfter.filter((f) => !filesBefore.includes(f)).join(', ')}`;
    }
    if (write && statusClass === '2xx') await heal();
    if (status === 401 && c.caller !== 'anonymous') await heal();
    return { status, statusClass, ms, ...(violation ? { violation } : {}) };
  }

  return {
    t,
    dialect,
    ids: [...ids],
    codes,
    notes,
    send,
    snapshot: (withKey = false) => snapshot(withKey),
    close: () => t.close(),
  };
}
