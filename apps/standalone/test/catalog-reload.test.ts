import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '@repo/fastify-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The one-process server on a catalog file that `catalog import` replaces while it runs, with the
// default CATALOG_POLL_MS: the new catalog is served without a restart, and no ETag saved from the
// old one still matches.
const here = dirname(fileURLToPath(import.meta.url));
const entry = join(here, '..', 'dist', 'server.js');
const cli = join(here, '..', '..', '..', 'packages', 'catalog-io', 'dist', 'cli.js');
const SERVED_WITHIN_MS = 10_000;

const HEADER = 'title,brand,category,price,marketplace,item_id,created_at';
const KEPT = "Nike Dunk Low 'Panda',Nike,sneakers,299,taobao,700000000001,2024-05-01T00:00:00Z";
const REMOVED =
  "Stussy Basic Tee 'Black',Stussy,t-shirts,99,weidian,7000000002,2024-05-01T00:00:00Z";
const ADDED =
  "Zephyrquill Tote 'Moss',Zephyrquill,bags,199,taobao,700000000003,2024-05-02T00:00:00Z";
/** Imports `rows` over `out` with the real CLI; returns the slug it made of each item id. */
async function importCatalog(
  dir: string,
  name: string,
  rows: readonly string[],
  out: string,
): Promise<Map<string, string>> {
  const csv = join(dir, `${name}.csv`);
  await writeFile(csv, `${[HEADER, ...rows].join('\n')}\n`);
  // No AGENTS_FILE: the rows have no agent links to read.
  await promisify(execFile)(process.execPath, [cli, 'import', csv, '--out', out], { env: {} });
  const written = (await readFile(out, 'utf8')).trim().split('\n');
  return new Map(
    written.map((line) => {
      const { item_id, slug } = JSON.parse(line) as { item_id: string; slug: string };
      return [item_id, slug];
    }),
  );
}

async function catalogVersion(base: string): Promise<string> {
  const response = await fetch(`${base}/health.json`);
  return ((await response.json()) as { catalog: { version: string } }).catalog.version;
}

describe('the one-process server when its catalog file is replaced', () => {
  let dir: string;
  let catalogFile: string;
  let child: ChildProcess;
  let base: string;
  let keptSlug: string;
  let removedSlug: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'standalone-reload-'));
    catalogFile = join(dir, 'catalog.ndjson');
    const slugs = await importCatalog(dir, 'first', [KEPT, REMOVED], catalogFile);
    keptSlug = slugs.get('700000000001') ?? '';
    removedSlug = slugs.get('7000000002') ?? '';
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [entry], {
      env: { LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), CATALOG_FILE: catalogFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if ((await fetch(`${base}/health.json`).catch(() => undefined))?.ok) break;
      if (i === 300) throw new Error('server did not answer within 15 s');
      await sleep(50);
    }
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('serves a catalog imported over its file within 10 s, and answers no old ETag with 304', async () => {
    const before = await catalogVersion(base);
    const kept = await fetch(`${base}/producto/${keptSlug}`);
    const removed = await fetch(`${base}/producto/${removedSlug}`);
    expect([kept.status, removed.status]).toEqual([200, 200]);
    const keptEtag = kept.headers.get('etag') ?? '';
    const removedEtag = removed.headers.get('etag') ?? '';
    expect(keptEtag).toMatch(new RegExp(`^(W/)?"${before}-`));
    // While the catalog stays, a saved ETag does answer 304: what the reload must end.
    const revalidated = await fetch(`${base}/producto/${keptSlug}`, {
      headers: { 'if-none-match': keptEtag },
    });
    expect(revalidated.status).toBe(304);
    const slugs = await importCatalog(dir, 'second', [KEPT, ADDED], catalogFile);
    const addedSlug = slugs.get('700000000003') ?? '';
    expect(slugs.get('700000000001')).toBe(keptSlug);
    const imported = performance.now();
    let after = before;
    let added = 404;
    while (performance.now() - imported < SERVED_WITHIN_MS && (added !== 200 || after === before)) {
      await sleep(100);
      added = (await fetch(`${base}/producto/${addedSlug}`)).status;
      after = await catalogVersion(base);
    }
    const servedMs = Math.round(performance.now() - imported);
    console.log(`standalone: the imported catalog was served ${servedMs} ms after the import`);
    expect(added).toBe(200);
    expect(after).not.toBe(before);
    expect(servedMs).toBeLessThan(SERVED_WITHIN_MS);

    const gone = await fetch(`${base}/producto/${removedSlug}`, {
      headers: { 'if-none-match': removedEtag },
    });
    expect(gone.status).toBe(404);
    const stale = await fetch(`${base}/producto/${keptSlug}`, {
      headers: { 'if-none-match': keptEtag },
    });
    expect(stale.status).toBe(200);
    expect(stale.headers.get('etag')).toMatch(new RegExp(`^(W/)?"${after}-`));
  }, 30_000);
});
