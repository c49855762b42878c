import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_LEXICON, recognizeBrand } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { loadLexicon } from '../src/load-lexicon.js';
import { openCatalog } from '../src/open-catalog.js';

const dir = mkdtempSync(join(tmpdir(), 'lexicon-'));

describe('loadLexicon', () => {
  it('gives the default lexicon without a file', async () => {
    expect(await loadLexicon()).toBe(DEFAULT_LEXICON);
  });

  it('adds the words of an operator file to the defaults', async () => {
    const file = join(dir, 'lexicon.json');
    writeFileSync(
      file,
      JSON.stringify({ version: 1, brands: [{ name: 'Nike', aliases: ['swooshy'] }] }),
    );
    const lexicon = await loadLexicon(file);
    expect(recognizeBrand('swooshy dunk', lexicon)).toBe('Nike');
    expect(lexicon.nicknames).toEqual(DEFAULT_LEXICON.nicknames);
  });

  it('gives the same lexicon again while the file says the same, a new one once it changes', async () => {
    const file = join(dir, 'reloaded.json');
    const words = (alias: string) =>
      JSON.stringify({ version: 1, brands: [{ name: 'Nike', aliases: [alias] }] });
    writeFileSync(file, words('swooshy'));
    const first = await loadLexicon(file);
    // Written again, spaced otherwise: the same words.
    writeFileSync(file, JSON.stringify(JSON.parse(words('swooshy')), null, 2));
    expect(await loadLexicon(file)).toBe(first);
    writeFileSync(file, words('swooshier'));
    const changed = await loadLexicon(file);
    expect(changed).not.toBe(first);
    expect(recognizeBrand('swooshier dunk', changed)).toBe('Nike');
    expect(recognizeBrand('swooshier dunk', first)).not.toBe('Nike');
  });

  it('names a missing file, broken JSON, a bad version and a conflict clearly', async () => {
    await expect(loadLexicon(join(dir, 'missing.json'))).rejects.toThrow(
      /cannot read the lexicon file/,
    );
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ "version": 1,');
    await expect(loadLexicon(broken)).rejects.toThrow(/not valid JSON/);
    const old = join(dir, 'old.json');
    writeFileSync(old, JSON.stringify({ version: 2 }));
    await expect(loadLexicon(old)).rejects.toMatchObject({
      code: 'LEXICON_INVALID',
      message: expect.stringContaining('/version: must be 1'),
    });
    const clash = join(dir, 'clash.json');
    writeFileSync(clash, JSON.stringify({ version: 1, fillers: { en: ['nike'] } }));
    await expect(loadLexicon(clash)).rejects.toThrow(/"nike" is also brand Nike/);
  });

  it('is read when the catalog opens: the index searches with the operator’s words', async () => {
    const file = join(dir, 'open.json');
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        nicknames: [{ words: ['zz9'], means: ['dunk'], brand: 'Nike' }],
      }),
    );
    const opened = await openCatalog({ engine: 'embedded', lexiconFile: file, seed: 1 });
    const result = await opened.index.search({ q: 'zz9', limit: 3 });
    expect(result.total).toBeGreaterThan(0);
    expect(result.hits.every((p) => p.title.includes('Dunk'))).toBe(true);
    // The catalog file's rows are read with the same words: a brand only the operator's file knows.
    const csv = join(dir, 'catalog.csv');
    writeFileSync(
      csv,
      'title,category,price,marketplace,item_id\nZz9 Runner Navy,sneakers,300,weidian,7123456789\n',
    );
    const withFile = await openCatalog({ engine: 'embedded', lexiconFile: file, file: csv });
    const [product] = (await withFile.index.search({})).hits;
    expect(product).toMatchObject({ title: 'Zz9 Runner Navy', brand: 'Nike' });
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ version: 1, fillers: { en: ['!!!'] } }));
    await expect(openCatalog({ engine: 'embedded', lexiconFile: bad })).rejects.toMatchObject({
      code: 'LEXICON_INVALID',
    });
  });
});
