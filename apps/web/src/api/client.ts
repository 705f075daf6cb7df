/**
 * The one HTTP client of the web app (decision 008).
 *
 * - Same-origin cookies (the session cookie is HttpOnly; the server sets it).
 * - CSRF: every unsafe request carries header X-XSRF-TOKEN equal to the XSRF-TOKEN cookie.
 *   Without that cookie, GET /api/csrf-cookie is called first.
 * - Every call goes through `call(route, input)` (or `callForm(route, formData)` for a route that
 *   takes multipart/form-data) with a route of the contract's route table:
 *   the answer is parsed with that route's schema. 2xx is success (no timeout); a body of the
 *   wrong shape throws UnexpectedResponseError; any other status throws ApiError {status, error,
 *   body}, its text from `errorText`; a request that never got a response throws NetworkError.
 */

import { firstAnswers, isFirstAnswer, type FirstSchemaModule } from '@ahente/contract/first-answers';
import { pathOf, routePaths } from '@ahente/contract/route-paths';
import type { RouteDef, RouteInput, RouteName, RouteOutput, Routes } from '@ahente/contract/routes';
import type { ZodType } from 'zod';
import type * as RouteTableModule from './route-table';
import { sessionUser } from './session-schema';
import { saveBlob } from '../lib/save-blob';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The server answered with a status outside 200–299. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status code. */
  readonly status: number;
  /** The readable `error` text of the body ({ error, details? }), or a generic one. */
  readonly error: string;
  /** The parsed body (JSON when it was JSON, otherwise the text, or null). */
  readonly body: unknown;

  constructor(status: number, error: string, body: unknown) {
    super(error);
    this.status = status;
    this.error = error;
    this.body = body;
  }
}

/** The request never got an answer (offline, server down, DNS, aborted by the network). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super('Network request failed', { cause });
  }
}

/** The server answered with a body that does not have the route's shape: never used as if it did. */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
  constructor(
    readonly path: string,
    readonly status: number,
    readonly issues: unknown,
  ) {
    super('The server sent an answer this page did not expect. Please reload the page and try again.');
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

/** Reads a cookie visible to scripts (XSRF-TOKEN is deliberately not HttpOnly). */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

let csrfRequest: Promise<void> | null = null;

/** Makes sure the XSRF-TOKEN cookie exists (one shared GET /api/csrf-cookie at a time). */
export async function ensureCsrfCookie(force = false): Promise<void> {
  if (!force && readCookie(XSRF_COOKIE)) return;
  csrfRequest ??= fetch(routePaths.csrfCookie.path, { credentials: 'same-origin' })
    .then(() => undefined)
    .catch((cause: unknown) => {
      throw new NetworkError(cause);
    })
    .finally(() => {
      csrfRequest = null;
    });
  return csrfRequest;
}

/** Called on a 401 from any request that is not about logging in (session expired elsewhere). */
let unauthorizedHandler: (() => void) | null = null;
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

/** For requests sent outside this client (an XMLHttpRequest upload) that were answered 401. */
export function notifyUnauthorized(): void {
  unauthorizedHandler?.();
}

interface RequestOptions {
  method?: HttpMethod;
  /** Sent without an Accept header (see CallOptions.noAccept). */
  noAccept?: boolean;
  /** A plain object is sent as JSON; FormData as multipart (the browser sets the boundary). */
  body?: unknown;
  signal?: AbortSignal;
  /** Do not call the unauthorized handler on 401 (login, /me and logout use this). */
  ignoreUnauthorized?: boolean;
  /** Sent as the Idempotency-Key header: a resend with the same key and body creates nothing twice. */
  idempotencyKey?: string | undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 204) return null;
  try {
    if (type.includes('application/json')) return await response.json();
    const text = await response.text();
    return text === '' ? null : text;
  } catch {
    return null;
  }
}

