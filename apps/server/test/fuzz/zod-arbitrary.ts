import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Valid inputs from a zod 4 schema, for fuzzing (decision 031). No maintained library builds
 * fast-check arbitraries from zod 4 (zod-fast-check stops at zod 3 and fast-check 3), so this walks
 * `schema._zod.def` itself: objects, arrays, records, unions, optional/nullable/default and pipes
 * are taken apart; every other schema (a string with its checks, a number with its bounds, an enum,
 * a transform whose input is opaque) is a leaf. A leaf's values are drawn from what its definition
 * says (lengths, bounds, regexes, formats) and from a pool of plausible values (dates, e-mails,
 * products, every enum value of the contract, the ids of the world), and only values the leaf's
 * own schema accepts are kept: refinements are checked by zod, never re-implemented here. When
 * no value of a leaf passes, it is recorded in `gaps` and its last candidate is used (the request
 * is then invalid, which is still a case worth sending).
 */

// zod 4's internal definition, as much of it as the walk reads.
interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  pattern?: RegExp;
  defaultValue?: unknown;
  catchall?: z.ZodType;
  check?: string;
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** What a leaf may be filled with besides what its definition says. */
export interface Pool {
  strings: string[];
  numbers: number[];
}

// Valid, and some of them at the edges of what is valid: the far past and future, a leap day.
const DATES = [
  '2026-03-15',
  '2026-01-01',
  '2025-12-31',
  '2024-02-29',
  '2026-06-30',
  '2030-01-01',
  '9999-12-31',
  '0100-01-01',
  '1970-01-01',
  '2000-02-29',
];
// Text a person may well type, some of it hostile but valid: emoji, right-to-left marks, lone surrogates, markup.
const TEXT = [
  'Maria Clara',
  'Juan dela Cruz',
  'BDO Unibank',
  'Makati City',
  'Please check my commission.',
  'LFA-1',
  'x',
  'José 😀 Rizal',
  'Juan \uD800 Cruz',
  'ملف \u200F\u202E',
  '<b>bold</b> & "quotes"',
  "O'Brien",
  '=HYPERLINK("http://x")',
];

/** The pool every leaf draws from: plain, valid-looking values of the kinds the contract takes. */
export function basePool(extra: Partial<Pool> = {}): Pool {
  const strings = [
    ...DATES,
    '2026-03',
    '2026-01',
    '2026',
    '1',
    '2',
    '3',
    '4',
    '10',
    '25',
    '100',
    '1500',
    '09171234567',
    '123-456-789-000',
    '123456789',
    '1300000000',
    '0012 3456 7890',
    'agent@example.ph',
    'correct-horse-1',
    'en',
    'fil',
    ...TEXT,
    ...(extra.strings ?? []),
  ];
  const numbers = [0, 1, 2, 3, 4, 5, 10, 12.5, 20, 25, 50, 100, 1000, 1500, 2026, 25000.5, ...(extra.numbers ?? [])];
  return { strings: [...new Set(strings)], numbers: [...new Set(numbers)] };
}

/** Every enum and literal value named anywhere in these schemas (candidates for opaque leaves). */
export function enumValues(schemas: z.ZodType[]): string[] {
  const out = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (s: z.ZodType | undefined) => {
    if (!s || seen.has(s)) return;
    seen.add(s);
    const d = defOf(s);
    if (d.type === 'enum') for (const v of Object.values(d.entries ?? {})) if (typeof v === 'string') out.add(v);
    if (d.type === 'literal') for (const v of d.values ?? []) if (typeof v === 'string') out.add(v);
    for (const k of ['innerType', 'in', 'out', 'element', 'keyType', 'valueType', 'catchall'] as const) walk(d[k]);
    for (const v of Object.values(d.shape ?? {})) walk(v);
    for (const o of d.options ?? []) walk(o);
  };
  for (const s of schemas) walk(s);
  return [...out];
}

