import fc from 'fast-check';
import type { z } from 'zod';
import { PRODUCTS } from '@ahente/contract/catalogue';
import { routes, type RouteDef, type RouteName } from '@ahente/contract/routes';
import { basePool, boundsOf, enumValues, validArbitrary, type BuildContext } from './zod-arbitrary.ts';

/**
 * Fuzz cases for every route of the table (decision 031): a valid request built from the route's
 * own schemas, then broken in one of many ways. A case is plain data (printed when it fails); the
 * ids of the callers are placeholders (`@@owner@@`, `@@admin@@`) put in when it is sent, because
 * the world may have to replace a caller that a case logged out or deactivated.
 *
 * One file on purpose (over 500 lines): every way of breaking a request (the families below) is
 * built from the same route shape, bounds and caller placeholders; split, each file would take all
 * of them and the families' weights would no longer be read side by side.
 */

export type Caller = 'anonymous' | 'owner' | 'admin';

export interface FuzzCase {
  route: RouteName;
  caller: Caller;
  /** What was done to the valid request (the first word is the family, for the counts). */
  kind: string;
  method: RouteDef['method'];
  url: string;
  headers: Record<string, string>;
  /** JSON text (with placeholders), or a multipart body already encoded. */
  payload?: string | Buffer;
}

export const OWNER = '@@owner@@';
export const ADMIN = '@@admin@@';
/** A JSON string `"@@raw:TEXT@@"` becomes TEXT, unquoted, in the body sent: numbers JSON.stringify cannot write. */
const raw = (text: string) => `@@raw:${text}@@`;

/** Routes not fuzzed, each with its reason. Every other route of ROUTE_LIST is (the suite fails on a route it skips without one). */
export const NOT_FUZZED: Partial<Record<RouteName, string>> = {};

/** Routes fuzzed, but whose valid request cannot be built from the schema alone. */
export const NO_VALID_REQUEST: Partial<Record<RouteName, string>> = {
  resetPassword: 'its token is the one e-mailed to the member: any other token is refused, as it must be',
};

// ---- The bad values ---------------------------------------------------------------------------

const LONE_SURROGATES = ['\uD800', '\uDFFF', 'a\uD83Db', '\uDE00\uD83D'];
export const NASTY_STRINGS: string[] = [
  '',
  ' ',
  '   \t ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C.pdf',
  '\u200F\u200E\u061C',
  '\u200B\uFEFF',
  '😀'.repeat(60),
  '👨‍👩‍👧‍👦🏳️‍🌈',
  ...LONE_SURROGATES,
  'e\u0301\u0301\u0301\u0301',
  'Ｍａｒｉａ',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE members; --',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%s%s%n',
  '${7*7}{{7*7}}',
  'a\r\nSet-Cookie: admin=1',
  '\u001b[31mred',
  'null',
  'undefined',
  'true',
  '[object Object]',
  '__proto__',
  'constructor',
  'x'.repeat(201),
  'x'.repeat(2001),
  'x'.repeat(100_000),
  'é'.repeat(5000),
];

export const NASTY_NUMBERS: unknown[] = [
  0,
  -0,
  -1,
  1.5,
  0.1,
  1e-7,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 31 + 1,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  Number.MIN_VALUE,
  raw('1e400'),
  raw('-1e400'),
  raw('-0'),
  raw('1.00000000000000000000001'),
  raw('123456789012345678901234567890'),
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0x10',
  '1e3',
  '1_000',
  ' 1 ',
  '１２',
  '٣',
  '2147483648',
  '9007199254740993',
  '99999999999999999999',
  '-1',
  '1.005',
  '+1',
];

export const IMPOSSIBLE_DATES = [
  '2026-02-30',
  '2026-02-29',
  '2025-13-01',
  '2026-00-10',
  '2026-04-31',
  '0000-00-00',
  '0000-01-01',
  '9999-12-31',
  '1900-02-29',
  '+275760-09-13',
  '-000001-01-01',
  '2026-1-1',
  '2026/01/01',
  '01/02/2026',
  '2026-01-01T25:61:00Z',
  '2026-01-01T00:00:00+99:00',
  '2026-03-15junk',
  '20260315',
  '2026-W10',
  '2026-13',
  '2026-00',
  ' 2026-03-15',
];

const WRONG_TYPES: unknown[] = [null, true, false, 0, 1, '', 'text', [], [1, 2], {}, { a: 1 }, [[[]]], raw('NaN')];

