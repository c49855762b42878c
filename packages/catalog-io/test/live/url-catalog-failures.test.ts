import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { CatalogIoError } from '../../src/errors.js';
import { tempDir } from '../helper.js';
import {
  finds,
  SHEET_ID,
  type SheetFault,
  type SheetServer,
  startSheetServer,
} from '../remote/sheet-server.js';
import {
  EDITED,
  FIRST,
  MB,
  NO_VALID_ROW,
  type OpenOptions,
  open,
  recordingLog,
  setup,
  slugs,
} from './url-catalog-helper.js';

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