/** The one place an error body becomes text a person reads: its `error`, or the status line. */
export function errorText(status: number, body: unknown, statusText = ''): string {
  if (body && typeof body === 'object' && 'error' in body) {
    const value = (body as { error: unknown }).error;
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return statusText || `Request failed with status ${status}`;
}

/**
 * The server's reason for a refusal, to show after the screen's own words: the readable `error` of
 * a 4xx answer (409 "already saved", 413 too large, 415 wrong type, 400 a rule). A 5xx, a network
 * failure or an unexpected answer has none worth showing.
 */
export function serverReason(error: unknown): string | undefined {
  return isApiError(error) && error.status < 500 ? error.error : undefined;
}

/** The field errors of a 400 answer (`details: [{ path, message }]`) that name one of `names`. */
export function serverFieldErrors<Name extends string>(error: unknown, names: readonly Name[]): [Name, string][] {
  if (!isApiError(error, 400)) return [];
  return errorDetails(error.body).flatMap(({ path, message }): [Name, string][] => {
    const key = path.split('.').pop() ?? '';
    return (names as readonly string[]).includes(key) ? [[key as Name, message]] : [];
  });
}

/** True for the server's CSRF refusal, after which a fresh token is fetched and the call sent once more. */
/**
 * The `details` of an error body ({ error, details: [{ path, message }] }), those well formed. Read
 * here rather than with the contract's `errorResponse`, which is in the schemas' chunk: a form's
 * field errors are shown at once, whether that chunk has arrived or not.
 */
function errorDetails(body: unknown): { path: string; message: string }[] {
  const details = body && typeof body === 'object' && 'details' in body ? (body as { details: unknown }).details : undefined;
  if (!Array.isArray(details)) return [];
  return details.filter(
    (d): d is { path: string; message: string } =>
      d !== null &&
      typeof d === 'object' &&
      typeof (d as { path?: unknown }).path === 'string' &&
      typeof (d as { message?: unknown }).message === 'string',
  );
}

type RouteTable = typeof RouteTableModule;
let routeTableLoad: Promise<RouteTable> | null = null;

/**
 * The route table with its schemas (api/route-table.ts), for parsing answers: fetched with the
 * first request, not in the first load (decision 014). A failed fetch (no signal) is a
 * NetworkError, tried again by the next call.
 */
export function routeTable(): Promise<RouteTable> {
  routeTableLoad ??= import('./route-table').catch((cause: unknown) => {
    routeTableLoad = null;
    throw new NetworkError(cause);
  });
  return routeTableLoad;
}

type Schema = ZodType;
type FirstSchemaLoad = Promise<FirstSchemaModule>;
let firstSchemasLoad: FirstSchemaLoad | null = null;

/**
 * The schemas of the first screens' answers (api/first-schemas.ts, contract/first-answers.ts): one
 * chunk, loaded by the first call that needs it, without the route table (decision 014). Not named
 * in the HTML of / and /deals: its 8.6 KiB there came before the first render's own (decision 014,
 * lever 19); the other screens' HTML names it. A failed fetch is a NetworkError, tried again by the
 * next call.
 */
function firstSchemas(): FirstSchemaLoad {
  firstSchemasLoad ??= import('./first-schemas').catch((cause: unknown) => {
    firstSchemasLoad = null;
    throw new NetworkError(cause);
  });
  return firstSchemasLoad;
}

/**
 * What parses a call's answer: the session's 200 with its schema of the first load (before the
 * first render); a first screen's call its 200 schema, started now so that it loads while the
 * request is on its way; otherwise (and for its other statuses) the route table.
 */
function answerSchemas(name: RouteName): { first: Promise<Schema> | null; table: Promise<RouteTable> | null } {
  if (name === 'me') return { first: Promise.resolve(sessionUser), table: null };
  if (!isFirstAnswer(name)) return { first: null, table: routeTable() };
  const first = firstSchemas().then((module): Schema => firstAnswers[name](module));
  // Unused when the answer is not a 200 (the route table parses it then): not an unhandled rejection.
  first.catch(() => undefined);
  return { first, table: null };
}

export function looksLikeCsrfFailure(error: string): boolean {
  return /csrf|xsrf/i.test(error);
}

async function send(path: string, options: RequestOptions, isRetry: boolean): Promise<Response> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const unsafe = !SAFE_METHODS.has(method);
  const headers = new Headers(options.noAccept ? {} : { Accept: 'application/json' });
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);

  if (unsafe) {
    await ensureCsrfCookie();
    const token = readCookie(XSRF_COOKIE);
    if (token) headers.set(XSRF_HEADER, token);
  }

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new NetworkError(cause);
  }

  if (response.ok) return response;

  const parsed = await readBody(response);
  const text = errorText(response.status, parsed, response.statusText);

  // A stale or missing CSRF cookie: fetch a fresh one and try once more.
  if (unsafe && !isRetry && response.status === 403 && looksLikeCsrfFailure(text)) {
    await ensureCsrfCookie(true);
    return send(path, options, true);
  }

  if (response.status === 401 && !options.ignoreUnauthorized) unauthorizedHandler?.();
  throw new ApiError(response.status, text, parsed);
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * No Accept header: GET /api/me is preloaded by index.html (decision 014), and the browser hands
   * the preloaded answer to a fetch only when its headers are the same.
   */
  noAccept?: boolean;
  /** Do not call the unauthorized handler on 401 (login, /me and logout use this). */
  ignoreUnauthorized?: boolean;
  /** The Idempotency-Key header of a creating call that may be sent again (an offline deal, a retry). */
  idempotencyKey?: string | undefined;
}