const POLLUTERS = [
  '"__proto__":{"isAdmin":true,"account_type":"admin","polluted":"yes"}',
  '"constructor":{"prototype":{"polluted":"yes"}}',
  '"prototype":{"polluted":"yes"}',
  '"__proto__":null',
  '"toString":"x","valueOf":1,"hasOwnProperty":"x"',
];

const EXTRA_FIELDS: Record<string, unknown>[] = [
  { account_type: 'admin' },
  { status: 'Approved', position: 'Manager' },
  { isAdmin: true, role: 'admin' },
  { member_id: 1, created_by: 1 },
  { unknown_field: 'x'.repeat(1000) },
  Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i])),
];

const MALFORMED_JSON: (string | Buffer)[] = [
  '',
  '{',
  '}',
  '{"id":',
  '{"id":1,}',
  "{'id':1}",
  '{id:1}',
  '\uFEFF{}',
  '{}/* comment */',
  '{"a":1}{"b":2}',
  'undefined',
  'NaN',
  'null',
  'true',
  '123',
  '"text"',
  '[]',
  '[{}]',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '{"id":1,"id":"x","id":null}',
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]),
  Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  '[' + '['.repeat(20_000) + ']'.repeat(20_000) + ']',
  '{"a":' + '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_001),
  `{"a":"${'x'.repeat(2_000_000)}"}`,
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json, text/plain',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=nothere',
  'application/octet-stream',
  'image/png',
  ';;;',
  'application/json; boundary=x; charset="',
];

const PARAM_VALUES = [
  '0',
  '-1',
  '-0',
  '00000000000000000001',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '1e3',
  '1.5',
  'NaN',
  'Infinity',
  'abc',
  '%00',
  '1%00',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..',
  '%20',
  '%201',
  '%D9%A3',
  'x'.repeat(300),
  '%F0%9F%98%80',
  '%ED%A0%80',
  '%FF%FE',
  '%',
  '%zz',
  '__proto__',
  'constructor',
  '2026',
  '1',
];

const FILE_NAMES = [
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\system32\\drivers\\etc\\hosts',
  '/etc/passwd',
  `${'a'.repeat(300)}.pdf`,
  `${'é'.repeat(300)}.png`,
  '\u202Efdp.exe',
  'file\u0000.pdf.exe',
  '',
  '.',
  '..',
  '.htaccess',
  'CON',
  'photo.png.exe',
  '😀.png',
  ' .pdf',
  '%2e%2e%2fx.pdf',
  'a/b/c.pdf',
  'tab\there.pdf',
  'quote"s.pdf',
  'scan.PDF',
];

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const FILES: { label: string; content: Buffer; contentType?: string }[] = [
  { label: 'zero-byte', content: Buffer.alloc(0) },
  { label: 'pdf', content: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'), contentType: 'application/pdf' },
  { label: 'png', content: Buffer.concat([PNG, Buffer.from('fuzz png body')]), contentType: 'image/png' },
  { label: 'polyglot-pdf-zip', content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 1)]) },
  { label: 'polyglot-gif-js', content: Buffer.from('GIF89a/*\u0000\u0000*/=1;alert(document.cookie)//'), contentType: 'image/gif' },
  {
    label: 'polyglot-png-html',
    content: Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script></html>')]),
    contentType: 'text/html',
  },
  { label: 'polyglot-jpeg-php', content: Buffer.from('\xff\xd8\xff\xe0<?php system($_GET["c"]); ?>', 'latin1'), contentType: 'image/jpeg' },
  { label: 'svg', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), contentType: 'image/svg+xml' },
  { label: 'html', content: Buffer.from('<!doctype html><script>alert(1)</script>'), contentType: 'image/png' },
  { label: 'exe', content: Buffer.from('MZ\u0090\u0000\u0003'), contentType: 'application/pdf' },
  { label: 'pdf-lying-type', content: Buffer.from('%PDF-1.7\n%%EOF'), contentType: 'image/png' },
];

// ---- Building requests ------------------------------------------------------------------------

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

interface RouteShape {
  name: RouteName;
  route: RouteDef;
  body?: fc.Arbitrary<unknown>;
  params?: fc.Arbitrary<unknown>;
  fields?: fc.Arbitrary<unknown>;
}

