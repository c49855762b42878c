import { nestedJson } from '@repo/ops/testing';
import fc from 'fast-check';

/**
 * One seed for every property of the app, so CI replays the same inputs on every run. A failure
 * prints `seed` and `path`; keep the input it shrank to as a regression test in `test/issues/`.
 */
export const FUZZ_SEED = 20_251_007;

/** The longest any single answer may take, measured around `inject`. */
export const TIME_BOUND_MS = 2000;

/** Runs a property with the fixed seed and a bounded number of runs. */
export function fuzz(property: Parameters<typeof fc.assert>[0], numRuns: number) {
  return fc.assert(property, { seed: FUZZ_SEED, numRuns });
}

/** Strings meant to break things: unicode, control characters, traversal, markup, very long. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '',
    '\u0000',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '\r\nX-Injected: 1',
    '__proto__',
    'constructor',
    'toString',
    '耐克 👟',
  ),
  fc.integer({ min: 201, max: 3000 }).map((n) => 'x'.repeat(n)),
);

/** Nesting from one level to 10,000, as JSON text: deeper than any recursive walk survives. */
export const deepJsonText: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 10_000 })),
    fc.constantFrom('array', 'object', 'mixed') as fc.Arbitrary<'array' | 'object' | 'mixed'>,
  )
  .map(([depth, kind]) => nestedJson(depth, kind));

/** Very long strings: up to past the body limit, in characters that JSON escapes or widens. */
export const longString: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1_000, max: 70_000 }), fc.constantFrom('x', 'é', '"', '\u0000', '👟'))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

/** Any JSON value, nasty strings included, and now and then one nested a thousand levels deep. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' }) as fc.Arbitrary<unknown>,
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 30, max: 1_000 }), fc.constantFrom('array', 'object', 'mixed'))
      .map(([depth, kind]) => JSON.parse(nestedJson(depth, kind as 'array')) as unknown),
  },
);

/** The JSON Schema subset the tool contracts use (after the JSON round trip of `tools/list`). */
export interface JsonSchema {
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly JsonSchema[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean;
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
}

function fromString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, 300);
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= minLength && s.length <= maxLength);
  }
  return fc.oneof(
    fc.string({ minLength, maxLength: Math.min(maxLength, 40) }),
    fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, 20) }),
    fc.string({ minLength: Math.max(minLength, maxLength - 5), maxLength }),
  );
}

const ABSENT = Symbol('absent');

/** Per property name, values that are valid and also mean something to the catalog. */
export type Hints = Readonly<Record<string, fc.Arbitrary<unknown>>>;

/**
 * An arbitrary of values valid against `schema`, for the subset above: objects with optional and
 * required properties, strings with length and pattern, bounded numbers, arrays, enums, unions.
 *
 * @throws {Error} for a keyword outside the subset, so a new contract keyword is noticed.
 */
