import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { ErrorResponse } from '@ahente/contract/common';
import { LICENSE_LINES, type LicenseLine } from '@ahente/contract/licences';
import {
  fileResponse,
  pathOf,
  responseSchema,
  routes,
  type RouteDef,
  type RouteInput,
  type RouteOutput,
  type SuccessStatus,
} from '@ahente/contract/routes';
import { inject } from 'vitest';
import type { z } from 'zod';
import { buildApp, buildServices } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { connect, type Db } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { databaseUrl } from './pg-template.ts';

/**
 * One app over a fresh database per test file: SQLite in memory, migrated; or (TEST_DIALECT=postgres)
 * a copy of the run's migrated template database (test/pg-template.ts), dropped afterwards.
 */
export async function startTestApp(overrides: Partial<Config> = {}, options: { now?: () => Date } = {}) {
  const dialect = process.env.TEST_DIALECT ?? 'sqlite';
  let db: Db;
  /** Another pool on the same database: a second instance (SQLite is in-process: the same one). */
  let anotherPool: (options?: { preparedStatements?: boolean }) => Db;
  let dropDatabase = async () => {};
  if (dialect === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is required for the postgres project');
    const { template, prefix } = inject('pgTemplate');
    const name = `${prefix}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    // A test database's commits need not wait for the disk (nothing here must outlive a crash of
    // the server): what every query sees is the same, and PostgreSQL's suite no longer waits on
    // an fsync per transaction (decision 015).
    await admin.query(`alter database ${name} set synchronous_commit = off`);
    await admin.end();
    const url = databaseUrl(base, name);
    db = connect(url);
    anotherPool = (poolOptions = {}) => connect(url, poolOptions);
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database ${name} with (force)`);
      await c.end();
    };
  } else {
    db = connect('sqlite::memory:');
    await migrateToLatest(db);
    anotherPool = () => db;
  }
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    webDist: null,
    storageDir: `/tmp/ahente-test-${randomBytes(6).toString('hex')}`,
    // The agency as the BIR's forms name it (a test of the unset case overrides these with null).
    agencyTin: '123-456-789-000',
    agencyAddress: '12 Ayala Avenue, Makati City, Metro Manila',
    agencyRdo: '050',
    // Admins log in with a password alone here; the two-factor tests set 'required' (decision 027).
    admin2fa: 'optional',
    // Tests sign many members up from one address; the sign-up limit's own test sets a low one.
    signup: { maxPerWindow: 1_000_000, windowMs: 3_600_000 },
    ...overrides,
  };
  const app = await buildApp({ config, db, ...options });
  const services = buildServices({ config, db, ...options });
  let seq = 0;

  /**
   * A member made directly through the service (Approved agent unless told otherwise). An agent has
   * accepted the current privacy notice, as at sign-up: without it the API answers only the consent
   * screen's calls (decision 027). `consent: false` leaves it out.
   */
  async function createMember({
    consent = true,
    ...over
  }: Partial<Parameters<typeof services.accounts.create>[0]> & { consent?: boolean } = {}): Promise<{
    id: number;
    username: string;
    password: string;
    referral_code: string;
  }> {
    seq += 1;
    const username = over.username ?? `agent${seq}_${randomBytes(3).toString('hex')}`;
    const password = over.password ?? 'correct-horse-1';
    const id = await services.accounts.create({
      username,
      password,
      email: `${username}@example.ph`,
      f_name: `First${seq}`,
      m_name: null,
      l_name: `Last${seq}`,
      contact_no: '09171234567',
      referror: null,
      status: 'Approved',
      ...over,
    });
    if (consent && (over.account_type ?? 'user') === 'user') {
      await db.db.transaction().execute((trx) => services.notices.recordSignUpConsent(trx, id, '127.0.0.1'));
    }
    const row = await services.members.findById(id);
    return { id, username, password, referral_code: row!.referral_code };
  }

  async function createAdmin() {
    return createMember({ account_type: 'admin', position: 'Agent' });
  }

  /**
   * Verified Insurance Commission licences for a member (every line unless told otherwise), made
   * directly in the database: what a test needs when it is about money, not licences (decision 018).
   */
  async function licenseMember(
    memberId: number,
    options: { lines?: readonly LicenseLine[]; issued_on?: string; expires_on?: string; status?: 'pending' | 'verified' } = {},
  ) {
    const at = new Date().toISOString();
    for (const line of options.lines ?? LICENSE_LINES) {
      await db.db
        .insertInto('licenses')
        .values({
          member_id: memberId,
          line,
          license_no: `TEST-${memberId}-${line}`.slice(0, 40),
          insurer: null,
          issued_on: options.issued_on ?? '2020-01-01',
          expires_on: options.expires_on ?? '2099-12-31',
          scan_key: null,
          scan_type: null,
          status: options.status ?? 'verified',
          decided_by: null,
          decided_at: options.status === 'pending' ? null : at,
          rejection_reason: null,
          created_by: null,
          created_at: at,
        })
        .execute();
    }
  }

  /** Marks sales verified directly in the database (a test about what happens after verification). */
  async function verifySalesInDb(saleIds: number[]) {
    if (saleIds.length === 0) return;
    await db.db
      .updateTable('sales')
      .set({ verification: 'verified', verified_at: new Date().toISOString(), verified_by: null })
      .where('id', 'in', saleIds)
      .execute();
  }

  /** A client logged in as the given member. */
  async function loginAs(m: { username: string; password: string }) {
    const c = new TestClient(app);
    const res = await c.post(routes.login.path, { username: m.username, password: m.password });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return c;
  }

  /** The callers every route is tried with: an agent, another agent and an admin, logged in. */
  async function callers() {
    const agent = await createMember();
    const other = await createMember();
    return {
      agent,
      other,
      agentClient: await loginAs(agent),
      otherClient: await loginAs(other),
      adminClient: await loginAs(await createAdmin()),
    };
  }

  /**
   * A second session of the member's, made in the database (from an address of its own): its
   * handle as Settings → Security lists it to `client`, signed in as that member or an admin.
   */
  async function otherSession(memberId: number, client: TestClient): Promise<string> {
    const ip = `10.${[...randomBytes(3)].join('.')}`;
    const now = new Date().toISOString();
    await db.db
      .insertInto('sessions')
      .values({
        id: randomBytes(32).toString('hex'),
        member_id: memberId,
        created_at: now,
        last_seen_at: now,
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
        user_agent: null,
        ip,
      })
      .execute();
    const list = await client.post(routes.sessions.path, { id: memberId });
    return (list.json() as { id: string; ip: string | null }[]).find((s) => s.ip === ip)!.id;
  }

  return {
    app,
    db,
    config,
    services,
    createMember,
    createAdmin,
    licenseMember,
    verifySalesInDb,
    otherSession,
    loginAs,
    callers,
    anotherPool,
    client: () => new TestClient(app),
    async close() {
      await app.close();
      await db.close();
      await dropDatabase();
      // The per-test storage directory made above (one a test passed in is the test's own).
      if (!overrides.storageDir) fs.rmSync(config.storageDir, { recursive: true, force: true });
    },
  };
}