/** The leaf's own idea of its values, from its definition alone. */
function definedArbitrary(schema: z.ZodType, pool: Pool): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  switch (d.type) {
    case 'string': {
      let minLength = 0;
      let maxLength = 40;
      let pattern: RegExp | undefined = d.format === 'regex' ? d.pattern : undefined;
      if (d.format === 'email') return fc.emailAddress({ size: 'xsmall' });
      for (const c of d.checks ?? []) {
        const cd = c._zod.def;
        if (cd.check === 'min_length') minLength = cd.minimum ?? 0;
        if (cd.check === 'max_length') maxLength = Math.min(maxLength, cd.maximum ?? maxLength);
        if (cd.check === 'string_format' && cd.format === 'regex') pattern = cd.pattern;
        if (cd.check === 'string_format' && cd.format === 'email') return fc.emailAddress({ size: 'xsmall' });
      }
      if (pattern) return fc.stringMatching(pattern, { size: 'xsmall' });
      return fc.oneof(
        fc.string({ minLength, maxLength: Math.max(minLength, maxLength) }),
        fc.constantFrom(...pool.strings),
        fc.stringMatching(/^[A-Za-z][A-Za-z .'-]{0,30}$/, { size: 'xsmall' }),
      );
    }
    case 'number': {
      let min = -1e6;
      let max = 1e6;
      let integer = d.format === 'safeint' || d.format === 'int32' || d.format === 'uint32';
      for (const c of d.checks ?? []) {
        const cd = c._zod.def;
        if (cd.check === 'number_format') integer = true;
        if (cd.check === 'greater_than' && cd.value !== undefined) min = Math.max(min, cd.inclusive ? cd.value : cd.value + 1e-6);
        if (cd.check === 'less_than' && cd.value !== undefined) max = Math.min(max, cd.inclusive ? cd.value : cd.value - 1e-6);
      }
      const inRange = pool.numbers.filter((n) => n >= min && n <= max && (!integer || Number.isInteger(n)));
      const drawn = integer
        ? fc.integer({ min: Math.ceil(Math.max(min, -2_000_000)), max: Math.floor(Math.min(max, 2_000_000)) })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((v) => Math.round(v * 100) / 100);
      return inRange.length ? fc.oneof(fc.constantFrom(...inRange), drawn) : drawn;
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(d.values ?? []));
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    default:
      // transform, custom, unknown: the input is not described; try the pool.
      return fc.oneof(fc.constantFrom(...pool.strings), fc.constantFrom(...pool.numbers), fc.boolean());
  }
}

export interface BuildContext {
  pool: Pool;
  /** Leaves no candidate passed, by path (reported, not fatal). */
  gaps: Set<string>;
  /** Candidates tried per leaf when it is built. */
  tries?: number;
}

/** Values a schema accepts: built once per schema, drawn many times. */
export function validArbitrary(schema: z.ZodType, ctx: BuildContext, path = '$', key = ''): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  switch (d.type) {
    case 'object': {
      const shape = d.shape ?? {};
      const props: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [k, v] of Object.entries(shape)) {
        props[k] = validArbitrary(v, ctx, `${path}.${k}`, k);
        if (!acceptsUndefined(v)) required.push(k);
      }
      const record = fc.record(props, { requiredKeys: required });
      return accepted(schema, record, ctx, path, d.checks?.length ? 200 : 0);
    }
    case 'array': {
      let maxLength = 5;
      let minLength = 0;
      for (const c of d.checks ?? []) {
        const cd = c._zod.def;
        if (cd.check === 'max_length') maxLength = Math.min(maxLength, cd.maximum ?? maxLength);
        if (cd.check === 'min_length') minLength = cd.minimum ?? 0;
      }
      const items = fc.array(validArbitrary(d.element!, ctx, `${path}[]`, key), { minLength, maxLength: Math.max(minLength, maxLength) });
      return accepted(schema, items, ctx, path, d.checks?.length ? 200 : 0);
    }
    case 'record':
      return fc.dictionary(validArbitrary(d.keyType!, ctx, `${path}{key}`).map(String), validArbitrary(d.valueType!, ctx, `${path}{}`), {
        maxKeys: 4,
      });
    case 'optional':
      return fc.option(validArbitrary(d.innerType!, ctx, path, key), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(validArbitrary(d.innerType!, ctx, path, key), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      return fc.option(validArbitrary(d.innerType!, ctx, path, key), { nil: undefined, freq: 4 });
    case 'union':
      // A union of composite schemas is taken apart; a union of scalars stays one leaf below.
      if ((d.options ?? []).some((o) => ['object', 'array'].includes(defOf(o).type))) {
        return fc.oneof(...(d.options ?? []).map((o, i) => validArbitrary(o, ctx, `${path}|${i}`, key)));
      }
      return leaf(schema, ctx, path);
    case 'pipe': {
      if (isComposite(d.in!)) return accepted(schema, validArbitrary(d.in!, ctx, path, key), ctx, path, 200);
      return leaf(schema, ctx, path);
    }
    default:
      return leaf(schema, ctx, path);
  }
}

/** An object or array, under any pipes (a refined and transformed object is a pipe of pipes). */
const isComposite = (s: z.ZodType): boolean => {
  const d = defOf(s);
  return d.type === 'pipe' ? isComposite(d.in!) : ['object', 'array'].includes(d.type);
};

const acceptsUndefined = (s: z.ZodType) => s.safeParse(undefined).success;

/** Candidate values of a leaf, all of its own kinds: pipes and unions are followed to their inputs. */
function candidates(schema: z.ZodType, pool: Pool): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  if (d.type === 'pipe') return fc.oneof(candidates(d.in!, pool), candidates(d.out!, pool));
  if (d.type === 'union') return fc.oneof(...(d.options ?? []).map((o) => candidates(o, pool)));
  if (d.type === 'optional' || d.type === 'nullable' || d.type === 'default') return candidates(d.innerType!, pool);
  return fc.oneof(definedArbitrary(schema, pool), fc.constantFrom(...pool.strings), fc.constantFrom(...pool.numbers));
}

