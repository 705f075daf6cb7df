import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialise = (data: unknown) => string;
type JsonSchema = Parameters<typeof fastJson>[0];

/**
 * A lever measured and not kept (decision 035): the API's JSON answers written by
 * fast-json-stringify compiled from each response schema's JSON Schema, instead of zod's encode
 * then JSON.stringify. bench/getdeals.ts copies this file into a copy of apps/server/src as
 * platform/response-serializer.ts for its `fjs` and `check` variants.
 *
 * It writes only the declared properties (as zod's parse) and fails on a missing required one.
 * With `check`, each answer is first checked with zod as before, and the compiled text must equal
 * JSON.stringify of zod's result byte for byte (the whole API suite passed so on SQLite). Without
 * it, the zod pass is skipped. A schema JSON Schema cannot describe exactly keeps zod's serializer.
 *
 * In-process it was as fast as or faster than zod + JSON.stringify on the deals and sales lists;
 * under load over HTTP it lost in three runs of four (more garbage than one native JSON.stringify).
 */
export function responseSerializerCompiler({ check }: { check: boolean }) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }): Serialise => {
    const zod = schema as z.ZodType;
    const fast = compiled(zod);
    const checked = (data: unknown) => {
      const result = z.safeEncode(zod, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return result.data;
    };
    if (!fast) return (data) => JSON.stringify(checked(data));
    if (!check) return fast;
    return (data) => {
      const expected = JSON.stringify(checked(data));
      const text = fast(data);
      if (text !== expected) {
        throw new Error(`${method} ${url}: the compiled serializer wrote ${text.slice(0, 200)} where zod wrote ${expected.slice(0, 200)}`);
      }
      return text;
    };
  };
}

// Schemas are the contract's module-level constants: each is compiled once per process, however
// many apps the tests build.
const cache = new WeakMap<z.ZodType, Serialise | null>();

/** The schema's fast-json-stringify function, or null when its JSON Schema would not be exact. */
export function compiled(schema: z.ZodType): Serialise | null {
  let fn = cache.get(schema);
  if (fn === undefined) {
    fn = compile(schema);
    cache.set(schema, fn);
  }
  return fn;
}

function compile(schema: z.ZodType): Serialise | null {
  try {
    const options = { target: 'draft-7', unrepresentable: 'throw', cycles: 'throw', reused: 'inline' } as const;
    const input = z.toJSONSchema(schema, { ...options, io: 'input' });
    const output = z.toJSONSchema(schema, { ...options, io: 'output' });
    // A transform or a codec: the answer's two sides differ, and only zod knows how to get from one to the other.
    // (zod closes an output object with additionalProperties: false; both sides write only the declared ones.)
    if (JSON.stringify(input, open) !== JSON.stringify(output, open)) return null;
    return fastJson(nullableAsTypeList(input) as JsonSchema);
  } catch {
    return null;
  }
}

const open = (key: string, value: unknown) => (key === 'additionalProperties' && value === false ? undefined : value);

/**
 * zod writes `x.nullable()` as `anyOf: [{ type: x }, { type: 'null' }]`; fast-json-stringify runs
 * ajv on each value to choose a branch of an anyOf. For a plain scalar the same is `type: [x, 'null']`,
 * which it writes directly.
 */
function nullableAsTypeList(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsTypeList);
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.entries(node as Record<string, unknown>).map(([k, v]) => [k, nullableAsTypeList(v)] as const);
  const out = Object.fromEntries(entries) as Record<string, unknown>;
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(out).length === 1) {
    const [a, b] = anyOf as Record<string, unknown>[];
    const scalar = (s: Record<string, unknown> | undefined) =>
      s !== undefined && Object.keys(s).length === 1 && ['string', 'number', 'integer', 'boolean'].includes(s.type as string);
    const isNull = (s: Record<string, unknown> | undefined) => s !== undefined && Object.keys(s).length === 1 && s.type === 'null';
    if (scalar(a) && isNull(b)) return { type: [a!.type, 'null'] };
    if (isNull(a) && scalar(b)) return { type: [b!.type, 'null'] };
  }
  return out;
}