/** A complete new-deal payload for the given member. */
export const newDeal = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  customerName: 'Maria Clara',
  transactionType: 'New',
  product: 'Comprehensive',
  tcvValue: 25000.5,
  effectiveDate: '2026-03-15',
  dealStatus: 'For Quotation',
  salesType: 'Direct',
  referror: '',
  agent: '',
  salesGroup: 'MedicalSalesGroup',
  ...over,
});

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

type CsrfMode = 'send' | 'omit' | 'wrong';

/** One part of a multipart/form-data body: a text field, or a file (its name sent as browsers do). */
export type FormPart = { name: string; value: string } | { name: string; filename: string; content: Buffer | string; contentType?: string };

/** A multipart/form-data body as a browser's FormData sends it, with its content type. */
export function multipartBody(parts: FormPart[]): { body: Buffer; contentType: string } {
  const boundary = `----AhenteTestBoundary${randomBytes(8).toString('hex')}`;
  const quote = (v: string) => v.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quote(part.name)}"`;
    if ('filename' in part) {
      head += `; filename="${quote(part.filename)}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.from('filename' in part ? part.content : part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A call's non-2xx answer: what `call` throws, its status and body kept for the failure's message. */
export class CallFailed extends Error {
  override readonly name = 'CallFailed';
  constructor(
    readonly route: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${route} answered ${status}: ${body}`);
  }
}

/** The bodies a route answers with outside 2xx: those the route table lists, or the default error shape. */
export type RouteErrorBody<R extends RouteDef> = ErrorResponse | z.output<R['responses'][Exclude<keyof R['responses'], SuccessStatus<R>>]>;

/** What `attempt` answers: the status, and the body parsed with the route table's schema for it. */
export type Attempt<R extends RouteDef> = (
  { ok: true; status: SuccessStatus<R>; body: RouteOutput<R> } | { ok: false; status: number; body: RouteErrorBody<R> }
) & { res: LightMyRequestResponse };

/** A multipart route of the table (one that declares `multipart`). */
type MultipartRoute = RouteDef & { multipart: object };

