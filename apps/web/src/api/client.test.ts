import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  call,
  errorText,
  filenameFromDisposition,
  isApiError,
  isNetworkError,
  looksLikeCsrfFailure,
  NetworkError,
  routeTable,
  serverFieldErrors,
  serverReason,
  setUnauthorizedHandler,
  UnexpectedResponseError,
} from './client';

/** A request as the client sent it to `fetch`. */
interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** `fetch` answering `answers` in turn (a Response, or an error thrown as the network's), recording each request. */
function stubFetch(...answers: (Response | Error)[]) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({
        url,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      });
      const answer = answers.shift();
      if (!answer) throw new Error(`no answer for ${url}`);
      if (answer instanceof Error) throw answer;
      return answer;
    }),
  );
  return sent;
}

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json; charset=utf-8' } });
const noContent = () => new Response(null, { status: 204 });

/** The page's cookies (document.cookie); the client reads XSRF-TOKEN there. */
function cookies(text: string) {
  vi.stubGlobal('document', { cookie: text });
}

// The route table (every schema of the contract) loads with the first call: here before the tests, whose time it is not.
beforeAll(() => routeTable(), 60_000);
beforeEach(() => cookies('theme=dark; XSRF-TOKEN=tok%3D1'));
afterEach(() => setUnauthorizedHandler(null));

