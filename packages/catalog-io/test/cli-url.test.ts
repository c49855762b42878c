import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalog, ensureCli, tempDir } from './helper.js';
import { startLocalServer } from './remote/local-server.js';
import {
  finds,
  SHEET_ID,
  type SheetServer,
  startSheetServer,
  weidianItem,
} from './remote/sheet-server.js';

beforeAll(ensureCli, 60_000);

const SHEET = {
  Shoes: [
    ['Nike Dunk Low Panda', 299, 1],
    ['Air Jordan 4 Black Cat', 459, 2],
  ],
  Bags: [['Goyard Saint Louis PM', 350, 3]],
} as const;

/** The products `catalog import` wrote to `out`. */
async function written(out: string): Promise<{ title: string; item_id: string }[]> {
  return (await readFile(out, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('catalog import URL', () => {
  it('downloads a workbook from a link and imports every tab of it', async () => {
    const bytes = await finds(SHEET);
    const server = await startLocalServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes);
    });
    const out = join(await tempDir(), 'catalog.ndjson');
    const result = await catalog(['import', `${server.origin}/sheet.xlsx`, '--out', out]);
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stderr).toContain(
      `downloaded ${bytes.length.toLocaleString('en-US')} bytes (xlsx) from ${server.origin}/…`,
    );
    expect(result.stdout).toContain('3 loaded');
    expect(result.stdout).toContain(`wrote 3 products to ${out}`);
    expect((await written(out)).map((p) => p.item_id).sort()).toEqual([
      weidianItem(1),
      weidianItem(2),
      weidianItem(3),
    ]);
  });

  it('follows a Google-like share link to the bytes it redirects to, naming no path', async () => {
    const server = await startSheetServer();
    server.serve(await finds(SHEET));
    const out = join(await tempDir(), 'catalog.ndjson');
    const result = await catalog(['import', server.link, '--out', out]);
    expect(result.code).toBe(0);
    expect((await written(out)).map((p) => p.title).sort()).toEqual([
      'Air Jordan 4 Black Cat',
      'Goyard Saint Louis PM',
      'Nike Dunk Low Panda',
    ]);
    expect(server.requests.map((r) => r.path.split('?')[0])).toEqual([
      `/spreadsheets/d/${SHEET_ID}/export`,
      `/download/${SHEET_ID}`,
    ]);
    expect(`${result.stdout}${result.stderr}`).not.toContain(SHEET_ID);
  });

  it('reads a CSV link served as plain text', async () => {
    const csv =
      'title,brand,category,price,marketplace,item_id\nDunk,Nike,sneakers,368,weidian,7234567890\n';
    const server = await startLocalServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(csv);
    });
    const out = join(await tempDir(), 'catalog.ndjson');
    const result = await catalog(['import', `${server.origin}/export`, '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('bytes (csv) from');
    expect(await written(out)).toHaveLength(1);
  });

  it.each([
    [
      'a 404',
      (server: SheetServer) => server.fail({ status: 404 }),
      'catalog: fetching the catalog failed: the server answered 404: no sheet or file at this link',
      {},
    ],
    [
      'a sign-in page',
      (server: SheetServer) => server.fail({ signIn: true }),
      'catalog: fetching the catalog failed: the link answered with a web page, not a spreadsheet: the sheet is not shared: set General access to Anyone with the link',
      {},
    ],
    [
      'a download past CATALOG_URL_MAX_MB',
      (server: SheetServer) => server.fail({ oversize: 3 * 1024 * 1024 }),
      'catalog: fetching the catalog failed: the download is larger than 1 MB (CATALOG_URL_MAX_MB): not read past that',
      { CATALOG_URL_MAX_MB: '1' },
    ],
  ])(
    'exits 1 on %s with one line saying why, and writes nothing',
    async (_name, breakIt, line, env) => {
      const server = await startSheetServer();
      server.serve(await finds(SHEET));
      breakIt(server);
      const out = join(await tempDir(), 'catalog.ndjson');
      const result = await catalog(['import', server.link, '--out', out], env);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(line);
      expect(result.stdout).toBe('');
      expect(existsSync(out)).toBe(false);
    },
  );

  it('refuses a plain http link to another machine before connecting', async () => {
    const result = await catalog(['import', `http://example.com/${SHEET_ID}/sheet.csv`]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'catalog: fetching the catalog failed: the link must be https (http only on a loopback address)',
    );
  });
});
