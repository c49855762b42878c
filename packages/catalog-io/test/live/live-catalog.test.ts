import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DEFAULT_AGENTS, DEFAULT_CURRENCY_RATES } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  type CatalogVersion,
  type LiveCatalog,
  openLiveCatalog,
} from '../../src/live/live-catalog.js';
import { writeCatalogFile } from '../../src/write-catalog-file.js';
import { tempDir } from '../helper.js';

const all = generateSampleCatalog({ count: 120 });
// A and B share 80 products; 20 are only in A, 20 only in B.
const A = all.slice(0, 100);
const B = all.slice(20, 120);
const onlyA = all[0]!.slug;
const onlyB = all[110]!.slug;

async function open(
  file: string,
  options: { pollMs?: number; agentsFile?: string; ratesFile?: string } = {},
) {
  const catalog = await openLiveCatalog(
    {
      engine: 'embedded',
      file,
      ...(options.agentsFile ? { agentsFile: options.agentsFile } : {}),
      ...(options.ratesFile ? { ratesFile: options.ratesFile } : {}),
    },
    undefined,
    { pollMs: options.pollMs ?? 100, settleMs: 50 },
  );
  onTestFinished(() => catalog.close());
  return catalog;
}

/** A rates file: the default rates, some changed. */
function ratesWith(changes: Record<string, number>) {
  const { CNY: _base, ...quoted } = DEFAULT_CURRENCY_RATES.cny_per_unit;
  return { as_of: '2026-11-20', cny_per_unit: { ...quoted, ...changes } };
}

const waitForNewVersion = (catalog: LiveCatalog, old: string) =>
  vi.waitFor(() => expect(catalog.current.version).not.toBe(old), { timeout: 5_000, interval: 50 });

