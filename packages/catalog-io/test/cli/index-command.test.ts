import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Product } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { readIndexVersion } from '@repo/search/meilisearch';
import { type MeilisearchModel, startMeilisearchModel } from '@repo/search/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { indexCommand } from '../../src/cli/index-command.js';
import { openLiveCatalog } from '../../src/live/live-catalog.js';
import { CLI, ensureCli, tempDir } from '../helper.js';

const products = generateSampleCatalog({ count: 40 });
const ndjson = (list: readonly Product[]) => `${list.map((p) => JSON.stringify(p)).join('\n')}\n`;

/** A sheet served like an export: a redirect from the share path, an ETag, 304s counted. */
async function sheetServer(body: () => string) {
  const counts = { ok: 0, notModified: 0 };
  const server: Server = createServer((request, response) => {
    if (request.url?.startsWith('/share')) {
      response.writeHead(307, { location: '/export' }).end();
      return;
    }
    const text = body();
    const etag = `"${text.length}-${text.charCodeAt(text.length >> 1)}"`;
    if (request.headers['if-none-match'] === etag) {
      counts.notModified++;
      response.writeHead(304, { etag }).end();
      return;
    }
    counts.ok++;
    response.writeHead(200, { etag, 'content-type': 'application/x-ndjson' }).end(text);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/share`, counts, close: () => server.close() };
}

let model: MeilisearchModel;
beforeEach(async () => {
  model = await startMeilisearchModel();
  vi.stubEnv('MEILISEARCH_URL', model.url);
  for (const name of ['MEILISEARCH_API_KEY', 'MEILISEARCH_INDEX', 'LEXICON_FILE']) {
    vi.stubEnv(name, undefined);
  }
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await model.close();
});

const stored = () => readIndexVersion({ host: model.url, indexUid: 'products' });

describe('catalog index URL', () => {
  it('indexes the link’s download under the version the embedded engine gives it', async () => {
    const sheet = await sheetServer(() => ndjson(products));
    try {
      expect(await indexCommand({ positionals: [sheet.url], values: {} })).toBe(0);
      const dir = await tempDir();
      const embedded = await openLiveCatalog(
        { engine: 'embedded', url: { href: sheet.url, pollMs: 60_000, maxBytes: 1 << 20, dir } },
        undefined,
        { watch: false },
      );
      expect((await stored())?.version).toBe(embedded.current.version);
      await embedded.close();
    } finally {
      sheet.close();
    }
  });

  it('--watch indexes each change of the sheet; an unchanged sheet costs a 304', async () => {
    await ensureCli();
    let list = products.slice(0, 30);
    const sheet = await sheetServer(() => ndjson(list));
    const child = spawn(process.execPath, [CLI, 'index', sheet.url, '--watch'], {
      env: { MEILISEARCH_URL: model.url, CATALOG_URL_POLL_S: '5' },
      stdio: 'ignore',
    });
    const soon = { timeout: 12_000, interval: 100 };
    try {
      await vi.waitFor(async () => expect(await stored()).toBeDefined(), soon);
      const first = (await stored())?.version;
      await vi.waitFor(() => expect(sheet.counts.notModified).toBeGreaterThan(0), soon);
      expect((await stored())?.version).toBe(first);
      list = products.slice(10, 40);
      await vi.waitFor(async () => expect((await stored())?.version).not.toBe(first), soon);
      expect(sheet.counts.ok).toBe(2);
    } finally {
      child.kill();
      sheet.close();
    }
  }, 40_000);

  it('--watch needs a link', async () => {
    await expect(indexCommand({ positionals: [], values: { watch: true } })).rejects.toThrow(
      /--watch follows a link/,
    );
  });
});
