import { createHmac } from 'node:crypto';
import { AGENT_IDS, CATEGORY_IDS } from '@repo/catalog-core';
import { createKeySet, generateSigningKey, signAccessToken } from '@repo/jwt';
import fc from 'fast-check';
import { BASE, products } from '../helper.js';

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

/** Markers that would become live markup if a page reflected them unescaped. */
export const MARKERS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '<fuzz-marker>',
  '" onfuzz="1',
] as const;

/**
 * A marker's markup, live: in HTML anywhere, in Markdown unless a backslash escapes its `<`
 * (`\\<script\\>` is text in CommonMark). Partial escaping (`<script&gt;`) counts as live.
 */
export const RAW_MARKUP = /(?<!\\)<(script(>|&gt;)alert|img src=x|svg onload|fuzz-marker)/;
/** What the markers look like once escaped: proof that a generated input did reach a page. */
export const ESCAPED_MARKUP =
  /&lt;(script|img src=x|svg onload|fuzz-marker)|\\<(script|img|svg|fuzz-marker)/;
/** And in HTML, a quote that would close an attribute. */
export const RAW_ATTRIBUTE = '" onfuzz=';

/** Strings meant to break things: unicode, control characters, traversal, markup, very long. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u0000nike',
    '../../etc/passwd',
    '..\\..\\windows',
    '%00',
    '%2e%2e%2f',
    '\r\nSet-Cookie: x=1',
    '\u202e\u2066',
    '🧢👟',
    '耐克',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    ...MARKERS,
  ),
  fc.constantFrom(...MARKERS).chain((m) => fc.string({ maxLength: 8 }).map((s) => `${s}${m}${s}`)),
  fc.integer({ min: 1000, max: 6000 }).map((n) => 'ab '.repeat(n).slice(0, n)),
  deepText(),
  longText(),
);

/**
 * Nesting as text, up to 10,000 levels: `[[[…`, `{"a":{"a":…` or both. Nothing here parses
 * JSON from a URL, so it is text to every walk that reads it (the query parser, the search's
 * tokenizer, the escaping of pages); the same shapes break JSON readers elsewhere.
 */
function deepText(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 10_000 })),
      fc.constantFrom('[', '{"a":', '[{"a":'),
    )
    .map(([depth, open]) => open.repeat(depth));
}

/** Very long text, past every URL and header limit once encoded. */
function longText(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.integer({ min: 6_000, max: 60_000 }), fc.constantFrom('a', 'é', '%', ' ', '👟'))
    .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));
}

/** Percent-encodes every byte of the UTF-8 form (lone surrogates become U+FFFD), like a browser. */
export const encode = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** A path segment: a valid identifier now and then, else anything, encoded or raw-ish. */
export const segment = (valid: readonly string[]) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...valid) },
    { weight: 5, arbitrary: nastyString.map(encode) },
    // Unencoded but URL-legal punctuation, and a valid id with junk glued on.
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9!$&'()*+,;=:@._~-]{1,30}$/) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...valid), fc.constantFrom('.md', '.html', '.txt', '.', '..', '%00'))
        .map(([v, s]) => v + s),
    },
  );

/** A number in or (mostly) out of range, as a query string carries it. */
export const oddNumber = fc.oneof(
  fc.integer({ min: -5, max: 5 }).map(String),
  fc.constantFrom('1e3', '1.5', '0x10', ' 1', '1 ', '+1', '-0', 'NaN', 'Infinity', '1000000000'),
  fc.constantFrom('1000000001', '99999999999999999999', '1e308', '007', ''),
  fc.double().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
);

/** Mostly valid values, so that pages render and reflect them, now and then an odd one. */
const mostly = (valid: fc.Arbitrary<string>, odd: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: odd });

/** Text carrying one of the markers somewhere, with anything around it. */
export const markedString = fc
  .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...MARKERS), fc.string({ maxLength: 10 }))
  .map(([a, m, b]) => `${a}${m}${b}`);

const QUERY_VALUES: Record<string, fc.Arbitrary<string>> = {
  q: fc.oneof(fc.constantFrom('nike', 'jordan 4', 'hoodie'), markedString, nastyString),
  category: mostly(fc.constantFrom(...CATEGORY_IDS, ''), nastyString),
  sort: mostly(fc.constantFrom('relevance', 'price_asc', 'price_desc', 'newest', ''), nastyString),
  currency: mostly(fc.constantFrom('USD', 'EUR', 'CNY', ''), nastyString),
  min_price: mostly(fc.constantFrom('0', '10', '10.50', ''), oddNumber),
  max_price: mostly(fc.constantFrom('100', '5000', '999999999.99', ''), oddNumber),
  page: mostly(fc.constantFrom('1', '2', '30'), oddNumber),
};

