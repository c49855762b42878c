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

/** Strings meant to break things: unicode, control characters, markup, very long. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'agent\r\n{"level":60,"msg":"forged"}',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    '耐克 👟',
  ),
  fc.integer({ min: 190, max: 5000 }).map((n) => 'c'.repeat(n)),
);

/** A form field value: the valid one now and then, else anything. */
const field = (valid: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...valid) },
    { weight: 2, arbitrary: nastyString },
  );

/** Token request form fields: the three known ones (each maybe absent or repeated) and others. */
export const tokenForm: fc.Arbitrary<[string, string][]> = fc
  .tuple(
    fc.array(field(['client_credentials', 'authorization_code', 'CLIENT_CREDENTIALS']), {
      maxLength: 2,
    }),
    fc.array(field(['my-agent', 'agent/1.0 (+https://a.example)']), { maxLength: 2 }),
    fc.array(field(['public', 'public openid', 'admin']), { maxLength: 2 }),
    fc.array(fc.tuple(nastyString, nastyString), { maxLength: 2 }),
  )
  .map(([grants, ids, scopes, extra]) => [
    ...grants.map((v): [string, string] => ['grant_type', v]),
    ...ids.map((v): [string, string] => ['client_id', v]),
    ...scopes.map((v): [string, string] => ['scope', v]),
    ...extra,
  ]);

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

/** Content types: the right ones, near misses, and anything. */
export const contentType = fc.oneof(
  fc.constantFrom(
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded; charset=utf-8',
    'application/json',
    'application/json; charset=latin1',
    'text/plain',
    'multipart/form-data; boundary=x',
    'APPLICATION/X-WWW-FORM-URLENCODED',
  ),
  headerValue(40),
);

/** Nesting from one level to 10,000, as JSON text: far past what the 4 KB limit lets through. */
export const deepJsonText: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(fc.integer({ min: 1, max: 2_000 }), fc.integer({ min: 1, max: 10_000 })),
    fc.constantFrom('array', 'object', 'mixed') as fc.Arbitrary<'array' | 'object' | 'mixed'>,
  )
  .map(([depth, kind]) => nestedJson(depth, kind));

/** Very long strings, up to far past the body limit, in characters JSON escapes or widens. */
export const longString: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1_000, max: 70_000 }), fc.constantFrom('c', 'é', '"', '%', '👟'))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

/** Raw bodies: bytes, text, JSON, deep nesting, very long strings, and past the 4 KB limit. */
export const rawBody = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  deepJsonText,
  deepJsonText.map((nested) => `{"type":"anonymous","client_id":${nested}}`),
  longString.map((s) => JSON.stringify({ type: 'anonymous', client_id: s })),
  longString.map((s) => `grant_type=client_credentials&client_id=${encodeURIComponent(s)}`),
  fc.constantFrom('', 'grant_type=client_credentials&client_id=a&', '%', '=&=&', 'a'.repeat(5000)),
);

/** `Authorization` headers: bearer and basic shapes, and garbage. Nothing here needs one. */
export const authorization = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    'Bearer x.y.z',
    'Basic bXktYWdlbnQ6c2VjcmV0',
    'Basic',
    'Bearer',
    `Bearer ${'a'.repeat(5000)}`,
  ),
  headerValue(100),
);