describe('openLiveCatalog', () => {
  it('serves a file renamed over the old one, as a new version built beside it', async () => {
    const file = join(await tempDir(), 'catalog.ndjson');
    await writeCatalogFile(file, A);
    const catalog = await open(file);
    const first = catalog.current;
    expect(first.version).toMatch(/^[0-9a-f]{16}$/);
    expect(await first.index.getBySlug(onlyA)).toBeDefined();

    await writeCatalogFile(file, B);
    await waitForNewVersion(catalog, first.version);
    const second = catalog.current;
    expect(await second.index.getBySlug(onlyB)).toBeDefined();
    expect(await second.index.getBySlug(onlyA)).toBeUndefined();
    expect(second.loadedAt.getTime()).toBeGreaterThanOrEqual(first.loadedAt.getTime());
    expect(catalog.lastReload.status).toBe('ok');
    // A request that took the first version reads it to its end.
    expect(await first.index.getBySlug(onlyA)).toBeDefined();
    expect((await first.index.search({})).total).toBe(100);
  });

  it('names the same files with the same version in every process, and keeps it when saved unchanged', async () => {
    const file = join(await tempDir(), 'catalog.ndjson');
    await writeCatalogFile(file, A);
    const one = await open(file);
    const two = await open(file);
    expect(one.current.version).toBe(two.current.version);

    const before = one.current;
    await writeCatalogFile(file, A);
    expect((await one.reload()).status).toBe('ok');
    expect(one.current).toBe(before);
  });

  it('opens nothing again when a reload finds the version it serves', async () => {
    const file = join(await tempDir(), 'catalog.ndjson');
    await writeCatalogFile(file, A);
    const opened: string[] = [];
    const catalog = await openLiveCatalog(
      { engine: 'embedded', file },
      { info: (_fields, msg) => opened.push(msg), warn: () => undefined },
      { watch: false },
    );
    onTestFinished(() => catalog.close());
    const before = catalog.current;
    expect(opened.filter((msg) => msg === 'catalog indexed')).toHaveLength(1);

    // A signal after the file watch's own reload, or the same bytes saved again: the worker
    // names the version and stops there, and the index is not read again only to be dropped.
    expect((await catalog.reload()).status).toBe('ok');
    await writeCatalogFile(file, A);
    expect((await catalog.reload()).status).toBe('ok');
    expect(catalog.current).toBe(before);
    expect(opened.filter((msg) => msg === 'catalog indexed')).toHaveLength(1);

    await writeCatalogFile(file, B);
    expect((await catalog.reload()).status).toBe('ok');
    expect(catalog.current).not.toBe(before);
    expect(opened.filter((msg) => msg === 'catalog indexed')).toHaveLength(2);
  });

  it('notices a renamed file from file events alone, with no poll', async () => {
    const dir = await tempDir();
    const file = join(dir, 'catalog.ndjson');
    await writeCatalogFile(file, A);
    const catalog = await open(file, { pollMs: 0 });
    const old = catalog.current.version;
    await writeCatalogFile(join(dir, 'next.ndjson'), B);
    await rename(join(dir, 'next.ndjson'), file);
    await waitForNewVersion(catalog, old);
    expect(await catalog.current.index.getBySlug(onlyB)).toBeDefined();
  });

  it('keeps the old catalog when the new file is bad, says why, and recovers when it is fixed', async () => {
    const file = join(await tempDir(), 'catalog.ndjson');
    await writeCatalogFile(file, A);
    const catalog = await open(file);
    const good = catalog.current;

    await writeFile(file, '{"not":"a product"}\nnot json at all\n');
    await vi.waitFor(() => expect(catalog.lastReload.status).toBe('failed'), { timeout: 5_000 });
    expect(catalog.lastReload.error).toMatch(/no valid product/);
    expect(catalog.current).toBe(good);
    expect(await catalog.current.index.getBySlug(onlyA)).toBeDefined();

    await writeCatalogFile(file, B);
    await waitForNewVersion(catalog, good.version);
    expect(catalog.lastReload).toMatchObject({ status: 'ok' });
    expect(catalog.lastReload.error).toBeUndefined();
    expect(await catalog.current.index.getBySlug(onlyB)).toBeDefined();
  });

  it('reloads the agents file too, and keeps the old agents when the new file is invalid', async () => {
    const dir = await tempDir();
    const file = join(dir, 'catalog.ndjson');
    const agentsFile = join(dir, 'agents.json');
    await writeCatalogFile(file, A);
    await writeFile(agentsFile, JSON.stringify({ agents: DEFAULT_AGENTS }));
    const catalog = await open(file, { agentsFile });
    const first = catalog.current;

    await writeFile(agentsFile, JSON.stringify({ agents: [] }));
    await vi.waitFor(() => expect(catalog.lastReload.status).toBe('failed'), { timeout: 5_000 });
    expect(catalog.current).toBe(first);

    const renamed = DEFAULT_AGENTS.map((a, i) => (i === 0 ? { ...a, name: 'Renamed Agent' } : a));
    await writeFile(agentsFile, JSON.stringify({ agents: renamed }));
    await waitForNewVersion(catalog, first.version);
    expect(catalog.current.agents[0]?.name).toBe('Renamed Agent');
  });

  it('reloads the rates file too: queries and prices of the new version use the new rates', async () => {
    const dir = await tempDir();
    const file = join(dir, 'catalog.ndjson');
    const ratesFile = join(dir, 'rates.json');
    await writeCatalogFile(file, A);
    await writeFile(ratesFile, JSON.stringify(ratesWith({ USD: 10 })));
    const catalog = await open(file, { ratesFile });
    const first = catalog.current;
    expect(first.rates.cny_per_unit.USD).toBe(10);
    const read = async (version: CatalogVersion) =>
      (await version.index.search({ q: 'hoodie under 20' })).interpretation?.maxPrice?.cny;
    expect(await read(first)).toBe(200);

    await writeFile(ratesFile, JSON.stringify(ratesWith({ USD: 5 })));
    await waitForNewVersion(catalog, first.version);
    const second = catalog.current;
    expect(second.rates.cny_per_unit.USD).toBe(5);
    expect(await read(second)).toBe(100);
    // A request that took the first version reads it to its end, at its rates.
    expect(await read(first)).toBe(200);
  });

  it('keeps the old version when the new rates file is bad, says why, and recovers', async () => {
    const dir = await tempDir();
    const file = join(dir, 'catalog.ndjson');
    const ratesFile = join(dir, 'rates.json');
    await writeCatalogFile(file, A);
    await writeFile(ratesFile, JSON.stringify(ratesWith({ USD: 10 })));
    const catalog = await open(file, { ratesFile });
    const first = catalog.current;

    await writeFile(ratesFile, JSON.stringify(ratesWith({ USD: -1 })));
    await vi.waitFor(() => expect(catalog.lastReload.status).toBe('failed'), { timeout: 5_000 });
    expect(catalog.lastReload.error).toMatch(/Invalid currency rates:\n.*\/cny_per_unit\/USD/);
    expect(catalog.current).toBe(first);

    await writeFile(ratesFile, '{ "as_of": ');
    await vi.waitFor(() => expect(catalog.lastReload.error).toMatch(/not valid JSON/), {
      timeout: 5_000,
    });
    expect(catalog.current).toBe(first);

    await writeFile(ratesFile, JSON.stringify(ratesWith({ USD: 6 })));
    await waitForNewVersion(catalog, first.version);
    expect(catalog.lastReload.status).toBe('ok');
    expect(catalog.current.rates.cny_per_unit.USD).toBe(6);
  });

  it('runs one reload at a time: calls during a reload share one more after it', async () => {
    const file = join(await tempDir(), 'catalog.ndjson');
    await writeCatalogFile(file, A);
    const catalog = await openLiveCatalog({ engine: 'embedded', file }, undefined, {
      watch: false,
    });
    onTestFinished(() => catalog.close());
    await writeCatalogFile(file, B);
    const first = catalog.reload();
    const [second, third] = [catalog.reload(), catalog.reload()];
    expect(second).toBe(third);
    await Promise.all([first, second]);
    expect(await catalog.current.index.getBySlug(onlyB)).toBeDefined();
  });

  it('fails to open a catalog with no valid product, naming the file', async () => {
    const file = join(await tempDir(), 'catalog.ndjson');
    await writeFile(file, 'nothing here\n');
    await expect(
      openLiveCatalog({ engine: 'embedded', file }, undefined, { watch: false }),
    ).rejects.toMatchObject({ code: 'CATALOG_EMPTY' });
  });
});