/**
 * Calls one route of the contract's route table: its method and path come from the table, its
 * input is typed by the route's request schemas, and the answer is parsed with the route's
 * response schema for that status. A body of another shape throws UnexpectedResponseError; an
 * error status throws ApiError (its text from `errorText`); no answer throws NetworkError.
 */
export async function call<K extends RouteName>(
  name: K,
  input: RouteInput<Routes[K]>,
  options: CallOptions = {},
): Promise<RouteOutput<Routes[K]>> {
  const route = routePaths[name];
  const path = pathOf(route, (input as { params?: Record<string, unknown> }).params);
  const body = (input as { body?: unknown }).body ?? (route.method === 'POST' ? {} : undefined);
  const schemas = answerSchemas(name);
  const response = await send(path, { ...options, method: route.method, body }, false);
  return parseAnswer(name, path, response, schemas);
}

/** The routes that take multipart/form-data. */
export type MultipartRouteName = { [K in RouteName]: Routes[K] extends { multipart: object } ? K : never }[RouteName];

/**
 * Calls a route that takes multipart/form-data with `form` (its text fields and at most the files
 * the route names), through the same `send` as `call` (XSRF header, one retry on a stale token,
 * 401 handling), and parses the answer with the route's response schema. The browser sets the
 * multipart boundary. For uploads that need progress, see `uploadMaterial` (XMLHttpRequest).
 */
export async function callForm<K extends MultipartRouteName>(
  name: K,
  form: FormData,
  options: CallOptions = {},
): Promise<RouteOutput<Routes[K]>> {
  const route = routePaths[name];
  const path = pathOf(route);
  const schemas = answerSchemas(name);
  const response = await send(path, { ...options, method: route.method, body: form }, false);
  return parseAnswer(name, path, response, schemas);
}

async function parseAnswer<K extends RouteName>(
  name: K,
  path: string,
  response: Response,
  schemas: ReturnType<typeof answerSchemas>,
): Promise<RouteOutput<Routes[K]>> {
  const parsed = await readBody(response);
  let schema: Schema | undefined;
  if (schemas.first && response.status === 200) {
    schema = await schemas.first;
  } else {
    const table = await (schemas.table ?? routeTable());
    schema = table.responseSchema(table.routes[name] as RouteDef, response.status);
  }
  if (!schema) throw new UnexpectedResponseError(path, response.status, `no ${response.status} answer in the route table`);
  const result = schema.safeParse(response.status === 204 ? undefined : parsed);
  if (!result.success) throw new UnexpectedResponseError(path, response.status, result.error.issues);
  return result.data as RouteOutput<Routes[K]>;
}

export async function callForFile<K extends RouteName>(
  name: K,
  input: RouteInput<Routes[K]>,
  options: CallOptions = {},
): Promise<Response> {
  const route = routePaths[name];
  const path = pathOf(route, (input as { params?: Record<string, unknown> }).params);
  const body = (input as { body?: unknown }).body ?? (route.method === 'POST' ? {} : undefined);
  return send(path, { ...options, method: route.method, body }, false);
}

export async function downloadFile<K extends RouteName>(name: K, input: RouteInput<Routes[K]>, fallbackName: string): Promise<string> {
  const response = await callForFile(name, input);
  const fileName = filenameFromDisposition(response.headers.get('content-disposition')) || fallbackName;
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (cause) {
    throw new NetworkError(cause);
  }
  saveBlob(blob, fileName);
  return fileName;
}

/** The file name from a Content-Disposition header (RFC 6266, filename* first). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain filename */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  return (plain?.[2] ?? plain?.[1])?.trim() ?? null;
}