/** The arbitraries of every route, built once (zod schemas walked, pools sampled). */
export function buildShapes(
  extraNumbers: number[] = [],
  extraStrings: string[] = [],
): { shapes: RouteShape[]; gaps: Map<RouteName, string[]> } {
  const entries = Object.entries(routes) as [RouteName, RouteDef][];
  const all = entries.flatMap(([, r]) => [r.body, r.params, r.multipart?.fields].filter((s): s is z.ZodType => Boolean(s)));
  const pool = basePool({ strings: [...enumValues(all), ...PRODUCTS], numbers: extraNumbers });
  pool.strings.push(...extraStrings);
  const gaps = new Map<RouteName, string[]>();
  const shapes = entries
    .filter(([name]) => !(name in NOT_FUZZED))
    .map(([name, route]) => {
      const ctx: BuildContext = { pool, gaps: new Set(), tries: 150 };
      const shape: RouteShape = {
        name,
        route,
        ...(route.body ? { body: validArbitrary(route.body, ctx, 'body') } : {}),
        ...(route.params ? { params: validArbitrary(route.params, ctx, 'params') } : {}),
        ...(route.multipart ? { fields: validArbitrary(route.multipart.fields, ctx, 'fields') } : {}),
      };
      if (ctx.gaps.size) gaps.set(name, [...ctx.gaps]);
      return shape;
    });
  return { shapes, gaps };
}

/** Who sends a route's requests: a caller who gets past its access rule. */
function callerArb(route: RouteDef): fc.Arbitrary<Caller> {
  if (route.access === 'admin') return fc.constant('admin');
  if (route.access === 'member') return fc.constantFrom('owner', 'admin');
  return fc.constantFrom('anonymous', 'anonymous', 'owner');
}

/** The member the route names, as the caller may name them. */
const memberFor = (caller: Caller) => (caller === 'admin' ? fc.constantFrom(OWNER, OWNER, ADMIN) : fc.constant(OWNER));

function withMember(route: RouteDef, where: 'body' | 'params', value: unknown, member: string): unknown {
  if (route.member?.in !== where || typeof value !== 'object' || value === null) return value;
  return { ...value, [route.member.key]: member };
}

/** All the paths (keys) of a JSON value, to pick one to break. */
function pathsOf(v: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  const children: [string | number, unknown][] = Array.isArray(v)
    ? v.map((x, i) => [i, x])
    : v && typeof v === 'object'
      ? Object.entries(v)
      : [];
  for (const [k, x] of children) {
    out.push([...prefix, k]);
    pathsOf(x, [...prefix, k], out);
  }
  return out;
}

function setAt(v: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(v)) {
    const copy = [...v];
    if (rest.length === 0 && remove) copy.splice(Number(head), 1);
    else copy[Number(head)] = setAt(copy[Number(head)], rest, value, remove);
    return copy;
  }
  const copy = { ...(v as Record<string, unknown>) };
  if (rest.length === 0 && remove) delete copy[head!];
  else copy[head!] = setAt(copy[head!], rest, value, remove);
  return copy;
}

/** JSON text of a value, with `@@raw:…@@` strings put in unquoted. */
export function jsonText(v: unknown): string {
  return JSON.stringify(v ?? null).replace(/"@@raw:(.*?)@@"/g, '$1');
}

/** JSON text with extra members spliced into its top-level object. */
function spliceMembers(text: string, members: string): string {
  if (!text.startsWith('{')) return text;
  return text === '{}' ? `{${members}}` : `{${members},${text.slice(1)}`;
}

type BodyBreak = { kind: string; body?: unknown; text?: string };

/** Values at and just past each bound a schema states (a number and its text, a string of that length). */
export function boundValues(schema: z.ZodType | undefined): unknown[] {
  if (!schema) return [];
  const { numbers, lengths } = boundsOf(schema);
  const out: unknown[] = [];
  for (const n of numbers) for (const v of [n - 1, n - 0.01, n, n + 0.01, n + 1]) out.push(v, String(v));
  for (const l of lengths) for (const v of [l - 1, l, l + 1]) if (v >= 0) out.push('x'.repeat(v), 'é'.repeat(v), '😀'.repeat(v));
  return out;
}