function leaf(schema: z.ZodType, ctx: BuildContext, path: string): fc.Arbitrary<unknown> {
  return accepted(schema, candidates(schema, ctx.pool), ctx, path, ctx.tries ?? 300);
}

/**
 * Keeps the values `schema` accepts: the accepted ones among `tries` samples (and the pool) become
 * constants to fall back on, and the arbitrary itself is filtered when it is accepted often enough
 * for the filter to terminate quickly; otherwise the found values are the arbitrary.
 */
function accepted(schema: z.ZodType, arb: fc.Arbitrary<unknown>, ctx: BuildContext, path: string, tries: number): fc.Arbitrary<unknown> {
  if (tries === 0) return arb;
  const ok = (v: unknown) => schema.safeParse(v).success;
  const sample = fc.sample(arb, { numRuns: tries, seed: hash(path) });
  const good = sample.filter(ok);
  const fromPool = [...ctx.pool.strings, ...ctx.pool.numbers].filter(ok);
  const found = [...new Map([...good, ...fromPool].map((v) => [JSON.stringify(v), v])).values()];
  if (found.length === 0) {
    ctx.gaps.add(path);
    return arb;
  }
  const constants = fc.constantFrom(...found.slice(0, 50));
  // The pool's values (real codes, the world's ids) are drawn as often as the sampled ones.
  const pooled = fromPool.length ? [fc.constantFrom(...fromPool)] : [];
  // fc.filter retries until a value passes: only safe when most values do.
  if (good.length / sample.length >= 0.5) return fc.oneof(arb.filter(ok), constants, ...pooled);
  return fc.oneof(constants, ...pooled);
}

/** A stable seed per path, so the built pools are the same from run to run. */
function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h | 0;
}

/** Every bound a schema states: numbers' minimums and maximums, strings' and arrays' lengths. */
export function boundsOf(schema: z.ZodType): { numbers: number[]; lengths: number[] } {
  const numbers = new Set<number>();
  const lengths = new Set<number>();
  const seen = new Set<unknown>();
  const walk = (s: z.ZodType | undefined) => {
    if (!s || seen.has(s)) return;
    seen.add(s);
    const d = defOf(s);
    for (const c of d.checks ?? []) {
      const cd = c._zod.def;
      if ((cd.check === 'greater_than' || cd.check === 'less_than') && typeof cd.value === 'number') numbers.add(cd.value);
      if (cd.check === 'min_length' && cd.minimum !== undefined) lengths.add(cd.minimum);
      if (cd.check === 'max_length' && cd.maximum !== undefined) lengths.add(cd.maximum);
    }
    for (const k of ['innerType', 'in', 'out', 'element', 'keyType', 'valueType', 'catchall'] as const) walk(d[k]);
    for (const v of Object.values(d.shape ?? {})) walk(v);
    for (const o of d.options ?? []) walk(o);
  };
  walk(schema);
  return { numbers: [...numbers], lengths: [...lengths] };
}