/** What a call threw. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error,
  );
}

describe('call: the request', () => {
  it("sends a route's method and path, with its path parameters encoded, and parses the answer with the route's schema", async () => {
    const sent = stubFetch(json(200, [{ code: '0102800000', name: 'Ilocos Norte', extra: 'dropped' }]));
    await expect(call('geoCities', { params: { code: '01 00/0' } })).resolves.toEqual([{ code: '0102800000', name: 'Ilocos Norte' }]);
    expect(sent).toMatchObject([{ url: '/api/geo/regions/01%2000%2F0/cities', method: 'GET', body: undefined }]);
    expect(sent[0]?.headers.get('accept')).toBe('application/json');
    expect(sent[0]?.headers.has('x-xsrf-token')).toBe(false);
  });

  it('sends a POST as JSON with the XSRF-TOKEN cookie in X-XSRF-TOKEN, and its Idempotency-Key when given', async () => {
    const sent = stubFetch(json(200, { direct: 1, downline: 2, pending: 0 }));
    await expect(call('teamSize', { body: { id: 7 } }, { idempotencyKey: 'key-1' })).resolves.toEqual({
      direct: 1,
      downline: 2,
      pending: 0,
    });
    expect(sent).toMatchObject([{ url: '/api/teamsize', method: 'POST', body: { id: 7 } }]);
    const headers = sent[0]!.headers;
    expect(headers.get('x-xsrf-token')).toBe('tok=1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('idempotency-key')).toBe('key-1');
  });

  it('answers undefined for a 204', async () => {
    stubFetch(noContent());
    await expect(call('setLanguage', { body: { language: 'fil' } })).resolves.toBeUndefined();
  });

  it('asks for the XSRF-TOKEN cookie first when the page has none', async () => {
    cookies('');
    const sent = stubFetch(noContent(), noContent());
    await call('setLanguage', { body: { language: 'en' } });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/csrf-cookie', 'POST /api/setlanguage']);
  });
});

describe('call: the errors', () => {
  it('throws ApiError with the status, the body and its readable error', async () => {
    stubFetch(json(403, { error: 'You may only act on your own account' }, 'Forbidden'));
    const error = await failure(call('teamSize', { body: { id: 8 } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      error: 'You may only act on your own account',
      body: { error: 'You may only act on your own account' },
    });
    expect(isApiError(error)).toBe(true);
    expect(isApiError(error, 403)).toBe(true);
    expect(isApiError(error, 404)).toBe(false);
  });

  it('reads a body that is not JSON as text, and says the status line for it', async () => {
    stubFetch(new Response('upstream down', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/plain' } }));
    expect(await failure(call('geoRegions', {}))).toMatchObject({ status: 502, error: 'Bad Gateway', body: 'upstream down' });
  });

  it('throws UnexpectedResponseError for a 2xx body not of the route’s shape, never handing it on', async () => {
    stubFetch(json(200, { direct: 'one' }));
    const error = await failure(call('teamSize', { body: { id: 7 } }));
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error).toMatchObject({ path: '/api/teamsize', status: 200 });
  });

  it('throws UnexpectedResponseError for a 2xx status the route table does not list', async () => {
    stubFetch(json(201, [{ code: '0100000000', name: 'Region I' }]));
    expect(await failure(call('geoRegions', {}))).toBeInstanceOf(UnexpectedResponseError);
  });

  it('throws NetworkError when no answer comes, and lets an abort through as it is', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = await failure(call('geoRegions', {}));
    expect(error).toBeInstanceOf(NetworkError);
    expect(isNetworkError(error)).toBe(true);
    expect(serverReason(error)).toBeUndefined();

    const abort = new DOMException('The operation was aborted.', 'AbortError');
    stubFetch(abort);
    expect(await failure(call('geoRegions', {}))).toBe(abort);
  });

  it('fetches a fresh XSRF-TOKEN and sends once more after a CSRF refusal, and no more than once', async () => {
    const sent = stubFetch(json(403, { error: 'Invalid CSRF token' }), noContent(), json(200, { direct: 0, downline: 0, pending: 0 }));
    await expect(call('teamSize', { body: { id: 7 } })).resolves.toEqual({ direct: 0, downline: 0, pending: 0 });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /api/teamsize', 'GET /api/csrf-cookie', 'POST /api/teamsize']);

    stubFetch(json(403, { error: 'Invalid CSRF token' }), noContent(), json(403, { error: 'Invalid CSRF token' }));
    expect(await failure(call('teamSize', { body: { id: 7 } }))).toMatchObject({ status: 403, error: 'Invalid CSRF token' });
  });

  it('does not send again after another 403', async () => {
    const sent = stubFetch(json(403, { error: 'You may only act on your own account' }));
    await failure(call('teamSize', { body: { id: 8 } }));
    expect(sent).toHaveLength(1);
  });

  it('tells the unauthorized handler of a 401, unless the call says not to', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    stubFetch(json(401, { error: 'Not logged in' }), json(401, { error: 'Not logged in' }));
    expect(await failure(call('geoRegions', {}))).toMatchObject({ status: 401, error: 'Not logged in' });
    expect(handler).toHaveBeenCalledOnce();
    await failure(call('geoRegions', {}, { ignoreUnauthorized: true }));
    expect(handler).toHaveBeenCalledOnce();
  });
});

describe('errorText', () => {
  it("is the body's error when it has a readable one", () => {
    expect(errorText(409, { error: 'This licence is already saved' }, 'Conflict')).toBe('This licence is already saved');
  });

  it('is the status line otherwise, or a sentence with the status when there is none', () => {
    expect(errorText(500, { error: '   ' }, 'Internal Server Error')).toBe('Internal Server Error');
    expect(errorText(500, { error: 42 }, '')).toBe('Request failed with status 500');
    expect(errorText(502, 'Bad gateway', '')).toBe('Request failed with status 502');
    expect(errorText(500, null)).toBe('Request failed with status 500');
  });
});

describe('serverReason', () => {
  it("is a refusal's readable error (4xx), and nothing for a 5xx or another failure", () => {
    expect(serverReason(new ApiError(413, 'This file is too large', {}))).toBe('This file is too large');
    expect(serverReason(new ApiError(500, 'Internal Server Error', {}))).toBeUndefined();
    expect(serverReason(new UnexpectedResponseError('/api/x', 200, []))).toBeUndefined();
    expect(serverReason(new Error('boom'))).toBeUndefined();
  });
});

describe('serverFieldErrors', () => {
  const refused = (details: unknown) => new ApiError(400, 'Invalid input', { error: 'Invalid input', details });

  it("answers the 400's field errors that name one of the form's fields, by the path's last part", () => {
    const error = refused([
      { path: 'formData.tcv', message: 'TCV must be more than 0' },
      { path: 'customerName', message: 'Customer name is required' },
      { path: 'unknown', message: 'not this form’s' },
    ]);
    expect(serverFieldErrors(error, ['tcv', 'customerName'])).toEqual([
      ['tcv', 'TCV must be more than 0'],
      ['customerName', 'Customer name is required'],
    ]);
  });

  it('skips ill-formed details, and answers nothing for another status or no details', () => {
    const error = refused([null, 'tcv', { path: 'tcv' }, { path: 1, message: 'x' }, { path: 'tcv', message: 'TCV is required' }]);
    expect(serverFieldErrors(error, ['tcv'])).toEqual([['tcv', 'TCV is required']]);
    expect(serverFieldErrors(refused('not a list'), ['tcv'])).toEqual([]);
    expect(serverFieldErrors(new ApiError(409, 'x', { details: [{ path: 'tcv', message: 'x' }] }), ['tcv'])).toEqual([]);
    expect(serverFieldErrors(new Error('x'), ['tcv'])).toEqual([]);
  });
});

describe('looksLikeCsrfFailure', () => {
  it('recognises the CSRF refusal, whatever its case', () => {
    expect(looksLikeCsrfFailure('Invalid CSRF token')).toBe(true);
    expect(looksLikeCsrfFailure('missing xsrf header')).toBe(true);
    expect(looksLikeCsrfFailure('You may only act on your own account')).toBe(false);
  });
});

describe('filenameFromDisposition', () => {
  it('prefers filename* (UTF-8, percent-encoded) to the plain filename', () => {
    expect(filenameFromDisposition(`attachment; filename="statement.pdf"; filename*=UTF-8''Pahayag%20%E2%80%94%20Marso.pdf`)).toBe(
      'Pahayag — Marso.pdf',
    );
  });

  it('reads a quoted or unquoted filename, and answers null without one', () => {
    expect(filenameFromDisposition('attachment; filename="sales 2026-03.xlsx"')).toBe('sales 2026-03.xlsx');
    expect(filenameFromDisposition('attachment; filename=payout.csv; size=10')).toBe('payout.csv');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });

  it('falls back to the plain filename when filename* cannot be decoded', () => {
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''bad%E2.pdf; filename="plain.pdf"`)).toBe('plain.pdf');
  });
});