/** One way of breaking a valid JSON body. */
function breakBody(valid: unknown, bounds: unknown[]): fc.Arbitrary<BodyBreak> {
  const paths = pathsOf(valid);
  const pathArb = paths.length ? fc.constantFrom(...paths) : fc.constant<(string | number)[]>([]);
  const label = (p: (string | number)[]) => p.join('.') || '$';
  return fc.oneof(
    fc
      .tuple(pathArb, fc.constantFrom(...WRONG_TYPES))
      .map(([p, x]) => ({ kind: `wrong-type ${label(p)}=${jsonText(x)}`, body: setAt(valid, p, x) })),
    pathArb.map((p) => ({ kind: `missing ${label(p)}`, body: setAt(valid, p, undefined, true) })),
    fc
      .tuple(pathArb, fc.constantFrom(...NASTY_STRINGS))
      .map(([p, x]) => ({ kind: `string ${label(p)}=${JSON.stringify(x.slice(0, 12))}…${x.length}`, body: setAt(valid, p, x) })),
    // A valid value with something hostile after (or before) it: what a whole-value check may miss.
    fc
      .tuple(pathArb, fc.constantFrom('\u0000', '\uD800', '\u202E', '\r\n', ' (x)', 'T25:00', '😀', 'x'.repeat(300)), fc.boolean())
      .map(([p, x, after]) => {
        const at = p.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], valid);
        const text = typeof at === 'object' ? JSON.stringify(at) : String(at);
        return {
          kind: `affix ${label(p)} ${after ? '+' : ''}${JSON.stringify(x.slice(0, 8))}`,
          body: setAt(valid, p, after ? text + x : x + text),
        };
      }),
    fc
      .tuple(pathArb, fc.string({ unit: 'binary', maxLength: 40 }))
      .map(([p, x]) => ({ kind: `unicode ${label(p)}`, body: setAt(valid, p, x) })),
    fc
      .tuple(pathArb, fc.constantFrom(...NASTY_NUMBERS))
      .map(([p, x]) => ({ kind: `number ${label(p)}=${jsonText(x)}`, body: setAt(valid, p, x) })),
    ...(bounds.length
      ? [
          fc.tuple(pathArb, fc.constantFrom(...bounds)).map(([p, x]) => ({
            kind: `bound ${label(p)}=${typeof x === 'string' && x.length > 12 ? `${x.length} chars` : jsonText(x)}`,
            body: setAt(valid, p, x),
          })),
        ]
      : []),
    fc.tuple(pathArb, fc.constantFrom(...IMPOSSIBLE_DATES)).map(([p, x]) => ({ kind: `date ${label(p)}=${x}`, body: setAt(valid, p, x) })),
    fc.tuple(pathArb, fc.integer({ min: 50, max: 5000 })).map(([p, depth]) => ({
      kind: `deep ${label(p)} depth ${depth}`,
      body: setAt(valid, p, raw(`${'['.repeat(depth)}${']'.repeat(depth)}`)),
    })),
    fc
      .constantFrom(...EXTRA_FIELDS)
      .map((x) => ({ kind: `extra ${Object.keys(x).slice(0, 3).join(',')}`, body: { ...(valid as object), ...x } })),
    fc.constantFrom(...POLLUTERS).map((p) => ({ kind: `polluter ${p.slice(0, 20)}`, text: spliceMembers(jsonText(valid), p) })),
    fc
      .constantFrom<unknown>(null, [], [valid], 'text', 42, true, {})
      .map((x) => ({ kind: `whole-body ${jsonText(x).slice(0, 20)}`, body: x })),
  );
}

