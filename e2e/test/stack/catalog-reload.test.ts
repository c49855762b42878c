import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DEFAULT_AGENTS } from '@repo/catalog-core';
import { generateSigningKey } from '@repo/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../../src/stack.js';

// The catalog file replaced while the gateway, web and two mcp replicas serve it under load, the
// way an operator does it: `catalog import --out` the served file. Every replica must move to the
// new version on its own, no request may fail or read half of one version and half of the other,
// and a bad file must leave the old version serving until a good one comes.

const CLI = fileURLToPath(new URL('../../../packages/catalog-io/dist/cli.js', import.meta.url));
const REPLICAS = ['web', 'mcp-1', 'mcp-2'] as const;
// What an operator may expect: every replica on the new version within this time.
const SWAP_WITHIN_MS = 10_000;
const LOOPS = 8;
const WORDS = ['black', 'nike', 'white', 'hoodie', 'bag'];
// Listings whose total and per-category counts differ between A and B (checked below), so an
// answer that took one from each version would match neither.
const LISTINGS = [
  '/catalog.md',
  '/catalog.md?q=black',
  '/catalog.md?q=nike',
  '/catalog.md?q=white',
];

/** A product as the catalog file holds it (the fields this test reads). */
interface Row {
  readonly slug: string;
  readonly title: string;
  readonly category: string;
}

/** A catalog written by `catalog import`, ready to be imported over the served file. */
interface Staged {
  readonly file: string;
  readonly rows: readonly Row[];
  /** Products per category, as list_categories and an unfiltered listing must show them. */
  readonly counts: Readonly<Record<string, number>>;
}

/** One request of the load, as it was answered. */
interface Outcome {
  readonly kind: string;
  readonly target: string;
  /** The HTTP status, or the connection error's code. */
  readonly status: number | string;
  readonly started: number;
  readonly ended: number;
  /** The catalog version a web page names in its ETag. */
  readonly version?: string | undefined;
  /** What a listing or tool result showed, to match against one version's answer afterwards. */
  readonly shown?: string | undefined;
  /** An answer that contradicts itself. */
  readonly problem?: string | undefined;
}

interface CatalogHealth {
  readonly version: string;
  readonly loaded_at: string;
  readonly reload: {
    readonly status: 'ok' | 'failed';
    readonly at: string;
    readonly error?: string;
  };
}

interface ToolResult {
  readonly isError: boolean;
  readonly text: string;
  readonly structured: Record<string, unknown>;
}

const run = promisify(execFile);

/** The real `catalog` CLI; no AGENTS_FILE: rows are read with the default agents. */
async function catalogCli(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [CLI, ...args], { env: {} });
  return stdout;
}

const ndjson = (items: readonly object[]) =>
  items.map((item) => `${JSON.stringify(item)}\n`).join('');

async function readRows(file: string): Promise<Row[]> {
  const text = await readFile(file, 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Row);
}

function countByCategory(rows: readonly Row[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.category] = (counts[row.category] ?? 0) + 1;
  return counts;
}

/** Imports `items` into `<dir>/<name>.ndjson` with the real CLI: the file later served. */
async function stage(dir: string, name: string, items: readonly object[]): Promise<Staged> {
  const source = join(dir, `${name}-source.ndjson`);
  const file = join(dir, `${name}.ndjson`);
  await writeFile(source, ndjson(items));
  await catalogCli('import', source, '--out', file);
  const rows = await readRows(file);
  return { file, rows, counts: countByCategory(rows) };
}

/** Replaces `file` in one step, as a deploy script does: a temporary file renamed over it. */
async function replaceFile(file: string, text: string): Promise<void> {
  const temporary = join(dirname(file), `.${basename(file)}.new`);
  await writeFile(temporary, text);
  await rename(temporary, file);
}

/** `"<version>-<hash>"` (maybe weak, maybe with a content coding): the version it names. */
function etagVersion(etag: string | null): string | undefined {
  return etag === null ? undefined : /^(?:W\/)?"([0-9a-f]{16})-/.exec(etag)?.[1];
}

const number = (text: string | undefined) =>
  text === undefined ? undefined : Number(text.replaceAll(',', ''));

