import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { CatalogIoError } from '../../src/errors.js';
import { type LiveCatalog, openLiveCatalog } from '../../src/live/live-catalog.js';
import type { CatalogLog } from '../../src/open-catalog.js';
import { tempDir } from '../helper.js';
import {
  finds,
  SHEET_ID,
  type SheetFault,
  type SheetServer,
  startSheetServer,
  weidianItem,
} from '../remote/sheet-server.js';

const MB = 1024 * 1024;

// The sheet as first served, then edited: a price changed (2), a bag removed (3), one added (4).
const FIRST = {
  Shoes: [
    ['Nike Dunk Low Panda', 299, 1],
    ['Air Jordan 4 Black Cat', 459, 2],
  ],
  Bags: [['Goyard Saint Louis PM', 350, 3]],
} as const;
const EDITED = {
  Shoes: [
    ['Nike Dunk Low Panda', 299, 1],
    ['Air Jordan 4 Black Cat', 499, 2],
  ],
  Bags: [['Prada Re-Edition 2005', 280, 4]],
} as const;
/** A workbook whose only product row has no link and no price: no valid row. */
const NO_VALID_ROW = { Shoes: [['', 0, 0]] } as const;

/** A logger that keeps what it was given, for the "catalog reloaded" line and leaks of the link. */
function recordingLog() {
  const lines: { level: 'info' | 'warn'; message: string; fields: Record<string, unknown> }[] = [];
  const log: CatalogLog = {
    info: (fields, message) => lines.push({ level: 'info', message, fields: { ...fields } }),
    warn: (fields, message) => lines.push({ level: 'warn', message, fields: { ...fields } }),
  };
  return { log, lines };
}

interface OpenOptions {
  readonly pollMs?: number;
  readonly maxBytes?: number;
  readonly fetchTimeoutMs?: number;
  readonly log?: CatalogLog;
}

/** The catalog of the server's link, with its copies kept in `dir`; closed when the test ends. */
async function open(server: SheetServer, dir: string, options: OpenOptions = {}) {
  const catalog = await openLiveCatalog(
    {
      engine: 'embedded',
      url: {
        href: server.link,
        // Only reload() fetches, unless the test polls.
        pollMs: options.pollMs ?? 600_000,
        maxBytes: options.maxBytes ?? 4 * MB,
        dir,
      },
    },
    options.log,
    { settleMs: 50, ...(options.fetchTimeoutMs ? { fetchTimeoutMs: options.fetchTimeoutMs } : {}) },
  );
  onTestFinished(() => catalog.close());
  return catalog;
}

/** The slug of each Weidian item number the catalog serves. */
async function slugs(catalog: LiveCatalog): Promise<Map<number, string>> {
  const { hits } = await catalog.current.index.search({ limit: 100 });
  return new Map(hits.map((p) => [Number(p.item_id) - 7_300_000_000, p.slug]));
}

/**
 * A sheet server serving FIRST, its bytes (a workbook written again differs: it holds when it was
 * written), and a fresh folder for the copies.
 */
async function setup() {
  const server = await startSheetServer();
  const first = await finds(FIRST);
  const etag = server.serve(first);
  return { server, first, etag, dir: await tempDir() };
}

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

