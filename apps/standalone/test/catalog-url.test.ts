import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { type ServerProcess, startServerProcess } from '@repo/fastify-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEET_ID, type SheetFault, type SheetServer, startSheetServer } from './sheet-server.js';
import { type Cell, workbookBytes } from './workbook-bytes.js';

// The one-process server on CATALOG_URL, a link that answers as a Google Sheets export does (a
// redirect to the bytes, an ETag, 304s): the sheet is served, followed within a poll, refused
// whole when it breaks, and kept in DATA_DIR for a start while the link is down.
const entry = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'server.js');
const POLL_S = 5;
const SERVED_WITHIN_MS = (POLL_S + 10) * 1_000;

const item = (n: number) => String(7_300_000_000 + n);
const link = (n: number): Cell => ({
  text: 'LINK',
  hyperlink: `https://weidian.com/item.html?itemID=${item(n)}`,
});
/** An operator's workbook: an info tab, then a tab per category, each product behind "LINK". */
const sheet = (
  shoes: readonly [string, number, number][],
  bags: readonly [string, number, number][],
) =>
  workbookBytes([
    { name: 'ℹ️ Info', rows: [['How to order: paste a LINK into your agent']] },
    ...[
      { name: '👟 Shoes', rows: shoes },
      { name: 'Bags', rows: bags },
    ].map(({ name, rows }) => ({
      name,
      rows: [
        ['🔥 FINDS 🔥'],
        ['Item', 'Price (¥)', 'Link'],
        ...rows.map(([title, price, n]): Cell[] => [title, price, link(n)]),
      ],
    })),
  ]);
const FIRST = sheet(
  [
    ['Nike Dunk Low Panda', 299, 1],
    ['Air Jordan 4 Black Cat', 459, 2],
  ],
  [['Goyard Saint Louis PM', 350, 3]],
);
// A price changed (2), a bag removed (3), one added (4).
const EDITED = sheet(
  [
    ['Nike Dunk Low Panda', 299, 1],
    ['Air Jordan 4 Black Cat', 499, 2],
  ],
  [['Prada Re-Edition 2005', 280, 4]],
);
const THIRD = sheet([['Nike Dunk Low Panda', 299, 1]], [['Prada Re-Edition 2005', 280, 4]]);
// A product tab whose one row has a title and nothing else: no valid row.
const NO_VALID_ROW = sheet([['Nike Dunk Low Panda', 0, 0]], []);

interface CatalogHealth {
  version: string;
  products: number;
  source: string;
  fetched_at?: string;
  next_fetch_at?: string;
  reload: { status: 'ok' | 'failed'; at: string; error?: string };
}

async function health(server: ServerProcess): Promise<CatalogHealth> {
  const response = await fetch(`${server.url}/health.json`);
  const body = await response.text();
  expect(body).not.toContain(SHEET_ID);
  return (JSON.parse(body) as { catalog: CatalogHealth }).catalog;
}

/** Waits until `/health.json` satisfies `done`, up to `timeoutMs`; the last body either way. */
async function healthUntil(
  server: ServerProcess,
  done: (catalog: CatalogHealth) => boolean,
  timeoutMs: number,
): Promise<CatalogHealth> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const catalog = await health(server);
    if (done(catalog) || Date.now() > until) return catalog;
    await sleep(100);
  }
}

/** The slug of each Weidian item the server lists in its sitemap, by item number. */
async function slugs(server: ServerProcess): Promise<Map<number, string>> {
  const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const found = [...xml.matchAll(/\/producto\/([a-z0-9-]+?-(73\d{8}))</g)];
  return new Map(found.map(([, slug, id]) => [Number(id) - 7_300_000_000, slug!]));
}

const status = async (server: ServerProcess, path: string) =>
  (await fetch(`${server.url}${path}`)).status;