/**
 * A browser-like client over app.inject: keeps cookies and echoes XSRF-TOKEN.
 *
 * New tests use `call(routes.x, input)`: the request is sent as the route table says (method, path
 * with its params, CSRF header), its input and answer are typed by the route, a non-2xx fails the
 * test with the status and body, and the answer is parsed with the route's response schema, as the
 * web's `call` does (apps/web/src/api/client.ts), so the test also checks that the server answers
 * what the contract promises. `attempt` is the same for an answer that may be an error (a refusal
 * the test expects): its status and its body parsed with the schema for that status. `callForm` is
 * `call` for a multipart route. The raw `get`, `post`, `postForm` and `request` stay for what the
 * table's types cannot say: bodies of the wrong shape (bounds, fuzzing, mass assignment), a
 * missing or wrong CSRF token, headers and raw bodies.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    options: { csrf?: CsrfMode; headers?: Record<string, string>; rawBody?: string | Buffer } = {},
  ) {
    const csrf = options.csrf ?? 'send';
    if (method !== 'GET' && csrf !== 'omit' && !this.cookies.has('XSRF-TOKEN')) {
      this.remember(await this.app.inject({ method: 'GET', url: routes.csrfCookie.path }));
    }
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (method !== 'GET' && csrf !== 'omit') {
      headers['x-xsrf-token'] = csrf === 'wrong' ? 'not-the-token' : this.cookies.get('XSRF-TOKEN')!;
    }
    const res = await this.app.inject({
      method,
      url,
      headers,
      cookies: Object.fromEntries(this.cookies),
      ...(options.rawBody !== undefined ? { payload: options.rawBody } : body !== undefined ? { payload: body as object } : {}),
    });
    this.remember(res);
    return res;
  }

  get = (url: string, options?: { headers?: Record<string, string> }) => this.request('GET', url, undefined, options);
  post = (url: string, body?: unknown, options?: { csrf?: CsrfMode; headers?: Record<string, string>; rawBody?: string | Buffer }) =>
    this.request('POST', url, body, options);
  delete = (url: string, options?: { csrf?: CsrfMode }) => this.request('DELETE', url, undefined, options);

  /** POST multipart/form-data, as a browser posts a FormData. */
  postForm = (url: string, parts: FormPart[], options: { csrf?: CsrfMode; headers?: Record<string, string> } = {}) => {
    const { body, contentType } = multipartBody(parts);
    return this.request('POST', url, undefined, {
      ...options,
      headers: { ...(options.headers ?? {}), 'content-type': contentType },
      rawBody: body,
    });
  };

  /**
   * Sends `input` to `route` as the route table says: its method, its path with the params filled
   * in, and the body ({} for a POST without one, as the web sends).
   */
  private send<R extends RouteDef>(route: R, input: RouteInput<R>, headers?: Record<string, string>) {
    const path = pathOf(route, (input as { params?: Record<string, unknown> }).params);
    const body = (input as { body?: unknown }).body ?? (route.method === 'POST' ? {} : undefined);
    return this.request(route.method, path, body, headers ? { headers } : {});
  }

  /**
   * Calls one route of the contract's route table and answers its parsed 2xx body. Any other
   * status fails (CallFailed, with the status and body), and so does a 2xx the table does not
   * list or a body that is not of the route's shape.
   */
  async call<R extends RouteDef>(
    route: R,
    input: RouteInput<R>,
    options: { headers?: Record<string, string> } = {},
  ): Promise<RouteOutput<R>> {
    const res = await this.send(route, input, options.headers);
    if (res.statusCode < 200 || res.statusCode > 299) throw new CallFailed(`${route.method} ${route.path}`, res.statusCode, res.body);
    return parseAnswer(route, res) as RouteOutput<R>;
  }

  /** `call` for a route that takes multipart/form-data, with the parts a browser's FormData would send. */
  async callForm<R extends MultipartRoute>(route: R, parts: FormPart[]): Promise<RouteOutput<R>> {
    const res = await this.postForm(pathOf(route), parts);
    if (res.statusCode < 200 || res.statusCode > 299) throw new CallFailed(`${route.method} ${route.path}`, res.statusCode, res.body);
    return parseAnswer(route, res) as RouteOutput<R>;
  }

  /**
   * Calls a route whose answer may be an error the test expects: its status, and its body parsed
   * with the route table's schema for that status (the default error shape for an error the route
   * does not list). A body not of that shape fails, whatever the status.
   */
  async attempt<R extends RouteDef>(
    route: R,
    input: RouteInput<R>,
    options: { headers?: Record<string, string> } = {},
  ): Promise<Attempt<R>> {
    const res = await this.send(route, input, options.headers);
    const ok = res.statusCode >= 200 && res.statusCode <= 299;
    return { ok, status: res.statusCode, body: parseAnswer(route, res), res } as Attempt<R>;
  }
}

/** An answer's body parsed with the route's schema for its status, as the web's client parses it. */
function parseAnswer(route: RouteDef, res: LightMyRequestResponse): unknown {
  const where = `${route.method} ${route.path} answered ${res.statusCode}`;
  const schema = responseSchema(route, res.statusCode);
  if (!schema) throw new Error(`${where}, which the route table does not list: ${res.body}`);
  if (schema === fileResponse) return new Blob([new Uint8Array(res.rawPayload)], { type: String(res.headers['content-type'] ?? '') });
  const type = String(res.headers['content-type'] ?? '');
  const body = res.statusCode === 204 ? undefined : type.includes('application/json') ? res.json() : res.body === '' ? null : res.body;
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new Error(`${where} with a body not of the route's shape: ${JSON.stringify(parsed.error.issues)}\n${res.body}`);
  return parsed.data;
}
