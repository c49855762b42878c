import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { openLiveCatalog } from '../../src/live/live-catalog.js';
import { tempDir } from '../helper.js';
import { finds, SHEET_ID, startSheetServer, weidianItem } from '../remote/sheet-server.js';
import { EDITED, FIRST, MB, open, recordingLog, setup, slugs } from './url-catalog-helper.js';

describe('openLiveCatalog with a link', () => {
  it('serves the workbook behind the link, with every tab and the links behind "LINK"', async () => {
    const { server, dir } = await setup();
    const catalog = await open(server, dir);
    const { hits } = await catalog.current.index.search({ limit: 100 });
    expect(
      hits.map((p) => [p.title, p.category, p.marketplace, p.item_id, p.price]).sort(),
    ).toEqual([
      ['Air Jordan 4 Black Cat', 'sneakers', 'weidian', weidianItem(2), 459],
      ['Goyard Saint Louis PM', 'bags', 'weidian', weidianItem(3), 350],
      ['Nike Dunk Low Panda', 'sneakers', 'weidian', weidianItem(1), 299],
    ]);
    expect(catalog.current.source).toBe('url');
    expect(catalog.current.version).toMatch(/^[0-9a-f]{16}$/);
    expect(catalog.lastReload.status).toBe('ok');
    // The export link was asked once, and redirected to the bytes, downloaded once.
    expect(server.requests.map((r) => r.path.split('?')[0])).toEqual([
      `/spreadsheets/d/${SHEET_ID}/export`,
      `/download/${SHEET_ID}`,
    ]);
    expect(server.counts).toEqual({ ok: 1, notModified: 0 });
  });

  it('says when it fetched and when it will fetch again', async () => {
    const { server, dir } = await setup();
    const before = Date.now();
    const catalog = await open(server, dir, { pollMs: 60_000 });
    const { fetchedAt, nextFetchAt } = catalog.remote ?? {};
    expect(fetchedAt?.getTime()).toBeGreaterThanOrEqual(before);
    expect(fetchedAt?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(nextFetchAt!.getTime() - fetchedAt!.getTime()).toBeGreaterThanOrEqual(59_000);
    expect(nextFetchAt!.getTime() - Date.now()).toBeLessThanOrEqual(60_000);

    await sleep(20);
    await catalog.reload();
    expect(catalog.remote?.fetchedAt?.getTime()).toBeGreaterThan(fetchedAt!.getTime());
  });

  it('names the same sheet with the same version in every process', async () => {
    const { server, dir } = await setup();
    const one = await open(server, dir);
    const two = await open(server, await tempDir());
    expect(two.current.version).toBe(one.current.version);
  });

  it('brings the edited sheet on reload(), logs what changed once, and drops what was removed', async () => {
    const { server, dir } = await setup();
    const { log, lines } = recordingLog();
    const catalog = await open(server, dir, { log });
    const first = catalog.current;
    const before = await slugs(catalog);

    server.serve(await finds(EDITED));
    expect(await catalog.reload()).toMatchObject({ status: 'ok' });
    const second = catalog.current;
    expect(second.version).not.toBe(first.version);
    expect(await second.index.getBySlug(before.get(3)!)).toBeUndefined();
    expect((await second.index.getBySlug(before.get(2)!))?.price).toBe(499);
    expect((await slugs(catalog)).has(4)).toBe(true);
    // A request that took the first version reads it to its end.
    expect(await first.index.getBySlug(before.get(3)!)).toBeDefined();

    const reloaded = lines.filter((line) => line.message === 'catalog reloaded');
    expect(reloaded).toHaveLength(1);
    expect(reloaded[0]!.fields).toMatchObject({
      version: second.version,
      previous: first.version,
      products: 3,
      rejected: 0,
      added: 1,
      removed: 1,
      changed: 1,
    });
    expect(server.counts).toEqual({ ok: 2, notModified: 0 });

    // Unchanged since: a 304, nothing downloaded or loaded, the same version object.
    expect(await catalog.reload()).toMatchObject({ status: 'ok' });
    expect(await catalog.reload()).toMatchObject({ status: 'ok' });
    expect(catalog.current).toBe(second);
    expect(server.counts).toEqual({ ok: 2, notModified: 2 });
    expect(lines.filter((line) => line.message === 'catalog reloaded')).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain(SHEET_ID);
  });

  it('keeps the version when the same bytes come back without an ETag', async () => {
    const server = await startSheetServer();
    server.serve(await finds(FIRST), { etag: false });
    const catalog = await open(server, await tempDir());
    const first = catalog.current;
    // Downloaded again, whole: its hash says nothing changed.
    expect(await catalog.reload()).toMatchObject({ status: 'ok' });
    expect(server.counts).toEqual({ ok: 2, notModified: 0 });
    expect(catalog.current).toBe(first);
  });

  it('fetches once more for a reload() asked while a fetch is under way', async () => {
    const { server, dir } = await setup();
    const edited = await finds(EDITED);
    const catalog = await open(server, dir, { fetchTimeoutMs: 1_000 });
    const downloads = () => server.requests.filter((r) => r.path.startsWith('/download/')).length;
    server.fail({ hang: true });
    const hanging = catalog.reload();
    await vi.waitFor(() => expect(downloads()).toBe(2));
    // A SIGHUP after the sheet was edited: the fetch under way started before the edit.
    server.serve(edited);
    const asked = catalog.reload();
    expect(await hanging).toMatchObject({ status: 'failed' });
    expect(await asked).toMatchObject({ status: 'ok' });
    expect([...(await slugs(catalog)).keys()].sort()).toEqual([1, 2, 4]);
  });

  it('shares one DATA_DIR between replicas that fetch at the same time', async () => {
    const { server, dir } = await setup();
    const one = await open(server, dir);
    const two = await open(server, dir);
    const statuses = [];
    for (let i = 0; i < 50; i++)
      statuses.push(...(await Promise.all([one.reload(), two.reload()])));
    expect(statuses.filter((status) => status.status !== 'ok')).toEqual([]);
    const [folder] = await readdir(dir);
    expect((await readdir(join(dir, folder!))).sort()).toEqual(['catalog.xlsx', 'meta.json']);
  });

  it('polls every pollMs: 304s while the sheet stays, the edit within a poll', async () => {
    const { server, dir } = await setup();
    const catalog = await open(server, dir, { pollMs: 200 });
    const first = await slugs(catalog);
    await vi.waitFor(() => expect(server.counts.notModified).toBeGreaterThanOrEqual(2), {
      timeout: 5_000,
      interval: 50,
    });
    expect(server.counts.ok).toBe(1);

    const old = catalog.current.version;
    server.serve(await finds(EDITED));
    const edited = performance.now();
    await vi.waitFor(() => expect(catalog.current.version).not.toBe(old), {
      timeout: 5_000,
      interval: 20,
    });
    expect(performance.now() - edited).toBeLessThan(2_000);
    expect(await catalog.current.index.getBySlug(first.get(3)!)).toBeUndefined();
    expect(server.counts.ok).toBe(2);
  });

  it('stops fetching once closed, even when closed during a fetch', async () => {
    const { server, dir } = await setup();
    const catalog = await openLiveCatalog(
      { engine: 'embedded', url: { href: server.link, pollMs: 50, maxBytes: MB, dir } },
      undefined,
      { settleMs: 50, fetchTimeoutMs: 300 },
    );
    // Each poll now waits for its time limit: the close comes in the middle of one.
    server.fail({ hang: true });
    await vi.waitFor(() => expect(server.requests.length).toBeGreaterThanOrEqual(4), {
      timeout: 5_000,
    });
    await catalog.close();
    const asked = server.requests.length;
    await sleep(600);
    expect(server.requests.length).toBe(asked);
  });
});