/**
 * A query string: known and unknown names, valid and odd values, names repeated now and then, and
 * in most of them a `q`, mostly carrying markup (free text is what pages reflect).
 */
export const queryString = fc
  .tuple(
    fc.option(
      fc.oneof({ weight: 3, arbitrary: markedString }, { weight: 1, arbitrary: QUERY_VALUES.q! }),
      { freq: 4 },
    ),
    fc.array(
      fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...Object.keys(QUERY_VALUES)) },
        { weight: 1, arbitrary: nastyString },
      ),
      { maxLength: 3 },
    ),
  )
  .chain(([q, names]) =>
    fc
      .tuple(
        ...names.map((n) =>
          (Object.hasOwn(QUERY_VALUES, n) ? QUERY_VALUES[n]! : nastyString).map(
            (v) => [n, v] as const,
          ),
        ),
      )
      .map((pairs) => (q === null ? pairs : [['q', q] as const, ...pairs])),
  )
  .map((pairs) =>
    pairs.length === 0 ? '' : `?${pairs.map(([n, v]) => `${encode(n)}=${encode(v)}`).join('&')}`,
  );

/** Where a generated URL goes: the OpenAPI path it is documented under and how errors look. */
export interface Target {
  readonly url: string;
  /** OpenAPI path key, when the path is documented. */
  readonly documented?: string;
}

const slugs = products.slice(0, 20).map((p) => p.slug);
const skills = ['catalog-search', 'agent-offers'];

/** Every page of the web app, with its twins, a generated path parameter and a query. */
export const pageTarget: fc.Arbitrary<Target> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        '/',
        '/index.html',
        '/index.md',
        '/index.html.md',
        '/catalog',
        '/catalog.html',
        '/catalog.md',
        '/catalog/index.md',
        '/api-docs',
        '/api-docs.html',
        '/api-docs.md',
        '/api-docs/index.md',
      ),
      queryString,
    )
    .map(([path, query]) => ({
      url: path + query,
      documented: path.startsWith('/catalog')
        ? '/catalog'
        : path.startsWith('/api')
          ? '/api-docs'
          : '/',
    })),
  fc
    .tuple(
      fc.constantFrom(
        ['/category/', '', '/category/{category}', CATEGORY_IDS],
        ['/category/', '.md', '/category/{category}', CATEGORY_IDS],
        ['/category/', '/index.md', '/category/{category}', CATEGORY_IDS],
        ['/producto/', '', '/producto/{slug}', slugs],
        ['/producto/', '.html', '/producto/{slug}', slugs],
        ['/producto/', '.md', '/producto/{slug}', slugs],
        ['/producto/', '/index.md', '/producto/{slug}', slugs],
        ['/spreadsheet/', '', '/spreadsheet/{agent}', AGENT_IDS],
        ['/spreadsheet/', '.md', '/spreadsheet/{agent}', AGENT_IDS],
        ['/spreadsheet/', '/index.md', '/spreadsheet/{agent}', AGENT_IDS],
      ) as fc.Arbitrary<readonly [string, string, string, readonly string[]]>,
      fc.boolean(),
    )
    .chain(([[prefix, suffix, documented, valid], withQuery]) =>
      fc
        .tuple(segment(valid), withQuery ? queryString : fc.constant(''))
        .map(([id, query]) => ({ url: `${prefix}${id}${suffix}${query}`, documented })),
    ),
);

/** The documents, a generated sitemap part or skill name, and paths nobody serves. */
export const documentTarget: fc.Arbitrary<Target> = fc.oneof(
  fc
    .constantFrom(
      '/robots.txt',
      '/llms.txt',
      '/openapi.json',
      '/sitemap.xml',
      '/health.json',
      '/.well-known/api-catalog',
      '/.well-known/ai-catalog.json',
      '/.well-known/agent-skills/index.json',
    )
    .chain((path) => queryString.map((query) => ({ url: path + query, documented: path }))),
  fc.oneof(oddNumber, fc.constantFrom('1', '2')).map((n) => ({ url: `/sitemap-${encode(n)}.xml` })),
  segment(skills).map((name) => ({
    url: `/.well-known/agent-skills/${name}/SKILL.md`,
    documented: '/.well-known/agent-skills/{name}/SKILL.md',
  })),
  fc
    .tuple(nastyString, fc.constantFrom('', '.md', '.json', '.html', '.xml', '/'))
    .map(([s, ext]) => ({ url: `/${encode(s)}${ext}` })),
);

