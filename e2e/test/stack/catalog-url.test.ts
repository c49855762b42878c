import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateSigningKey } from '@repo/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, slugsOf } from '../../src/reload/call-tool.js';
import { backToA, LOOPS, startMixedLoad } from '../../src/reload/mixed-load.js';
import {
  type CatalogHealth,
  replicaHealths,
  waitForReplicas,
} from '../../src/reload/replica-health.js';
import { type SheetServer, startSheetServer } from '../../src/sheet/sheet-server.js';
import { type Sheets, stageSheets } from '../../src/sheet/stage-sheets.js';
import { type Stack, startStack } from '../../src/stack.js';

// CATALOG_URL as a deployment runs it: web and two mcp replicas behind the gateway, each with
// its own DATA_DIR, all given the same Google Sheets link, each fetching it on its own. The
// sheet is edited while the gateway serves a load: every replica must reach the same new version
// within one poll and 10 s more, and no request may fail meanwhile. A sheet that stops being
// shared (its link answers a sign-in page) must leave every replica serving what it had.

const POLL_S = 5;
const WITHIN_MS = (POLL_S + 10) * 1_000;
const REPLICAS = ['web', 'mcp-1', 'mcp-2'];

let stack: Stack;
let sheet: SheetServer;
let dir: string;
let sheets: Sheets;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'catalog-url-'));
  sheets = await stageSheets(dir);
  expect(sheets.b.rows.map((row) => row.slug)).not.toContain(sheets.onlyA);
  expect(sheets.a.rows.map((row) => row.slug)).not.toContain(sheets.onlyB);
  expect(sheets.repriced.after).not.toBe(sheets.repriced.before);
  expect(sheets.kept).toHaveLength(12);

  sheet = await startSheetServer();
  sheet.serve(sheets.a.bytes);
  stack = await startStack({
    mcpReplicas: 2,
    ownDataDirs: true,
    env: {
      JWT_PRIVATE_KEYS: JSON.stringify(generateSigningKey('stack-catalog-url')),
      // One client address drives all the load: budgets off, or the test measures 429s.
      RATE_LIMIT_PAGES: '0',
      RATE_LIMIT_MCP: '0',
      CATALOG_URL: sheet.url,
      CATALOG_URL_POLL_S: String(POLL_S),
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  await sheet?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The web's /health.json as the gateway answers it (the gateway sends /health.json to web). */
async function gatewayHealth(): Promise<CatalogHealth> {
  const response = await fetch(`${stack.baseUrl}/health.json`);
  return ((await response.json()) as { catalog: CatalogHealth }).catalog;
}

/** The CNY price a product's Markdown page shows (`**Price:** **¥1,234.00** ≈ …`). */
function shownPrice(markdown: string): number | undefined {
  const price = /^\*\*Price:\*\* \*\*¥([\d,.]+)\*\*/m.exec(markdown)?.[1];
  return price === undefined ? undefined : Number(price.replaceAll(',', ''));
}

const downloads = () => sheet.requests.filter((r) => r.kind === 'download' && r.status === 200);

describe('a catalog read from a Google Sheets link, behind the gateway', () => {
  let versionA: string;
  let versionB: string;

  it('serves the sheet on every replica at start, each having fetched it once', async () => {
    const healths = await replicaHealths(stack);
    versionA = healths[0]?.version ?? '';
    expect(versionA).toMatch(/^[0-9a-f]{16}$/);
    for (const h of healths) {
      expect(h).toMatchObject({ version: versionA, source: 'url', reload: { status: 'ok' } });
    }
    expect(await gatewayHealth()).toMatchObject({ version: versionA, source: 'url' });
    expect(downloads()).toHaveLength(REPLICAS.length);
    // Each replica keeps its own copy of the last good download, in its own DATA_DIR.
    for (const name of REPLICAS) {
      const [folder] = await readdir(join(stack.dataDir(name), 'catalog-url'));
      const kept = await readdir(join(stack.dataDir(name), 'catalog-url', folder ?? ''));
      expect(kept.sort(), name).toEqual(['catalog.xlsx', 'meta.json']);
    }
    expect((await fetch(`${stack.baseUrl}/producto/${sheets.onlyA}`)).status).toBe(200);
    expect((await fetch(`${stack.baseUrl}/producto/${sheets.onlyB}`)).status).toBe(404);
    const page = await fetch(`${stack.baseUrl}/producto/${sheets.repriced.slug}.md`);
    expect(shownPrice(await page.text())).toBe(sheets.repriced.before);
  });

  it('asks again every poll, and an unchanged sheet costs a 304, not a download', async () => {
    await waitForReplicas(
      stack,
      (h) => Date.parse(h.fetched_at ?? '') > Date.parse(h.loaded_at),
      'polled the unchanged sheet',
      WITHIN_MS,
    );
    expect(downloads()).toHaveLength(REPLICAS.length);
    const notModified = sheet.requests.filter((r) => r.status === 304);
    expect(notModified.length).toBeGreaterThanOrEqual(REPLICAS.length);
    for (const r of notModified) expect(r).toMatchObject({ kind: 'download', conditional: true });
  });

  it(`moves every replica to the edited sheet within ${POLL_S} + 10 s, with no failed request`, async () => {
    const { a, b, kept, onlyA } = sheets;
    const load = startMixedLoad({
      baseUrl: stack.baseUrl,
      kept,
      onlyA,
      counts: [a.counts, b.counts],
      maxRequests: 50_000,
    });
    await sleep(1_000);
    const editedAt = load.now();
    const requestsBefore = sheet.requests.length;
    sheet.serve(b.bytes);
    const { healths, ms } = await waitForReplicas(
      stack,
      (h) => h.version !== versionA,
      'served the edited sheet',
      WITHIN_MS,
    );
    const servedAt = load.now();
    await sleep(1_000);
    const outcomes = await load.stop();

    versionB = healths[0]?.version ?? '';
    expect(versionB).toMatch(/^[0-9a-f]{16}$/);
    expect(versionB).not.toBe(versionA);
    for (const h of healths) {
      expect(h).toMatchObject({ version: versionB, source: 'url', reload: { status: 'ok' } });
    }
    expect(await gatewayHealth()).toMatchObject({ version: versionB, reload: { status: 'ok' } });
    // Unchanged polls cost a 304; the edit costs one download a replica.
    const during = sheet.requests.slice(requestsBefore);
    expect(during.filter((r) => r.kind === 'download' && r.status === 200)).toHaveLength(3);

    const failed = outcomes.filter(
      (o) => o.status !== 200 && !(o.kind === 'page-only-in-a' && o.status === 404),
    );
    console.log(
      `sheet edit: web, mcp-1, mcp-2 on the new version ${ms.join(', ')} ms after it ` +
        `(poll ${POLL_S} s); ${outcomes.length} requests through the gateway ` +
        `(${outcomes.filter((o) => o.started < editedAt).length} before the edit), ${failed.length} failed; ` +
        `the link answered ${sheet.requests.length} requests, ${downloads().length} of them downloads`,
    );
    // Zero 5xx and connection errors: only the product that left may answer anything but 200.
    expect(failed).toEqual([]);
    expect(outcomes.filter((o) => o.problem !== undefined)).toEqual([]);
    expect(outcomes.filter((o) => o.started < editedAt).length).toBeGreaterThan(LOOPS * 4);
    expect(outcomes.filter((o) => o.started > servedAt).length).toBeGreaterThan(LOOPS * 4);
    for (const o of outcomes.filter((x) => x.version !== undefined)) {
      expect([versionA, versionB], o.target).toContain(o.version);
    }
    expect(backToA(outcomes, versionA, versionB)).toEqual([]);
    const gone = outcomes.filter((o) => o.kind === 'page-only-in-a');
    expect(gone.some((o) => o.status === 200)).toBe(true);
    expect(gone.some((o) => o.status === 404)).toBe(true);
  });

  it('serves the added product and the new price, and not the removed product, on web and both mcp replicas', async () => {
    const { onlyA, onlyB, repriced } = sheets;
    for (const base of [stack.baseUrl, stack.directUrl('web')]) {
      const page = await fetch(`${base}/producto/${onlyB}`);
      expect(page.status, base).toBe(200);
      expect(await page.text(), base).toContain('Zephyrquill Tote');
      expect((await fetch(`${base}/producto/${onlyA}`)).status, base).toBe(404);
      expect((await fetch(`${base}/producto/${onlyA}.md`)).status, base).toBe(404);
      const markdown = await (await fetch(`${base}/producto/${repriced.slug}.md`)).text();
      expect(shownPrice(markdown), base).toBe(repriced.after);
    }
    for (const base of [stack.baseUrl, stack.directUrl('mcp-1'), stack.directUrl('mcp-2')]) {
      const found = await callTool(base, 'search_products', { query: 'zephyrquill' });
      expect(slugsOf(found.result), base).toContain(onlyB);
      const gone = await callTool(base, 'search_products', { query: 'quasarvane' });
      expect(gone.result?.isError, base).toBe(false);
      expect(slugsOf(gone.result), base).not.toContain(onlyA);
      const title = sheets.b.rows.find((row) => row.slug === repriced.slug)?.title ?? '';
      const search = await callTool(base, 'search_products', { query: title, limit: 20 });
      const items = (search.result?.structured.items ?? []) as {
        slug: string;
        price: { amount: number };
      }[];
      expect(items.find((item) => item.slug === repriced.slug)?.price.amount, base).toBe(
        repriced.after,
      );
    }
  });

  it('keeps the version on every replica when the link answers a sign-in page, saying the sheet is not shared', async () => {
    sheet.serveSignIn();
    const { healths, ms } = await waitForReplicas(
      stack,
      (h) => h.reload.status === 'failed',
      'reported the sign-in page',
      WITHIN_MS,
    );
    console.log(`sign-in page: web, mcp-1, mcp-2 reported it ${ms.join(', ')} ms after it`);
    for (const h of healths) {
      expect(h.version).toBe(versionB);
      expect(h.reload.error).toMatch(/not shared/);
    }
    expect(await gatewayHealth()).toMatchObject({
      version: versionB,
      reload: { status: 'failed' },
    });
    expect(sheet.requests.some((r) => r.kind === 'sign-in')).toBe(true);
    expect((await fetch(`${stack.baseUrl}/producto/${sheets.onlyB}`)).status).toBe(200);
    for (const name of ['mcp-1', 'mcp-2']) {
      const found = await callTool(stack.directUrl(name), 'search_products', {
        query: 'zephyrquill',
      });
      expect(slugsOf(found.result), name).toContain(sheets.onlyB);
    }
  });

  it('recovers on every replica, without a restart, when the sheet is shared again', async () => {
    // The first version's bytes again: the same bytes name the same version on every replica.
    sheet.serve(sheets.a.bytes);
    const { healths, ms } = await waitForReplicas(
      stack,
      (h) => h.reload.status === 'ok' && h.version !== versionB,
      'recovered',
      WITHIN_MS,
    );
    console.log(`shared again: web, mcp-1, mcp-2 recovered ${ms.join(', ')} ms after it`);
    for (const h of healths) {
      expect(h).toMatchObject({ version: versionA, reload: { status: 'ok' } });
      expect(h.reload.error).toBeUndefined();
    }
    expect(await gatewayHealth()).toMatchObject({ version: versionA, reload: { status: 'ok' } });
    expect((await fetch(`${stack.baseUrl}/producto/${sheets.onlyA}`)).status).toBe(200);
    expect((await fetch(`${stack.baseUrl}/producto/${sheets.onlyB}`)).status).toBe(404);
  });
});