/**
 * What a Markdown listing shows of its result: the total in its lead and in its pager, and the
 * per-category counts of its facets. One search result gives all three; a problem when they
 * disagree.
 */
function readListing(body: string): { shown: string; problem?: string } {
  const lead = number(/^([\d,]+) products\.$/m.exec(body)?.[1]);
  const pager = /^No products$/m.test(body)
    ? 0
    : number(/^Products [\d,]+–[\d,]+ of ([\d,]+) · page/m.exec(body)?.[1]);
  const facets: Record<string, number> = {};
  for (const [, id, n] of body.matchAll(
    /^- \[[^\]]*\]\([^)]*[?&]category=([a-z-]+)\) \(([\d,]+)\)$/gm,
  )) {
    facets[id as string] = number(n) as number;
  }
  const sum = Object.values(facets).reduce((a, b) => a + b, 0);
  const shown = JSON.stringify({ total: lead, facets });
  if (lead === undefined || lead !== pager || lead !== sum) {
    return { shown, problem: `lead ${lead}, pager ${pager}, facets sum ${sum}` };
  }
  return { shown };
}

/** A plain JSON-RPC `tools/call` (stateless; no session needed) and its result. */
async function callTool(
  base: string,
  name: string,
  args: Record<string, unknown>,
): Promise<{ status: number; result?: ToolResult }> {
  const response = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  });
  const text = await response.text();
  if (response.status !== 200) return { status: response.status };
  const { result } = JSON.parse(text) as {
    result: {
      content: { text: string }[];
      structuredContent?: Record<string, unknown>;
      isError?: boolean;
    };
  };
  return {
    status: 200,
    result: {
      isError: result.isError === true,
      text: result.content[0]?.text ?? '',
      structured: result.structuredContent ?? {},
    },
  };
}

/** The total a search_products text states: "N products for …" or "No products … (N matches)". */
function statedTotal(text: string): number | undefined {
  const match = /^(\d+) products (?:for|in) /m.exec(text) ?? /\((\d+) matches\)/.exec(text);
  return match ? Number(match[1]) : undefined;
}

function slugsOf(result: ToolResult | undefined): string[] {
  const items = (result?.structured.items ?? []) as { slug: string }[];
  return items.map((item) => item.slug);
}

