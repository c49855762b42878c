import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCatalogIoError } from '../../src/errors.js';
import { readCatalogFile } from '../../src/read-catalog-file.js';
import { catalog, ensureCli, NOW, tempDir, tempFile } from '../helper.js';

const weidian = (id: number) => `https://weidian.com/item.html?itemID=${7_200_000_000 + id}`;

describe('a CSV tab downloaded alone: the header where it is', () => {
  it('skips a banner, a note and blank rows before the header, and names rows by their line', async () => {
    const path = await tempFile(
      'finds.csv',
      [
        '🔥 EU FINDS SPREADSHEET 🔥,,,',
        'Prices in yuan; click the link to buy,,,',
        ',,,',
        'Artikel,Preis (¥),Link,QC',
        `Nike Dunk Low Panda,299,${weidian(1)},`,
        `Jordan 4 Black Cat,499,${weidian(2)},https://i.imgur.com/Qx7f2Lk.jpg`,
      ].join('\n'),
    );
    const result = await readCatalogFile(path, { now: NOW });
    expect(result.errors).toEqual([]);
    expect(result.rows).toBe(2);
    expect(result.products.map((p) => [p.title, p.price])).toEqual([
      ['Nike Dunk Low Panda', 299],
      ['Jordan 4 Black Cat', 499],
    ]);
  });

  it('keeps its first row as the header when no row reads as one, as before', async () => {
    const path = await tempFile('odd.csv', 'Artikel X,Kosten\nNike Dunk Low,299\n');
    const result = await readCatalogFile(path, { now: NOW });
    expect(result.products).toEqual([]);
    expect(result.errors.map((e) => e.where)).toEqual(['line 2']);
  });
});

describe('a CSV whose links were lost in the download', () => {
  const labels = ['LINK', 'W2C', 'KAUFEN', '🔗', 'BUY'];
  const sheet = (rows: number, link: (i: number) => string) =>
    [
      'Item,Price,Link,Category',
      ...Array.from({ length: rows }, (_, i) => `Nike Dunk Low ${i},¥299,${link(i)},sneakers`),
    ].join('\n');

  it('stops with one error saying the links were lost and to download the .xlsx', async () => {
    const path = await tempFile(
      'finds.csv',
      sheet(300, (i) => labels[i % labels.length] ?? ''),
    );
    const error = await readCatalogFile(path, { now: NOW }).catch((e: unknown) => e);
    expect(isCatalogIoError(error) && error.code).toBe('LINKS_LOST');
    expect((error as Error).message).toMatch(
      /the link column "Link" holds only labels \("LINK", "W2C", "KAUFEN", "🔗"\), not links.*download the sheet as \.xlsx/,
    );
  });

  it('is one line from the CLI, exit 1, nothing written', async () => {
    await ensureCli();
    const path = await tempFile(
      'finds.csv',
      sheet(300, () => 'LINK'),
    );
    const out = join(await tempDir(), 'catalog.ndjson');
    const result = await catalog(['import', path, '--out', out]);
    expect(result.code).toBe(1);
    const said = `${result.stdout}${result.stderr}`.split('\n').filter((l) => /LINK/.test(l));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^catalog: .*holds only labels \("LINK"\).*\.xlsx/);
    expect(result.stdout).not.toMatch(/^line \d+:/m);
  });

  it('refuses label rows one by one when other rows keep their links', async () => {
    const path = await tempFile(
      'finds.csv',
      sheet(4, (i) => (i === 2 ? 'LINK' : weidian(10 + i))),
    );
    const result = await readCatalogFile(path, { now: NOW });
    expect(result.products).toHaveLength(3);
    expect(result.errors).toEqual([
      { line: 4, where: 'line 4', reason: expect.stringMatching(/"LINK" is only a link's label/) },
    ]);
  });
});