/** `Accept` headers: absent, usual, odd q-values, and garbage. */
export const acceptHeader: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    '*/*',
    'text/html',
    'text/markdown',
    'application/json',
    'text/markdown;q=1.5, text/html;q=-1',
    'text/html;q=0, */*',
    'text/markdown;q=NaN',
    'text/*;q=0.5, text/markdown;q=0.5',
    'application/problem+json',
    'image/png',
    ';;;,,,',
    '/',
    'text/',
    'q=1',
  ),
  fc
    .array(
      fc.tuple(
        fc.constantFrom('text/html', 'text/markdown', 'application/json', '*/*', 'text/*', 'x/y'),
        fc.oneof(
          fc.constant(''),
          fc.double({ noNaN: false }).map((q) => `;q=${q}`),
          fc.constantFrom(';q=', ';q=1;q=0', ';level=1', ';Q=0.2', ';q=0.0001'),
        ),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((ranges) => ranges.map(([m, p]) => m + p).join(', ')),
  headerValueOf(80),
);

/** A header value a real HTTP parser lets through: visible ASCII, spaces, tabs and latin-1. */
export function headerValueOf(maxLength: number) {
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

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/**
 * Tokens worth sending: valid, expired, signed by another key that names our `kid`, `alg: none`,
 * HS256 with the public key as the secret, wrong issuer. Built once (signing is async).
 */
export async function tokenPool(): Promise<{ jwks: object; tokens: string[] }> {
  const keys = await createKeySet({ keys: [generateSigningKey('k1')], currentKid: 'k1' });
  const other = await createKeySet({ keys: [generateSigningKey('k1')], currentKid: 'k1' });
  const sign = (set: typeof keys, extra: { now?: number; issuer?: string } = {}) =>
    signAccessToken(set, {
      issuer: extra.issuer ?? BASE,
      audience: BASE,
      clientId: 'fuzz-agent',
      scope: 'public',
      ...(extra.now === undefined ? {} : { now: extra.now }),
    }).then((t) => t.token);
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: BASE,
    sub: 'x',
    aud: BASE,
    client_id: 'x',
    scope: 'public',
    iat: now,
    exp: now + 3600,
    jti: 'j',
  };
  const publicKey = JSON.stringify(keys.publicJwks.keys[0]);
  const hsInput = `${b64({ alg: 'HS256', kid: 'k1', typ: 'at+jwt' })}.${b64(claims)}`;
  const hs256 = `${hsInput}.${createHmac('sha256', publicKey).update(hsInput).digest('base64url')}`;
  return {
    jwks: keys.publicJwks,
    tokens: [
      await sign(keys),
      await sign(keys, { now: now - 7200 }),
      await sign(other),
      await sign(keys, { issuer: 'https://evil.example' }),
      `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(claims)}.`,
      `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(claims)}`,
      hs256,
      `${b64({ alg: 'ES256', kid: '../../x', typ: 'at+jwt' })}.${b64(claims)}.${b64('sig')}`,
      `${b64('{"alg":')}.${b64('[')}.x`,
    ],
  };
}

/** `Authorization` headers: the token pool in every shape, other schemes, and garbage. */
export function authorizationHeader(tokens: readonly string[]): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    fc.constant(undefined),
    fc
      .tuple(
        fc.constantFrom('Bearer ', 'bearer ', 'BEARER  ', 'Bearer', 'Basic ', 'DPoP '),
        fc.constantFrom(...tokens),
      )
      .map(([scheme, token]) => scheme + token),
    fc
      .constantFrom(...tokens)
      .map((t) => `Bearer ${t.slice(0, -3)}${t.slice(-3).split('').reverse().join('')}`),
    fc.constantFrom('Bearer', 'Bearer ', 'Bearer a.b', 'Bearer ....', `Bearer ${'a'.repeat(5000)}`),
    headerValueOf(200).map((v) => `Bearer ${v}`),
    headerValueOf(60),
  );
}
