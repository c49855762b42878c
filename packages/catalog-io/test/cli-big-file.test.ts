import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogFile } from '../src/read-catalog-file.js';
import { writeCatalogFile } from '../src/write-catalog-file.js';
import { bigCatalogItemId, writeBigCatalogCsv } from './big-catalog.js';
import { tempDir } from './helper.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const cli = join(packageDir, 'dist', 'cli.js');
const reportMaxRss = pathToFileURL(join(packageDir, 'test', 'fixtures', 'report-max-rss.mjs'));

const BIG_BYTES = 100 * 1024 * 1024;
/** Peak RSS allowed to the import of the 100 MB file (it holds only slugs and item ids). */
const MAX_RSS_BYTES = 600 * 1024 * 1024;

let dir: string;
let big: string;
let bigRows: number;

beforeAll(async () => {
  if (!existsSync(cli)) throw new Error('build the package first (pnpm test builds it)');
  dir = await mkdtemp(join(tmpdir(), 'catalog-io-big-'));
  big = join(dir, 'export.csv');
  bigRows = await writeBigCatalogCsv(big, BIG_BYTES);
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

/** Starts `catalog import` as a real process and collects its output. */
function startImport(input: string, out: string) {
  const child = spawn(
    process.execPath,
    ['--import', reportMaxRss.href, cli, 'import', input, '--out', out],
    { env: {}, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    output.stdout += text;
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    output.stderr += text;
  });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, output, exited };
}

/** Resolves once `child` has reported progress of at least `percent` on stderr. */
function progressReached(child: ChildProcess, percent: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (text: string) => {
      seen += text;
      const reported = [...seen.matchAll(/: (\d+)%$/gm)].map((match) => Number(match[1]));
      if (!reported.some((value) => value >= percent)) return;
      child.stderr?.off('data', onData);
      resolve();
    };
    child.stderr?.on('data', onData);
    child.once('exit', () => reject(new Error(`the import ended before reporting ${percent}%`)));
  });
}

/** Counts the lines of a file without holding it. */
async function countLines(path: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    let at = chunk.indexOf(0x0a);
    while (at !== -1) {
      lines++;
      at = chunk.indexOf(0x0a, at + 1);
    }
  }
  return lines;
}

describe('catalog import of a 100 MB file', () => {
  it('streams it through in bounded memory, reporting progress', async () => {
    expect((await stat(big)).size).toBeGreaterThanOrEqual(BIG_BYTES);
    const out = join(await tempDir(), 'catalog.ndjson');
    const { output, exited } = startImport(big, out);
    const [code] = await exited;
    expect(output.stderr).not.toMatch(/catalog: /);
    expect(code).toBe(0);
    expect(output.stdout).toContain(
      `${bigRows.toLocaleString('en-US')} loaded (0 with warnings), 0 rejected`,
    );

    // Progress: a line per 10% on a pipe, in order, up to 100%.
    const reported = [...output.stderr.matchAll(/^reading .*export\.csv: (\d+)%$/gm)].map((match) =>
      Number(match[1]),
    );
    expect(reported).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);

    const maxRss = Number(/^max-rss-bytes (\d+)$/m.exec(output.stderr)?.[1]);
    expect(maxRss).toBeGreaterThan(0);
    expect(maxRss).toBeLessThan(MAX_RSS_BYTES);

    expect(await countLines(out)).toBe(bigRows);
    const text = await readFile(out, 'utf8');
    const last = JSON.parse(text.slice(text.lastIndexOf('\n', text.length - 2) + 1));
    expect(last).toMatchObject({ item_id: bigCatalogItemId(bigRows - 1), marketplace: 'weidian' });
  }, 120_000);

  it('killed in the middle (SIGKILL), leaves the previous catalog whole; the next run cleans up', async () => {
    const outDir = await tempDir();
    const out = join(outDir, 'catalog.ndjson');
    const previous = generateSampleCatalog({ count: 50, seed: 5 });
    await writeCatalogFile(out, previous);
    const before = await readFile(out);

    const { child, exited } = startImport(big, out);
    // Readers keep opening the target while the import runs: each must find the old catalog.
    let reads = 0;
    let halfFiles = 0;
    let polling = true;
    const poll = (async () => {
      while (polling) {
        if (!(await readFile(out)).equals(before)) halfFiles++;
        reads++;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await progressReached(child, 40);
    child.kill('SIGKILL');
    const [, signal] = await exited;
    polling = false;
    await poll;
    expect(signal).toBe('SIGKILL');
    expect(reads).toBeGreaterThan(10);
    expect(halfFiles).toBe(0);

    // The old catalog is still there, byte for byte, and valid; beside it, the half-written
    // temporary file of the killed process.
    expect((await readFile(out)).equals(before)).toBe(true);
    const reread = await readCatalogFile(out);
    expect(reread.errors).toEqual([]);
    expect(reread.products).toEqual(previous);
    const stale = `catalog.ndjson.tmp-${child.pid}`;
    expect((await readdir(outDir)).sort()).toEqual(['catalog.ndjson', stale]);
    expect((await stat(join(outDir, stale))).size).toBeGreaterThan(1024 * 1024);

    // The next import switches to the new catalog and removes what the killed one left.
    const small = join(outDir, 'small.ndjson');
    await writeCatalogFile(small, generateSampleCatalog({ count: 20, seed: 6 }));
    const next = startImport(small, out);
    expect((await next.exited)[0]).toBe(0);
    expect((await readdir(outDir)).sort()).toEqual([
      'catalog.ndjson',
      'catalog.ndjson.prepared',
      'small.ndjson',
    ]);
    expect((await readCatalogFile(out)).products).toHaveLength(20);
  }, 120_000);
});