export function valid(schema: JsonSchema, hints: Hints = {}): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => valid(s, hints)));
  switch (schema.type) {
    case 'object': {
      const props = schema.properties ?? {};
      const required = schema.required ?? [];
      const entries = Object.entries(props).map(([name, sub]) => {
        const hint = Object.hasOwn(hints, name) ? hints[name] : undefined;
        // Values the schema cannot know (real slugs, line ids) three times in four.
        const value = hint
          ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: valid(sub, hints) })
          : valid(sub, hints);
        // An optional property is there one time in three, so combinations stay plausible.
        const maybe = required.includes(name)
          ? value
          : fc.oneof(
              { weight: 2, arbitrary: fc.constant(ABSENT) },
              { weight: 1, arbitrary: value },
            );
        return maybe.map((v) => [name, v] as const);
      });
      return fc
        .tuple(...entries)
        .map((pairs) => Object.fromEntries(pairs.filter(([, v]) => v !== ABSENT)));
    }
    case 'array':
      return fc.array(valid(schema.items ?? {}, hints), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 6),
      });
    case 'string':
      return fromString(schema);
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? -1_000_000,
        max: schema.maximum ?? 1_000_000,
      });
    case 'number': {
      const min = schema.exclusiveMinimum ?? schema.minimum ?? -1e6;
      return fc.double({
        min,
        minExcluded: schema.exclusiveMinimum !== undefined,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      throw new Error(`valid(): unsupported schema ${JSON.stringify(schema).slice(0, 80)}`);
  }
}

/** A value of the wrong JSON type for `schema`, or out of its range, pattern or enum. */
function wrongValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const others: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(null, true, [], {}, 'text', -1, 1.5, 1e308),
    nastyString,
  ];
  if (schema.type === 'integer' || schema.type === 'number') {
    const below = (schema.exclusiveMinimum ?? schema.minimum ?? 0) - 1;
    const above = (schema.maximum ?? 1e9) + 1;
    others.push(fc.constantFrom(below, above, below + 0.5, Number.MAX_SAFE_INTEGER, -0.0001));
    if (schema.type === 'integer') others.push(fc.constantFrom(0.5, 1.25));
  }
  if (schema.type === 'string') {
    if (schema.maxLength !== undefined) others.push(fc.constant('a'.repeat(schema.maxLength + 1)));
    if (schema.enum)
      others.push(fc.constantFrom('', 'other', String(schema.enum[0]).toUpperCase()));
  }
  if (schema.type === 'array') {
    if (schema.maxItems !== undefined)
      others.push(fc.constant(Array.from({ length: schema.maxItems + 1 }, () => ({}))));
    others.push(fc.constant([]));
  }
  return fc.oneof(...others);
}

/**
 * Objects that break `schema` in one place: an unknown property, a missing required one, or one
 * property given a value of the wrong type or out of range (nested objects included). Some of
 * these may still happen to pass (an empty array where one is allowed); the tests check outcomes,
 * not that every one is refused.
 */
export function outside(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(schema.properties ?? {});
  const base = valid(schema) as fc.Arbitrary<Record<string, unknown>>;
  const variants: fc.Arbitrary<Record<string, unknown>>[] = [
    fc
      .tuple(
        base,
        nastyString.filter((k) => !Object.hasOwn(schema.properties ?? {}, k)),
        anyJson,
      )
      .map(([value, key, extra]) => ({ ...value, [key]: extra })),
  ];
  for (const required of schema.required ?? []) {
    variants.push(
      base.map((value) => {
        const { [required]: _dropped, ...rest } = value;
        return rest;
      }),
    );
  }
  for (const [name, sub] of props) {
    variants.push(
      fc.tuple(base, wrongValue(sub)).map(([value, bad]) => ({ ...value, [name]: bad })),
    );
    if (sub.type === 'object' || sub.items?.type === 'object') {
      const inner = sub.type === 'object' ? sub : (sub.items as JsonSchema);
      variants.push(
        fc
          .tuple(base, outside(inner))
          .map(([value, bad]) => ({ ...value, [name]: sub.type === 'object' ? bad : [bad] })),
      );
    }
  }
  return fc.oneof(...variants);
}

/** Header values a real HTTP parser lets through: visible ASCII, spaces, tabs and latin-1. */
export function headerValue(maxLength = 80): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        fc.integer({ min: 0x20, max: 0x7e }),
        fc.constant(0x09),
        fc.integer({ min: 0x80, max: 0xff }),
      ),
      { maxLength },
    )
    .map((codes) => String.fromCharCode(...codes).trim());
}

/** The JSON-RPC methods the server knows, and some it does not. */
export const METHODS = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'server/discover',
  'notifications/initialized',
  'notifications/cancelled',
  'resources/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
] as const;

/** A method name: known, unknown, or any string. */
export const methodName = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...METHODS) },
  { weight: 1, arbitrary: nastyString },
);

/** A JSON-RPC id: valid (string, integer) or not (null, fraction, object, absent). */
export const rpcId = fc.oneof(
  { weight: 4, arbitrary: fc.oneof(fc.integer(), fc.string({ maxLength: 20 })) },
  { weight: 1, arbitrary: fc.constantFrom(null, 1.5, {}, [], true, undefined) },
);