let stack: Stack;
let dir: string;
let catalogFile: string;
let agentsFile: string;
let a: Staged;
let b: Staged;
let onlyA: string;
let onlyB: string;
let kept: string[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'catalog-reload-'));
  const staging = join(dir, 'staging');
  // The served files alone in their folder: the folder is what the processes watch.
  const served = join(dir, 'served');
  await mkdir(staging);
  await mkdir(served);
  catalogFile = join(served, 'catalog.ndjson');
  agentsFile = join(served, 'agents.json');

  await catalogCli('sample', '--count', '320', '--out', join(staging, 'sample.ndjson'));
  const sample = (await readFile(join(staging, 'sample.ndjson'), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as object);
  // Each with a word no other product has, so a search tells which catalog answered.
  const productOnlyInA = {
    title: "Quasarvane Runner 'Ember'",
    brand: 'Quasarvane',
    category: 'sneakers',
    price: 420,
    marketplace: 'weidian',
    item_id: '7000000001',
    created_at: '2024-05-01T00:00:00.000Z',
  };
  const productOnlyInB = {
    title: "Zephyrquill Tote 'Moss'",
    brand: 'Zephyrquill',
    category: 'bags',
    price: 199,
    marketplace: 'taobao',
    item_id: '912345678901',
    created_at: '2024-05-02T00:00:00.000Z',
  };
  // B: A without its first 40 products, with 20 others and its own product.
  a = await stage(staging, 'a', [...sample.slice(0, 300), productOnlyInA]);
  b = await stage(staging, 'b', [...sample.slice(40), productOnlyInB]);
  const slugsOfB = new Set(b.rows.map((row) => row.slug));
  const slugsOfA = new Set(a.rows.map((row) => row.slug));
  onlyA = a.rows.find((row) => row.title.startsWith('Quasarvane'))?.slug ?? '';
  onlyB = b.rows.find((row) => row.title.startsWith('Zephyrquill'))?.slug ?? '';
  kept = a.rows
    .filter((row) => slugsOfB.has(row.slug))
    .map((row) => row.slug)
    .slice(0, 12);
  expect(slugsOfB.has(onlyA) || slugsOfA.has(onlyB)).toBe(false);
  expect(kept).toHaveLength(12);

  await writeFile(agentsFile, JSON.stringify({ agents: DEFAULT_AGENTS }));
  await catalogCli('import', a.file, '--out', catalogFile);
  stack = await startStack({
    mcpReplicas: 2,
    env: {
      JWT_PRIVATE_KEYS: JSON.stringify(generateSigningKey('stack-reload')),
      // One client address drives all the load: budgets off, or the test measures 429s.
      RATE_LIMIT_PAGES: '0',
      RATE_LIMIT_MCP: '0',
      CATALOG_FILE: catalogFile,
      AGENTS_FILE: agentsFile,
      CATALOG_POLL_MS: '500',
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function health(name: string): Promise<CatalogHealth> {
  const response = await fetch(`${stack.directUrl(name)}/health.json`);
  expect(response.status, name).toBe(200);
  return ((await response.json()) as { catalog: CatalogHealth }).catalog;
}

/**
 * Polls every replica's own /health.json (not the gateway's, which is one of them) until each
 * satisfies `done`; returns their last answers and how long each took.
 */
async function waitForReplicas(
  done: (health: CatalogHealth) => boolean,
  what: string,
): Promise<{ healths: CatalogHealth[]; ms: number[] }> {
  const started = performance.now();
  const ms: (number | undefined)[] = REPLICAS.map(() => undefined);
  let healths: CatalogHealth[] = [];
  while (performance.now() - started < SWAP_WITHIN_MS) {
    healths = await Promise.all(REPLICAS.map(health));
    healths.forEach((h, i) => {
      if (ms[i] === undefined && done(h)) ms[i] = Math.round(performance.now() - started);
    });
    if (ms.every((t) => t !== undefined)) return { healths, ms: ms as number[] };
    await sleep(50);
  }
  throw new Error(
    `not every replica ${what} within ${SWAP_WITHIN_MS} ms: ${JSON.stringify(healths)}`,
  );
}

async function listingsOf(): Promise<Record<string, string>> {
  const shown: Record<string, string> = {};
  for (const path of LISTINGS) {
    const body = await (await fetch(`${stack.directUrl('web')}${path}`)).text();
    const listing = readListing(body);
    expect(listing.problem, path).toBeUndefined();
    shown[path] = listing.shown;
  }
  return shown;
}

async function searchTotalsOf(): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const word of WORDS) {
    const { result } = await callTool(stack.directUrl('mcp-1'), 'search_products', { query: word });
    totals[word] = result?.structured.total as number;
  }
  return totals;
}

/** Mixed traffic through the gateway until `stop()`; every answer kept. */
function startLoad() {
  let running = true;
  const outcomes: Outcome[] = [];
  const t0 = performance.now();
  const timed = async (
    kind: string,
    target: string,
    send: () => Promise<Omit<Outcome, 'kind' | 'target' | 'started' | 'ended'>>,
  ) => {
    const started = performance.now() - t0;
    const answer = await send().catch((err: Error) => ({
      status: (err.cause as { code?: string } | undefined)?.code ?? err.message,
    }));
    outcomes.push({ kind, target, started, ended: performance.now() - t0, ...answer });
  };
  const page = (
    kind: string,
    path: string,
    read?: (body: string) => ReturnType<typeof readListing>,
  ) =>
    timed(kind, path, async () => {
      const response = await fetch(`${stack.baseUrl}${path}`);
      const body = await response.text();
      const version = etagVersion(response.headers.get('etag'));
      return response.status === 200 && read
        ? { status: 200, version, ...read(body) }
        : { status: response.status, version };
    });
  const tool = (
    kind: string,
    name: string,
    args: Record<string, unknown>,
    check: (result: ToolResult) => { shown?: string; problem?: string },
  ) =>
    timed(kind, JSON.stringify([name, args]), async () => {
      const { status, result } = await callTool(stack.baseUrl, name, args);
      if (!result) return { status };
      if (result.isError) return { status, problem: `isError: ${result.text}` };
      return { status, ...check(result) };
    });

  const kinds: ((n: number) => Promise<void>)[] = [
    (n) => page('page', `/producto/${kept[n % kept.length]}`),
    (n) => page('page', `/producto/${kept[(n + 5) % kept.length]}.md`),
    () => page('page-only-in-a', `/producto/${onlyA}`),
    (n) => page('listing', LISTINGS[n % LISTINGS.length] as string, readListing),
    (n) => page('page', `/catalog?q=${WORDS[n % WORDS.length]}`),
    (n) =>
      // Limits vary, so the result cache does not answer every call.
      tool(
        'search',
        'search_products',
        { query: WORDS[n % WORDS.length], limit: 1 + (n % 9) },
        readSearch,
      ),
    () => tool('categories', 'list_categories', {}, readCategories),
    (n) =>
      tool(
        'shipping',
        'estimate_shipping',
        { country: 'US', items: [{ slug: kept[n % kept.length] }] },
        () => ({}),
      ),
  ];
  const loops = Array.from({ length: LOOPS }, async (_, loop) => {
    for (let n = loop; running; n++)
      await (kinds[n % kinds.length] as (n: number) => Promise<void>)(n);
  });
  return {
    now: () => performance.now() - t0,
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

/** A search_products result states its total twice: in structuredContent and in its text. */
function readSearch(result: ToolResult): { shown: string; problem?: string } {
  const total = result.structured.total as number;
  const stated = statedTotal(result.text);
  return {
    shown: String(total),
    ...(stated === total ? {} : { problem: `total ${total}, text says ${stated}` }),
  };
}

/**
 * A list_categories result: its text and structuredContent agree, and its counts are exactly
 * those of catalog A or of catalog B, never some of each.
 */
function readCategories(result: ToolResult): { shown: string; problem?: string } {
  const { categories, total } = result.structured as {
    categories: { id: string; count: number }[];
    total: number;
  };
  const counts = Object.fromEntries(
    categories.filter((c) => c.count > 0).map((c) => [c.id, c.count]),
  );
  const problems: string[] = [];
  if (!result.text.startsWith(`${total} products in `)) problems.push('text total');
  const lines = [...result.text.matchAll(/^- `([a-z-]+)` .*: (\d+) products/gm)];
  if (lines.length !== categories.length) problems.push('text lines');
  for (const [, id, n] of lines) {
    if (Number(n) !== categories.find((c) => c.id === id)?.count) problems.push(`text of ${id}`);
  }
  const same = (expected: Readonly<Record<string, number>>) =>
    JSON.stringify(sorted(expected)) === JSON.stringify(sorted(counts));
  if (!same(a.counts) && !same(b.counts)) problems.push('counts of neither A nor B');
  return {
    shown: String(total),
    ...(problems.length > 0 ? { problem: problems.join(', ') } : {}),
  };
}

function sorted(counts: Readonly<Record<string, number>>): [string, number][] {
  return Object.entries(counts).sort(([x], [y]) => x.localeCompare(y));
}

describe('a catalog file replaced under load, behind the gateway', () => {
  let versionA: string;
  let versionB: string;

  it('serves catalog A on every replica at start', async () => {
    const healths = await Promise.all(REPLICAS.map(health));
    versionA = healths[0]?.version ?? '';
    expect(versionA).toMatch(/^[0-9a-f]{16}$/);
    for (const h of healths)
      expect(h).toMatchObject({ version: versionA, reload: { status: 'ok' } });
    expect((await fetch(`${stack.baseUrl}/producto/${onlyA}`)).status).toBe(200);
    expect((await fetch(`${stack.baseUrl}/producto/${onlyB}`)).status).toBe(404);
    const search = await callTool(stack.baseUrl, 'search_products', { query: 'quasarvane' });
    expect(slugsOf(search.result)).toContain(onlyA);
  });

  it('moves every replica to B within 10 s, with no failed or mixed answer', async () => {
    const listingsA = await listingsOf();
    const totalsA = await searchTotalsOf();
    const load = startLoad();
    await sleep(1_000);
    const importStarted = performance.now();
    const swapAt = load.now();
    await catalogCli('import', b.file, '--out', catalogFile);
    const importMs = Math.round(performance.now() - importStarted);
    const { healths, ms } = await waitForReplicas((h) => h.version !== versionA, 'served B');
    const servedAt = load.now();
    await sleep(1_000);
    const outcomes = await load.stop();

    versionB = healths[0]?.version ?? '';
    expect(versionB).toMatch(/^[0-9a-f]{16}$/);
    expect(versionB).not.toBe(versionA);
    for (const h of healths)
      expect(h).toMatchObject({ version: versionB, reload: { status: 'ok' } });
    const listingsB = await listingsOf();
    const totalsB = await searchTotalsOf();
    // The unfiltered listing counts every product of the file it was read from.
    const unfiltered = (shown: string | undefined) =>
      Object.fromEntries(
        Object.entries(
          (JSON.parse(shown ?? '{}') as { facets: Record<string, number> }).facets,
        ).filter(([, n]) => n > 0),
      );
    expect(unfiltered(listingsA['/catalog.md'])).toEqual(a.counts);
    expect(unfiltered(listingsB['/catalog.md'])).toEqual(b.counts);
    // The check below can only tell the versions apart where they differ.
    for (const path of LISTINGS) expect(listingsB[path], path).not.toBe(listingsA[path]);
    expect(WORDS.some((word) => totalsA[word] !== totalsB[word])).toBe(true);

    console.log(
      `catalog swap: import ${importMs} ms; web, mcp-1, mcp-2 on B ${ms.join(', ')} ms after it; ` +
        `${outcomes.length} requests (${outcomes.filter((o) => o.started < swapAt).length} before the import)`,
    );
    // Zero 5xx and connection errors: only the product that left may answer anything but 200.
    const failed = outcomes.filter(
      (o) => o.status !== 200 && !(o.kind === 'page-only-in-a' && o.status === 404),
    );
    expect(failed).toEqual([]);
    expect(outcomes.filter((o) => o.problem !== undefined)).toEqual([]);
    expect(outcomes.filter((o) => o.started < swapAt).length).toBeGreaterThan(LOOPS * 4);
    expect(outcomes.filter((o) => o.started > servedAt).length).toBeGreaterThan(LOOPS * 4);

    // Web pages name their version in the ETag; a listing of version A shows A's result only.
    const versions: Record<string, Record<string, string>> = {
      [versionA]: listingsA,
      [versionB]: listingsB,
    };
    const pages = outcomes.filter((o) => o.status === 200 && o.kind.startsWith('page'));
    for (const o of [...pages, ...outcomes.filter((x) => x.kind === 'listing')]) {
      expect([versionA, versionB], o.target).toContain(o.version);
    }
    const mixed = outcomes.filter(
      (o) => o.kind === 'listing' && o.shown !== versions[o.version ?? '']?.[o.target],
    );
    expect(mixed).toEqual([]);
    const searches = outcomes.filter((o) => o.kind === 'search');
    for (const o of searches) {
      const word = (JSON.parse(o.target) as [string, { query: string }])[1].query;
      expect([totalsA[word], totalsB[word]].map(String), o.target).toContain(o.shown);
    }
    // Once the one web process answered from B, it never answers from A again.
    const web = outcomes.filter((o) => o.version !== undefined || o.kind === 'page-only-in-a');
    const firstB = Math.min(
      ...web.filter((o) => o.version === versionB || o.status === 404).map((o) => o.ended),
    );
    const backToA = web.filter(
      (o) =>
        o.started > firstB &&
        (o.version === versionA || (o.kind === 'page-only-in-a' && o.status === 200)),
    );
    expect(backToA).toEqual([]);
    // The swap happened while the load ran: both versions were served during it.
    const gone = outcomes.filter((o) => o.kind === 'page-only-in-a');
    expect(gone.some((o) => o.status === 200)).toBe(true);
    expect(gone.some((o) => o.status === 404)).toBe(true);
    const categories = outcomes.filter((o) => o.kind === 'categories').map((o) => o.shown);
    expect(new Set(categories)).toEqual(new Set([String(a.rows.length), String(b.rows.length)]));
  });

  it('serves the product only in B, and no longer the one only in A, on pages and tools', async () => {
    const page = await fetch(`${stack.baseUrl}/producto/${onlyB}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Zephyrquill Tote');
    expect((await fetch(`${stack.baseUrl}/producto/${onlyB}.md`)).status).toBe(200);
    expect((await fetch(`${stack.baseUrl}/producto/${onlyA}`)).status).toBe(404);
    expect((await fetch(`${stack.baseUrl}/producto/${onlyA}.md`)).status).toBe(404);
    const health = (await (await fetch(`${stack.baseUrl}/health.json`)).json()) as {
      catalog: { products: number };
    };
    expect(health.catalog.products).toBe(b.rows.length);

    for (const base of [stack.baseUrl, stack.directUrl('mcp-1'), stack.directUrl('mcp-2')]) {
      const found = await callTool(base, 'search_products', { query: 'zephyrquill' });
      expect(slugsOf(found.result), base).toContain(onlyB);
      const gone = await callTool(base, 'search_products', { query: 'quasarvane' });
      expect(gone.result?.isError, base).toBe(false);
      expect(slugsOf(gone.result), base).not.toContain(onlyA);
      const shipping = await callTool(base, 'estimate_shipping', {
        country: 'US',
        items: [{ slug: onlyB }],
      });
      expect(shipping.result, base).toMatchObject({ isError: false });
      const unknown = await callTool(base, 'estimate_shipping', {
        country: 'US',
        items: [{ slug: onlyA }],
      });
      expect(unknown.result?.isError, base).toBe(true);
      expect(unknown.result?.text, base).toContain(onlyA);
    }
  });

  it('keeps B on every replica when the new file has no valid row, and says the reload failed', async () => {
    await replaceFile(catalogFile, 'not a catalog\n{"title": 42}\n');
    const { healths } = await waitForReplicas(
      (h) => h.reload.status === 'failed',
      'reported the failed reload',
    );
    for (const h of healths) {
      expect(h.version).toBe(versionB);
      expect(h.reload.error).toMatch(/no valid product/);
    }
    expect((await fetch(`${stack.baseUrl}/producto/${onlyB}`)).status).toBe(200);
    for (const name of ['mcp-1', 'mcp-2']) {
      const found = await callTool(stack.directUrl(name), 'search_products', {
        query: 'zephyrquill',
      });
      expect(slugsOf(found.result), name).toContain(onlyB);
    }
  });

  it('recovers without a restart when a good catalog is imported again', async () => {
    await catalogCli('import', a.file, '--out', catalogFile);
    const { healths } = await waitForReplicas(
      (h) => h.reload.status === 'ok' && h.version !== versionB,
      'recovered',
    );
    // The same files name the same version: A's, as at start.
    for (const h of healths)
      expect(h).toMatchObject({ version: versionA, reload: { status: 'ok' } });
    expect(healths[0]?.reload.error).toBeUndefined();
    expect((await fetch(`${stack.baseUrl}/producto/${onlyA}`)).status).toBe(200);
    expect((await fetch(`${stack.baseUrl}/producto/${onlyB}`)).status).toBe(404);
  });

  it('keeps the catalog when the agents file turns bad, and recovers when it is fixed', async () => {
    await replaceFile(agentsFile, '{"agents": [');
    const failed = await waitForReplicas(
      (h) => h.reload.status === 'failed',
      'reported the bad agents file',
    );
    for (const h of failed.healths) {
      expect(h.version).toBe(versionA);
      expect(h.reload.error).toMatch(/agents file .* is not valid JSON/);
    }
    expect((await fetch(`${stack.baseUrl}/producto/${onlyA}`)).status).toBe(200);
    const offers = await callTool(stack.baseUrl, 'get_agent_offers', {});
    expect(offers.result?.isError).toBe(false);

    // The same agents, other bytes: a new version.
    await replaceFile(agentsFile, JSON.stringify({ agents: DEFAULT_AGENTS }, null, 2));
    const { healths } = await waitForReplicas(
      (h) => h.reload.status === 'ok' && h.version !== versionA,
      'recovered from the bad agents file',
    );
    const version = healths[0]?.version;
    expect(version).not.toBe(versionB);
    for (const h of healths) expect(h).toMatchObject({ version, reload: { status: 'ok' } });
  });
});
