import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { describe, expect, it } from 'vitest';
import { loadIndexConfig } from '../src/config.js';
import { loadCatalog } from '../src/load-catalog.js';
import { readCatalogFile } from '../src/read-catalog-file.js';
import { writeCatalogFile } from '../src/write-catalog-file.js';
import { tempDir } from './helper.js';

describe('writeCatalogFile', () => {
  it('writes NDJSON atomically into a new directory, leaving no temporary file', async () => {
    const dir = await tempDir();
    const path = join(dir, 'nested', 'catalog.ndjson');
    const products = generateSampleCatalog({ count: 2_500 });
    await writeCatalogFile(path, products);
    expect(await readdir(join(dir, 'nested'))).toEqual(['catalog.ndjson']);
    const text = await readFile(path, 'utf8');
    expect(text.split('\n')).toHaveLength(2_501);
    const back = await readCatalogFile(path);
    expect(back.errors).toEqual([]);
    expect(back.products).toEqual(products);
  });

  it('replaces an existing file, and leaves it alone when the write fails', async () => {
    const dir = await tempDir();
    const path = join(dir, 'catalog.ndjson');
    await writeFile(path, 'old\n');
    await writeCatalogFile(path, generateSampleCatalog({ count: 3 }));
    expect((await readFile(path, 'utf8')).split('\n')).toHaveLength(4);

    // A directory where the file should go makes the rename fail.
    const blocked = join(dir, 'blocked');
    await writeCatalogFile(join(blocked, 'x'), []);
    await expect(writeCatalogFile(blocked, [])).rejects.toMatchObject({ code: 'FILE_WRITE' });
    expect((await readdir(dir)).sort()).toEqual(['blocked', 'catalog.ndjson']);
  });
});

describe('loadCatalog', () => {
  it('gives the sample catalog without a file', async () => {
    const catalog = await loadCatalog();
    expect(catalog.source).toBe('sample');
    expect(catalog.products).toHaveLength(17_917);
    const seeded = await loadCatalog({ seed: 3 });
    expect(seeded.products[0]).toEqual(generateSampleCatalog({ seed: 3 })[0]);
  });

  it('reads the file when there is one', async () => {
    const path = join(await tempDir(), 'c.ndjson');
    await writeCatalogFile(path, generateSampleCatalog({ count: 10 }));
    const catalog = await loadCatalog({ file: path, seed: 3 });
    expect(catalog).toMatchObject({ source: 'file', errors: [] });
    expect(catalog.products).toHaveLength(10);
  });
});

describe('loadIndexConfig', () => {
  it('names a missing or invalid variable', () => {
    expect(() => loadIndexConfig({})).toThrow(/MEILISEARCH_URL: is required for "catalog index"/);
    expect(() => loadIndexConfig({ MEILISEARCH_URL: 'localhost:7700' })).toThrow(/MEILISEARCH_URL/);
    expect(() =>
      loadIndexConfig({ MEILISEARCH_URL: 'http://m:7700', MEILISEARCH_INDEX: 'a b' }),
    ).toThrow(/MEILISEARCH_INDEX/);
  });

  it('applies defaults', () => {
    expect(loadIndexConfig({ MEILISEARCH_URL: 'http://m:7700', MEILISEARCH_API_KEY: 'k' })).toEqual(
      {
        host: 'http://m:7700',
        apiKey: 'k',
        indexUid: 'products',
        timeoutMs: 2000,
        urlPollMs: 60_000,
        urlMaxBytes: 50 * 1024 * 1024,
      },
    );
  });
});
