import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_AGENTS } from '@repo/catalog-core';
import { generateSigningKey } from '@repo/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, slugsOf } from '../../src/reload/call-tool.js';
import { backToA, LOOPS, startMixedLoad } from '../../src/reload/mixed-load.js';
import {
  LISTINGS,
  listingsOf,
  searchTotalsOf,
  shownCounts,
  WORDS,
} from '../../src/reload/one-version.js';
import { replicaHealths, waitForReplicas } from '../../src/reload/replica-health.js';
import {
  BAD_CATALOG,
  importCatalog,
  replaceFile,
  type Staged,
  stageCatalogs,
} from '../../src/reload/stage-catalogs.js';
import { type Stack, startStack } from '../../src/stack.js';

// The catalog file replaced while the gateway, web and two mcp replicas serve it under load, the
// way an operator does it: `catalog import --out` the served file. Every replica must move to the
// new version on its own, no request may fail or read half of one version and half of the other,
// and a bad file must leave the old version serving until a good one comes.

let stack: Stack;
let dir: string;
let catalogFile: string;
let agentsFile: string;
let a: Staged;
let b: Staged;
let onlyA: string;
let onlyB: string;
let kept: readonly string[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'catalog-reload-'));
  ({ catalogFile, agentsFile, a, b, onlyA, onlyB, kept } = await stageCatalogs(dir));
  expect(b.rows.map((row) => row.slug)).not.toContain(onlyA);
  expect(a.rows.map((row) => row.slug)).not.toContain(onlyB);
  expect(kept).toHaveLength(12);

  await importCatalog(a.file, catalogFile);
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

describe('a catalog file replaced under load, behind the gateway', () => {
  let versionA: string;
  let versionB: string;

  it('serves catalog A on every replica at start', async () => {
    const healths = await replicaHealths(stack);
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
    const listingsA = await listingsOf(stack.directUrl('web'));
    const totalsA = await searchTotalsOf(stack.directUrl('mcp-1'));
    const load = startMixedLoad({
      baseUrl: stack.baseUrl,
      kept,
      onlyA,
      counts: [a.counts, b.counts],
    });
    await sleep(1_000);
    const importStarted = performance.now();
    const swapAt = load.now();
    await importCatalog(b.file, catalogFile);
    const importMs = Math.round(performance.now() - importStarted);
    const { healths, ms } = await waitForReplicas(stack, (h) => h.version !== versionA, 'served B');
    const servedAt = load.now();
    await sleep(1_000);
    const outcomes = await load.stop();

    versionB = healths[0]?.version ?? '';
    expect(versionB).toMatch(/^[0-9a-f]{16}$/);
    expect(versionB).not.toBe(versionA);
    for (const h of healths)
      expect(h).toMatchObject({ version: versionB, reload: { status: 'ok' } });
    const listingsB = await listingsOf(stack.directUrl('web'));
    const totalsB = await searchTotalsOf(stack.directUrl('mcp-1'));
    // The unfiltered listing counts every product of the file it was read from.
    expect(shownCounts(listingsA['/catalog.md'])).toEqual(a.counts);
    expect(shownCounts(listingsB['/catalog.md'])).toEqual(b.counts);
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
    expect(backToA(outcomes, versionA, versionB)).toEqual([]);
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
    await replaceFile(catalogFile, BAD_CATALOG);
    const { healths } = await waitForReplicas(
      stack,
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
    await importCatalog(a.file, catalogFile);
    const { healths } = await waitForReplicas(
      stack,
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
      stack,
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
      stack,
      (h) => h.reload.status === 'ok' && h.version !== versionA,
      'recovered from the bad agents file',
    );
    const version = healths[0]?.version;
    expect(version).not.toBe(versionB);
    for (const h of healths) expect(h).toMatchObject({ version, reload: { status: 'ok' } });
  });
});