describe('openLiveCatalog with a link: a bad fetch changes nothing', () => {
  const failures: [string, SheetFault | 'no valid row', RegExp, OpenOptions?][] = [
    ['a 404', { status: 404 }, /the server answered 404: no sheet or file at this link/],
    ['a 500', { status: 500 }, /the server answered 500/],
    [
      'a 403',
      { status: 403 },
      /answered 403: the sheet is not shared: set General access to Anyone with the link/,
    ],
    [
      'a sign-in page',
      { signIn: true },
      /the sheet is not shared: set General access to Anyone with the link/,
    ],
    [
      'a body past maxBytes',
      { oversize: 2 * MB },
      /the download is larger than 1 MB \(CATALOG_URL_MAX_MB\): not read past that/,
      { maxBytes: MB },
    ],
    [
      'a server that never answers',
      { hang: true },
      /no complete answer within 0.3 s/,
      { fetchTimeoutMs: 300 },
    ],
    ['a workbook with no valid row', 'no valid row', /no valid product/],
  ];

  it.each(failures)(
    '%s keeps the version serving, says why, and the next good fetch recovers',
    async (_name, fault, reason, options) => {
      const { server, first, dir } = await setup();
      const { log, lines } = recordingLog();
      const catalog = await open(server, dir, { ...options, log });
      const good = catalog.current;
      const served = await slugs(catalog);

      if (fault === 'no valid row') server.serve(await finds(NO_VALID_ROW));
      else server.fail(fault);
      const failed = await catalog.reload();
      expect(failed).toMatchObject({ status: 'failed', error: expect.stringMatching(reason) });
      expect(catalog.lastReload).toEqual(failed);
      expect(catalog.current).toBe(good);
      expect(await catalog.current.index.getBySlug(served.get(3)!)).toBeDefined();
      expect(failed.error).not.toContain(SHEET_ID);
      // Nor where this server keeps its downloads: the reason is shown on /health.json.
      expect(failed.error).not.toContain(dir);
      expect(JSON.stringify(lines)).not.toContain(SHEET_ID);

      // The sheet as it was: the version that serves is right again, and says so.
      server.serve(first);
      expect(await catalog.reload()).toMatchObject({ status: 'ok' });
      expect(catalog.lastReload.error).toBeUndefined();
      expect(catalog.current.version).toBe(good.version);

      // Broken again, then edited: the edit serves.
      if (fault === 'no valid row') server.serve(await finds(NO_VALID_ROW));
      else server.fail(fault);
      expect(await catalog.reload()).toMatchObject({ status: 'failed' });
      server.serve(await finds(EDITED));
      expect(await catalog.reload()).toMatchObject({ status: 'ok' });
      expect(catalog.current.version).not.toBe(good.version);
      expect(await catalog.current.index.getBySlug(served.get(3)!)).toBeUndefined();
    },
  );

  it('does not load the same bad download twice, and says each time why it is not served', async () => {
    const { server, dir } = await setup();
    const { log, lines } = recordingLog();
    const catalog = await open(server, dir, { log });
    server.serve(await finds(NO_VALID_ROW));
    const first = await catalog.reload();
    await sleep(5);
    const second = await catalog.reload();
    expect(second).toMatchObject({ status: 'failed', error: first.error });
    expect(second.at.getTime()).toBeGreaterThan(first.at.getTime());
    expect(lines.filter((line) => /catalog reload failed/.test(line.message))).toHaveLength(1);
  });

  it('says the server could not be reached, and recovers when it is back', async () => {
    const { server, dir } = await setup();
    const catalog = await open(server, dir);
    const good = catalog.current;
    await server.close();
    // Time for the client to see its kept-alive connection closed.
    await sleep(100);
    expect(await catalog.reload()).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('the server could not be reached (ECONNREFUSED)'),
    });
    expect(catalog.current).toBe(good);
  });

  it('says so when a download cannot be kept, and keeps it once DATA_DIR is fixed', async () => {
    const { server, dir } = await setup();
    const catalog = await open(server, dir);
    const [folder] = await readdir(dir);
    // Where the good copy goes, a folder that cannot be renamed over (a broken DATA_DIR).
    const copy = join(dir, folder!, 'catalog.xlsx');
    await rm(copy);
    await mkdir(join(copy, 'in-the-way'), { recursive: true });
    const etag = server.serve(await finds(EDITED));
    expect(await catalog.reload()).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^the download could not be kept in DATA_DIR: /),
    });

    await rm(copy, { recursive: true });
    expect(await catalog.reload()).toMatchObject({ status: 'ok' });
    const meta = JSON.parse(await readFile(join(dir, folder!, 'meta.json'), 'utf8'));
    expect(meta).toMatchObject({ etag });
  });

  it('keeps no candidate that did not load, and the last good copy with its ETag', async () => {
    const { server, etag, dir } = await setup();
    const catalog = await open(server, dir);
    server.serve(await finds(NO_VALID_ROW));
    await catalog.reload();
    const [folder, ...others] = await readdir(dir);
    expect(others).toEqual([]);
    expect((await readdir(join(dir, folder!))).sort()).toEqual(['catalog.xlsx', 'meta.json']);
    const meta = JSON.parse(await readFile(join(dir, folder!, 'meta.json'), 'utf8'));
    expect(meta).toMatchObject({ format: 'xlsx', etag });
    expect(JSON.stringify(meta)).not.toContain(SHEET_ID);
  });
});

describe('openLiveCatalog with a link: starting', () => {
  it.each([
    ['answers 500', (server: SheetServer) => server.fail({ status: 500 }), /answered 500/],
    ['is down', (server: SheetServer) => server.close(), /could not be reached/],
    [
      'serves a workbook with no valid row',
      async (server: SheetServer) => void server.serve(await finds(NO_VALID_ROW)),
      /no valid product/,
    ],
  ])(
    'serves the last good copy when the link %s, and says the fetch failed',
    async (_name, breakIt, reason) => {
      const { server, dir } = await setup();
      const before = await open(server, dir);
      const version = before.current.version;
      const served = await slugs(before);
      await before.close();

      await breakIt(server);
      const after = await open(server, dir);
      expect(after.current.version).toBe(version);
      expect(await after.current.index.getBySlug(served.get(3)!)).toBeDefined();
      expect(after.lastReload).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(reason),
      });
    },
  );

  it('does not start with no copy and the link down, saying why', async () => {
    const server = await startSheetServer();
    server.serve(await finds(FIRST));
    server.fail({ status: 500 });
    const dir = await tempDir();
    const error = await open(server, dir).catch((rejected: unknown) => rejected);
    expect(error).toBeInstanceOf(CatalogIoError);
    expect(error).toMatchObject({ code: 'CATALOG_UNAVAILABLE' });
    expect((error as Error).message).toMatch(
      /answered 500.*DATA_DIR holds no earlier download of it/,
    );
    expect((error as Error).message).not.toContain(SHEET_ID);
  });

  it('does not start with no copy and a workbook with no valid row', async () => {
    const server = await startSheetServer();
    server.serve(await finds(NO_VALID_ROW));
    const error = await open(server, await tempDir()).catch((rejected: unknown) => rejected);
    expect(error).toBeInstanceOf(CatalogIoError);
    expect((error as Error).message).toMatch(/no valid product/);
  });

  it('starts from its copy with a 304 when the sheet did not change', async () => {
    const { server, dir } = await setup();
    const before = await open(server, dir);
    await before.close();
    const after = await open(server, dir);
    expect(after.current.version).toBe(before.current.version);
    expect(after.lastReload.status).toBe('ok');
    expect(server.counts).toEqual({ ok: 1, notModified: 1 });
  });

  it('starts from the new download when the sheet changed while it was down', async () => {
    const { server, dir } = await setup();
    const before = await open(server, dir);
    const served = await slugs(before);
    await before.close();
    server.serve(await finds(EDITED));
    const after = await open(server, dir);
    expect(after.current.version).not.toBe(before.current.version);
    expect(await after.current.index.getBySlug(served.get(3)!)).toBeUndefined();
  });
});