/** Text fields of a form: every value as text, null and undefined left out. */
function formFields(v: unknown): { name: string; value: string }[] {
  if (!v || typeof v !== 'object') return [];
  return Object.entries(v as Record<string, unknown>)
    .filter(([, x]) => x !== undefined && x !== null)
    .map(([name, x]) => ({ name, value: typeof x === 'object' ? JSON.stringify(x) : String(x) }));
}

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body (as harness.ts multipartBody does, but able to break the framing too). */
export function encodeMultipart(parts: Part[], boundary = 'FuzzBoundary7MA4YWxkTrZu0gW'): Buffer {
  const quote = (v: string) => v.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quote(part.name)}"`;
    if ('filename' in part)
      head += `; filename="${quote(part.filename)}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), 'filename' in part ? part.content : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}
const MULTIPART = 'multipart/form-data; boundary=FuzzBoundary7MA4YWxkTrZu0gW';

function formCase(
  route: RouteDef,
  fieldsArb: fc.Arbitrary<unknown>,
  caller: Caller,
): fc.Arbitrary<{ kind: string; payload: Buffer; contentType: string }> {
  const fileFields = typeof route.multipart!.file === 'string' ? [route.multipart!.file] : [...route.multipart!.file];
  const memberKey = route.member?.in === 'body' ? route.member.key : undefined;
  const fileArb = fc.oneof(
    fc.constantFrom(...FILES),
    fc
      .uint8Array({ minLength: 1, maxLength: 4096 })
      .map((b) => ({ label: 'random-bytes', content: Buffer.from(b), contentType: undefined })),
  );
  return fc
    .record({
      fields: fieldsArb,
      member: memberFor(caller),
      fileField: fc.constantFrom(...fileFields, 'unexpected_file'),
      file: fileArb,
      fileName: fc.oneof(fc.constantFrom(...FILE_NAMES), fc.constantFrom('scan.pdf', 'photo.png', 'id.jpg')),
      shape: fc.constantFrom(
        'file',
        'file',
        'no-file',
        'file-first',
        'two-files',
        'truncated',
        'bad-field',
        'many-fields',
        'long-field',
        'dup-field',
        'wrong-boundary',
      ),
      cut: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
      bad: fc.oneof(
        fc.constantFrom(...NASTY_STRINGS),
        fc.constantFrom(...IMPOSSIBLE_DATES),
        fc.constantFrom(...NASTY_NUMBERS.map((n) => String(n).replace(/^@@raw:(.*)@@$/, '$1'))),
      ),
    })
    .map(({ fields, member, fileField, file, fileName, shape, cut, bad }) => {
      const text = formFields(memberKey ? { ...(fields as object), [memberKey]: member } : fields);
      const filePart: Part = {
        name: fileField,
        filename: fileName,
        content: file.content,
        ...(file.contentType ? { contentType: file.contentType } : {}),
      };
      let parts: Part[] = [...text, filePart];
      let boundaryHeader = MULTIPART;
      if (shape === 'no-file') parts = text;
      if (shape === 'file-first') parts = [filePart, ...text];
      if (shape === 'two-files') parts = [...text, filePart, { ...filePart, filename: `2-${fileName}` }];
      if (shape === 'bad-field' && text.length) {
        const i = Math.floor(cut * text.length);
        parts = [...text.slice(0, i), { name: text[i]!.name, value: bad }, ...text.slice(i + 1), filePart];
      }
      if (shape === 'many-fields') parts = [...text, ...Array.from({ length: 70 }, (_, i) => ({ name: `f${i}`, value: 'x' })), filePart];
      if (shape === 'long-field') parts = [...text, { name: text[0]?.name ?? 'x', value: 'x'.repeat(20_000) }, filePart];
      if (shape === 'dup-field') parts = [...text, ...text.map((p) => ({ ...p, value: bad })), filePart];
      let payload = encodeMultipart(parts);
      if (shape === 'truncated') payload = payload.subarray(0, Math.floor(payload.length * cut));
      if (shape === 'wrong-boundary') boundaryHeader = 'multipart/form-data; boundary=SomethingElse';
      return {
        kind: `form ${shape} ${fileField} ${file.label} ${JSON.stringify(fileName.slice(0, 16))}`,
        payload,
        contentType: boundaryHeader,
      };
    });
}

/** A path with its parameters put in as they are (already URL text, encoded or not). */
function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => params[name] ?? '1');
}

function paramsText(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  // A caller's placeholder stays as it is, to be replaced when the case is sent. A lone surrogate
  // (half of a UTF-16 pair, which the string arbitraries can make) has no UTF-8 form, so no URL can
  // carry it: encodeURIComponent throws on it (a CI run's seed 1396859542). It goes as U+FFFD, as a
  // browser sends it; paired surrogates (an emoji) are one code point under the `u` flag and stay.
  for (const [k, x] of Object.entries((v ?? {}) as Record<string, unknown>))
    out[k] = x === OWNER || x === ADMIN ? x : encodeURIComponent(String(x).replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));
  return out;
}

/** Every case of one route. */
export function routeCases(shape: RouteShape, options: { validOnly?: boolean } = {}): fc.Arbitrary<FuzzCase> {
  const { route, name } = shape;
  const hasJsonBody = Boolean(shape.body);
  const bounds = boundValues(route.body);
  const keysOfPath = [...route.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]!);
  return callerArb(route).chain((caller) => {
    const member = memberFor(caller);
    const params = (shape.params ?? fc.constant({})).chain((p) => member.map((m) => paramsText(withMember(route, 'params', p, m))));
    const body = (shape.body ?? fc.constant(undefined)).chain((b) => member.map((m) => withMember(route, 'body', b, m)));
    const base = (kind: string, url: string, payload?: string | Buffer, contentType?: string): FuzzCase => ({
      route: name,
      caller,
      kind,
      method: route.method,
      url,
      headers: payload !== undefined ? { 'content-type': contentType ?? 'application/json' } : {},
      ...(payload !== undefined ? { payload } : {}),
    });
    const jsonPayload = (b: unknown) => (route.method === 'GET' || (!hasJsonBody && b === undefined) ? undefined : jsonText(b ?? {}));

    const families: { weight: number; arbitrary: fc.Arbitrary<FuzzCase> }[] = [];
    // Valid, as the schemas describe it.
    families.push({
      weight: 3,
      arbitrary: fc.tuple(params, body).map(([p, b]) => base('valid', fillPath(route.path, p), jsonPayload(b))),
    });
    if (options.validOnly) return families[0]!.arbitrary;
    // A broken JSON body.
    if (hasJsonBody) {
      families.push({
        weight: 6,
        arbitrary: fc
          .tuple(
            params,
            body.chain((b) => breakBody(b, bounds)),
          )
          .map(([p, br]) => base(br.kind, fillPath(route.path, p), br.text ?? jsonText(br.body))),
      });
    }
    // Broken path parameters.
    if (keysOfPath.length) {
      families.push({
        weight: 3,
        arbitrary: fc
          .tuple(
            params,
            fc.constantFrom(...keysOfPath),
            fc.oneof(fc.constantFrom(...PARAM_VALUES), fc.string({ maxLength: 12 }).map(encodeURIComponent)),
            body,
          )
          .map(([p, key, value, b]) =>
            base(`param ${key}=${value.slice(0, 20)}`, fillPath(route.path, { ...p, [key]: value }), jsonPayload(b)),
          ),
      });
    }
    // Malformed JSON and wrong content types (a GET takes no body: its content type is ignored, and tried too).
    families.push({
      weight: route.method === 'GET' ? 1 : 3,
      arbitrary: fc
        .tuple(params, body, fc.constantFrom(...MALFORMED_JSON), fc.constantFrom(...CONTENT_TYPES), fc.boolean())
        .map(([p, b, bad, type, malformed]) =>
          malformed
            ? base(`malformed-json ${String(bad).slice(0, 16)}`, fillPath(route.path, p), bad, 'application/json')
            : base(`content-type ${type}`, fillPath(route.path, p), jsonText(b ?? {}), type),
        ),
    });
    // Forms: no file, empty, random and polyglot files, hostile names, broken framing.
    if (route.multipart) {
      families.push({
        weight: 6,
        arbitrary: fc
          .tuple(params, formCase(route, shape.fields!, caller))
          .map(([p, f]) => base(f.kind, fillPath(route.path, p), f.payload, f.contentType)),
      });
    } else if (route.method !== 'GET') {
      // A form where JSON is expected.
      families.push({
        weight: 1,
        arbitrary: fc
          .tuple(params, body)
          .map(([p, b]) =>
            base(
              'form-instead-of-json',
              fillPath(route.path, p),
              encodeMultipart([...formFields(b), { name: 'file', filename: 'x.pdf', content: Buffer.from('%PDF-1.7') }]),
              MULTIPART,
            ),
          ),
      });
    }
    // Odd headers: a query string, an Idempotency-Key (valid or not), a forged client address.
    families.push({
      weight: 1,
      arbitrary: fc
        .tuple(
          params,
          body,
          fc.constantFrom('?id=1&__proto__[polluted]=1&constructor[prototype][polluted]=1', '?' + 'a=1&'.repeat(500), '?%zz', ''),
          fc.constantFrom('', 'k-1', ' ', 'é', 'x'.repeat(300), 'a\u0000b'),
        )
        .map(([p, b, query, key]) => {
          const c = base(
            `headers query=${query.slice(0, 12)} key=${JSON.stringify(key.slice(0, 8))}`,
            fillPath(route.path, p) + query,
            jsonPayload(b),
          );
          if (key && /^[\x20-\x7e]*$/.test(key)) c.headers['idempotency-key'] = key;
          return c;
        }),
    });
    return fc.oneof(...families);
  });
}

/** The family of a case's kind, for the counts. */
export const familyOf = (kind: string) => kind.split(' ')[0]!;