describe('products across reloads', () => {
  it('are the objects the version before showed, unless their row changed', async () => {
    const file = join(await tempDir(), 'catalog.ndjson');
    await writeCatalogFile(file, A);
    const catalog = await open(file);
    const first = catalog.current;
    const [same, edited] = [A[30]!.slug, A[40]!.slug];
    const shown = await first.index.getBySlug(same);
    const before = await first.index.getBySlug(edited);

    await writeCatalogFile(
      file,
      B.map((p) => (p.slug === edited ? { ...p, title: `${p.title} (restocked)` } : p)),
    );
    await waitForNewVersion(catalog, first.version);
    expect(await catalog.current.index.getBySlug(same)).toBe(shown);
    const after = await catalog.current.index.getBySlug(edited);
    expect(after).not.toBe(before);
    expect(after?.title).toBe(`${before?.title} (restocked)`);
  });
});

describe('memory across reloads', () => {
  it('lets the old version go once nothing reads it: two catalogs at most', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const file = join(await tempDir(), 'catalog.ndjson');
    await writeCatalogFile(file, A);
    const catalog = await open(file);
    // What a request in flight holds: the version it started with.
    let inFlight: unknown = catalog.current;
    const old = new WeakRef(catalog.current);

    await writeCatalogFile(file, B);
    await waitForNewVersion(catalog, (inFlight as { version: string }).version);
    gc();
    expect(old.deref()).toBeDefined();

    // The request ends: nothing else keeps the old version.
    inFlight = undefined;
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(old.deref()).toBeUndefined();
    expect(inFlight).toBeUndefined();
  });
});
