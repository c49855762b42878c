import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import type { Product } from '@repo/catalog-core';
import { DEFAULT_AGENTS, DEFAULT_CURRENCY_RATES } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import type { CatalogConfig } from '@repo/env';
import { readIndexVersion } from '@repo/search/meilisearch';
import { type MeilisearchModel, startMeilisearchModel } from '@repo/search/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { indexCommand } from '../../src/cli/index-command.js';
import { type LiveCatalog, openLiveCatalog } from '../../src/live/live-catalog.js';
import { writeCatalogFile } from '../../src/write-catalog-file.js';
import { tempDir } from '../helper.js';

// A process serving a Meilisearch index notices `catalog index` swapping a new one in: the
// version `catalog index` stored with the index is polled, and a new one is a new CatalogVersion.

const POLL_MS = 50;
const SOON = { timeout: 5_000, interval: 20 };
const OLD = generateSampleCatalog({ count: 50, seed: 11 });
const ADDED = generateSampleCatalog({ count: 1, seed: 99 })[0] as Product;

/** A TCP relay to the model that can stop answering, as a Meilisearch that went away. */
async function relay(target: string) {
  const { port } = new URL(target);
  const sockets = new Set<Socket>();
  let down = false;
  const server = createServer((socket) => {
    if (down) {
      socket.destroy();
      return;
    }
    const upstream = connect(Number(port), '127.0.0.1');
    for (const s of [socket, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => socket.destroy());
    }
    socket.pipe(upstream).pipe(socket);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    set down(value: boolean) {
      down = value;
      // Kept-alive connections must not carry on answering.
      if (value) for (const socket of sockets) socket.destroy();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

let model: MeilisearchModel;
let live: LiveCatalog | undefined;
const logged: { level: string; message: string }[] = [];
const log = {
  info: (_: object, message: string) => logged.push({ level: 'info', message }),
  warn: (_: object, message: string) => logged.push({ level: 'warn', message }),
};

beforeEach(async () => {
  model = await startMeilisearchModel();
  logged.length = 0;
  // `catalog index` reads only these; none may leak in from the shell.
  vi.stubEnv('MEILISEARCH_URL', model.url);
  for (const name of ['MEILISEARCH_API_KEY', 'MEILISEARCH_INDEX', 'LEXICON_FILE']) {
    vi.stubEnv(name, undefined);
  }
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(async () => {
  await live?.close();
  live = undefined;
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await model.close();
});

/** Writes `products` to a catalog file and runs `catalog index FILE` on it. */
async function catalogIndex(products: readonly Product[]): Promise<string> {
  const file = join(await tempDir(), 'catalog.ndjson');
  await writeCatalogFile(file, products);
  expect(await indexCommand({ positionals: [file], values: {} })).toBe(0);
  return file;
}

const stored = async (host = model.url) => readIndexVersion({ host, indexUid: 'products' });

const config = (host = model.url, extra: Partial<CatalogConfig> = {}): CatalogConfig => ({
  engine: 'meilisearch',
  meilisearch: { host, indexUid: 'products', timeoutMs: 1_000 },
  ...extra,
});

const open = async (catalog: CatalogConfig) => {
  live = await openLiveCatalog(catalog, log, { pollMs: POLL_MS, settleMs: 20 });
  return live;
};

describe('openLiveCatalog on Meilisearch: the version stored with the index', () => {
  it('serves each index `catalog index` swaps in, as a new version, within a poll', async () => {
    const oldFile = await catalogIndex(OLD);
    const first = await stored();
    const catalog = await open(config());
    const before = catalog.current;
    expect(before.version).toBe(first?.version);
    expect(before.loadedAt).toEqual(first?.indexedAt);
    // The same file names the same version on the embedded engine (no agents file).
    const embedded = await openLiveCatalog({ engine: 'embedded', file: oldFile }, undefined, {
      watch: false,
    });
    expect(embedded.current.version).toBe(before.version);
    await embedded.close();
    expect(await before.index.getBySlug(ADDED.slug)).toBeUndefined();

    await catalogIndex([...OLD, ADDED]);
    const second = await stored();
    expect(second?.version).not.toBe(first?.version);
    await vi.waitFor(() => expect(catalog.current.version).toBe(second?.version), SOON);
    const after = catalog.current;
    // A new object: every cache kept per version (WeakMaps keyed by it) goes with the old one.
    expect(after).not.toBe(before);
    expect(after.loadedAt).toEqual(second?.indexedAt);
    expect(catalog.lastReload.status).toBe('ok');
    const { hits } = await after.index.search({ q: ADDED.title });
    expect(hits.map((p) => p.slug)).toContain(ADDED.slug);
    expect(logged).toContainEqual({ level: 'info', message: 'catalog reloaded' });
  });

  it('keeps the version when the same file is indexed again', async () => {
    const file = await catalogIndex(OLD);
    const catalog = await open(config());
    const before = catalog.current;
    expect(await indexCommand({ positionals: [file], values: {} })).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 6));
    expect(catalog.current).toBe(before);
  });

  it('names an index filled before versions `unversioned`, then takes the stored version', async () => {
    // What an older `catalog index` left: the catalog's index, no version beside it.
    const created = await fetch(`${model.url}/indexes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uid: 'products', primaryKey: 'slug' }),
    });
    expect(created.status).toBe(202);
    const catalog = await open(config());
    const before = catalog.current;
    expect(before.version).toBe('unversioned');
    await catalogIndex(OLD);
    const now = await stored();
    await vi.waitFor(() => expect(catalog.current.version).toBe(now?.version), SOON);
    expect(catalog.current).not.toBe(before);
  });

  it('serves on while Meilisearch does not answer a poll, then takes the new version', async () => {
    const engine = await relay(model.url);
    try {
      await catalogIndex(OLD);
      const catalog = await open(config(engine.url));
      const before = catalog.current;
      engine.down = true;
      await vi.waitFor(() => expect(logged.some((l) => l.level === 'warn')).toBe(true), SOON);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS * 6));
      // No reload was tried: none failed, and the outage is one warning, not one per poll.
      expect(catalog.current).toBe(before);
      expect(catalog.lastReload.status).toBe('ok');
      expect(logged.filter((l) => l.level === 'warn')).toHaveLength(1);

      await catalogIndex([...OLD, ADDED]);
      engine.down = false;
      const now = await stored();
      await vi.waitFor(() => expect(catalog.current.version).toBe(now?.version), SOON);
    } finally {
      await engine.close();
    }
  });

  it('opens when Meilisearch does not answer at start, and takes the stored version once it does', async () => {
    const engine = await relay(model.url);
    try {
      await catalogIndex(OLD);
      engine.down = true;
      const catalog = await open(config(engine.url));
      expect(catalog.current.version).toBe('unversioned');
      engine.down = false;
      const now = await stored();
      await vi.waitFor(() => expect(catalog.current.version).toBe(now?.version), SOON);
      expect(catalog.current.loadedAt).toEqual(now?.indexedAt);
    } finally {
      await engine.close();
    }
  });

  it('still reloads a changed agents file, under the same index version', async () => {
    await catalogIndex(OLD);
    const index = (await stored())?.version;
    const agentsFile = join(await tempDir(), 'agents.json');
    await writeFile(agentsFile, JSON.stringify({ agents: DEFAULT_AGENTS }));
    const catalog = await open(config(model.url, { agentsFile }));
    const before = catalog.current;
    // The process's own files follow the index's version: they change what it serves.
    expect(before.version).toMatch(new RegExp(`^${index}\\+[0-9a-f]{16}$`));

    const recoded = DEFAULT_AGENTS.map((agent) => ({ ...agent, affiliate_code: 'new-code' }));
    await writeFile(agentsFile, JSON.stringify({ agents: recoded }));
    await vi.waitFor(() => expect(catalog.current).not.toBe(before), SOON);
    expect(catalog.current.version).toMatch(new RegExp(`^${index}\\+`));
    expect(catalog.current.version).not.toBe(before.version);
    expect(catalog.current.agents[0]?.affiliate_code).toBe('new-code');
  });

  it('reloads a changed rates file under the same index version, and its queries convert at it', async () => {
    await catalogIndex(OLD);
    const index = (await stored())?.version;
    const ratesFile = join(await tempDir(), 'rates.json');
    const { CNY: _base, ...quoted } = DEFAULT_CURRENCY_RATES.cny_per_unit;
    const rates = (USD: number) =>
      JSON.stringify({ as_of: '2026-11-20', cny_per_unit: { ...quoted, USD } });
    await writeFile(ratesFile, rates(10));
    const catalog = await open(config(model.url, { ratesFile }));
    const before = catalog.current;
    // The rates are the process's own, not the index's: they follow its version.
    expect(before.version).toMatch(new RegExp(`^${index}\\+[0-9a-f]{16}$`));
    const cny = async () =>
      (await catalog.current.index.search({ q: 'hoodie under 20' })).interpretation?.maxPrice?.cny;
    expect(await cny()).toBe(200);

    await writeFile(ratesFile, '{"as_of": "2026-11-20", "cny_per_unit": {"USD": 0}}');
    await vi.waitFor(() => expect(catalog.lastReload.status).toBe('failed'), SOON);
    expect(catalog.lastReload.error).toMatch(/RATES_INVALID|Invalid currency rates/);
    expect(catalog.current).toBe(before);

    await writeFile(ratesFile, rates(5));
    await vi.waitFor(() => expect(catalog.current).not.toBe(before), SOON);
    expect(catalog.current.version).toMatch(new RegExp(`^${index}\\+`));
    expect(catalog.current.version).not.toBe(before.version);
    expect(catalog.current.rates.cny_per_unit.USD).toBe(5);
    expect(await cny()).toBe(100);
  });

  it('tries a new index once when the agents file is bad, then again when it is fixed', async () => {
    await catalogIndex(OLD);
    const agentsFile = join(await tempDir(), 'agents.json');
    await writeFile(agentsFile, JSON.stringify({ agents: DEFAULT_AGENTS }));
    const catalog = await open(config(model.url, { agentsFile }));
    const before = catalog.current;
    await writeFile(agentsFile, '{ "agents": [');
    await vi.waitFor(() => expect(catalog.lastReload.status).toBe('failed'), SOON);

    await catalogIndex([...OLD, ADDED]);
    const now = await stored();
    const failedAt = catalog.lastReload.at;
    await vi.waitFor(() => expect(catalog.lastReload.at).not.toEqual(failedAt), SOON);
    const tried = catalog.lastReload;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 6));
    // One try for the new index, not one per poll; the old version serves meanwhile.
    expect(catalog.lastReload).toBe(tried);
    expect(tried.status).toBe('failed');
    expect(catalog.current).toBe(before);

    await writeFile(agentsFile, JSON.stringify({ agents: DEFAULT_AGENTS }));
    await vi.waitFor(() => expect(catalog.current.version).toMatch(`${now?.version}+`), SOON);
    expect(catalog.lastReload.status).toBe('ok');
  });
});