describe('the one-process server on CATALOG_URL', () => {
  let sheetServer: SheetServer;
  let dataDir: string;
  let server: ServerProcess;
  let first: Map<number, string>;

  const start = () =>
    startServerProcess(entry, {
      env: {
        CATALOG_URL: sheetServer.link,
        CATALOG_URL_POLL_S: String(POLL_S),
        CATALOG_URL_MAX_MB: '1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      },
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'standalone-catalog-url-'));
    sheetServer = await startSheetServer();
    sheetServer.serve(FIRST);
    server = await start();
    first = await slugs(server);
  });
  afterAll(async () => {
    await server?.stop();
    await sheetServer?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("serves the sheet's products, and says where they come from without the link", async () => {
    expect([...first.keys()].sort()).toEqual([1, 2, 3]);
    for (const slug of first.values()) expect(await status(server, `/producto/${slug}`)).toBe(200);
    const catalog = await health(server);
    expect(catalog).toMatchObject({ source: 'url', products: 3, reload: { status: 'ok' } });
    const fetchedAt = Date.parse(catalog.fetched_at ?? '');
    const nextFetchAt = Date.parse(catalog.next_fetch_at ?? '');
    expect(nextFetchAt - fetchedAt).toBeGreaterThanOrEqual(POLL_S * 1_000 - 1_000);
    for (const path of ['/', '/llms.txt', '/catalog', `/producto/${first.get(1)}`]) {
      const body = await (await fetch(`${server.url}${path}`)).text();
      expect(body, path).not.toContain(SHEET_ID);
    }
    expect(server.output()).not.toContain(SHEET_ID);
    expect(sheetServer.counts.ok).toBe(1);
  });

  it('asks again every CATALOG_URL_POLL_S and downloads nothing while the sheet stays', async () => {
    const before = await health(server);
    const after = await healthUntil(
      server,
      (catalog) => catalog.fetched_at !== before.fetched_at,
      SERVED_WITHIN_MS,
    );
    expect(after.fetched_at).not.toBe(before.fetched_at);
    expect(after.version).toBe(before.version);
    expect(sheetServer.counts).toMatchObject({ ok: 1, notModified: expect.any(Number) });
    expect(sheetServer.counts.notModified).toBeGreaterThanOrEqual(1);
  }, 30_000);

  it('serves the edited sheet within a poll, and a removed product answers 404', async () => {
    const before = await health(server);
    sheetServer.serve(EDITED);
    const edited = Date.now();
    const after = await healthUntil(
      server,
      (catalog) => catalog.version !== before.version,
      SERVED_WITHIN_MS,
    );
    const servedMs = Date.now() - edited;
    console.log(`standalone: an edited sheet was served ${servedMs} ms after the edit`);
    expect(after.version).not.toBe(before.version);
    expect(servedMs).toBeLessThan(SERVED_WITHIN_MS);
    expect(await status(server, `/producto/${first.get(3)}`)).toBe(404);
    expect(await status(server, `/producto/${first.get(1)}`)).toBe(200);
    const added = (await slugs(server)).get(4);
    expect(await status(server, `/producto/${added}`)).toBe(200);
    const log = await server.waitForOutput(/catalog reloaded/);
    const reloaded = log.split('\n').filter((line) => line.includes('"catalog reloaded"'));
    expect(reloaded).toHaveLength(1);
    expect(JSON.parse(reloaded[0]!)).toMatchObject({
      products: 3,
      rejected: 0,
      added: 1,
      removed: 1,
      changed: 1,
    });
  }, 30_000);

  it('fetches at once on SIGHUP', async () => {
    // Right after a poll, so that the next one is a whole CATALOG_URL_POLL_S away.
    const asked = sheetServer.counts.requests;
    const polled = await healthUntil(server, () => sheetServer.counts.requests > asked, 10_000);
    await sleep(300);
    sheetServer.serve(THIRD);
    const hangup = Date.now();
    server.child.kill('SIGHUP');
    const after = await healthUntil(server, (catalog) => catalog.version !== polled.version, 4_000);
    expect(after.version).not.toBe(polled.version);
    expect(Date.now() - hangup).toBeLessThan(POLL_S * 1_000 - 1_000);
    expect(await status(server, `/producto/${first.get(2)}`)).toBe(404);
  }, 30_000);

  const failures: [string, SheetFault | 'no valid row', RegExp][] = [
    ['a 404', { status: 404 }, /the server answered 404: no sheet or file at this link/],
    ['a 500', { status: 500 }, /the server answered 500/],
    [
      'a sign-in page',
      { signIn: true },
      /the sheet is not shared: set General access to Anyone with the link/,
    ],
    [
      'a download over CATALOG_URL_MAX_MB',
      { body: Buffer.concat([FIRST, Buffer.alloc(1024 * 1024 + 1)]) },
      /the download is larger than 1 MB \(CATALOG_URL_MAX_MB\)/,
    ],
    ['a workbook with no valid row', 'no valid row', /no valid product/],
  ];
  it.each(failures)(
    'keeps the version on %s, says why on /health.json, and recovers',
    async (_name, fault, reason) => {
      const good = await health(server);
      const served = await slugs(server);
      if (fault === 'no valid row') sheetServer.serve(NO_VALID_ROW);
      else sheetServer.fail(fault);
      server.child.kill('SIGHUP');
      const failed = await healthUntil(server, (c) => c.reload.status === 'failed', 4_000);
      expect(failed.reload).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(reason),
      });
      expect(failed.version).toBe(good.version);
      for (const slug of served.values())
        expect(await status(server, `/producto/${slug}`)).toBe(200);

      sheetServer.serve(THIRD);
      server.child.kill('SIGHUP');
      const recovered = await healthUntil(server, (c) => c.reload.status === 'ok', 4_000);
      expect(recovered.reload.status).toBe('ok');
      expect(recovered.version).toBe(good.version);
    },
  );

  it('starts from the last good copy while the link is down, and says the fetch failed', async () => {
    const { version } = await health(server);
    await server.stop();
    await sheetServer.close();
    server = await start();
    const catalog = await health(server);
    expect(catalog).toMatchObject({
      version,
      source: 'url',
      reload: { status: 'failed', error: expect.stringMatching(/could not be reached/) },
    });
    expect(await status(server, `/producto/${first.get(1)}`)).toBe(200);
  }, 30_000);
});

describe('CATALOG_URL at start', () => {
  /** Runs the server to its exit; its code and what it wrote. */
  async function runToExit(env: Record<string, string>) {
    const child = spawn(process.execPath, [entry], {
      env: { LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const [code] = await once(child, 'close');
    return { code, output };
  }

  it('refuses CATALOG_FILE and CATALOG_URL together, naming both', async () => {
    const { code, output } = await runToExit({
      CATALOG_FILE: '/nonexistent/catalog.ndjson',
      CATALOG_URL: `https://docs.google.com/spreadsheets/d/${SHEET_ID}/edit`,
    });
    expect(code).toBe(1);
    expect(output).toMatch(/CATALOG_URL: and CATALOG_FILE are both set/);
  });

  it('does not start with no copy kept and the link down, saying why', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'standalone-catalog-url-'));
    try {
      const { code, output } = await runToExit({
        CATALOG_URL: `http://127.0.0.1:9/spreadsheets/d/${SHEET_ID}/export?format=xlsx`,
        DATA_DIR: dataDir,
      });
      expect(code).toBe(1);
      expect(output).toMatch(
        /cannot start: fetching the catalog failed: the server could not be reached .*DATA_DIR holds no earlier download of it/,
      );
      expect(output).not.toContain(SHEET_ID);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
