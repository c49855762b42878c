import { describe, expect, it } from 'vitest';
import { readCatalogFile } from '../src/read-catalog-file.js';
import { NOW, tempFile } from './helper.js';

const good = (itemId: string, title = 'Dunk') => ({
  title,
  brand: 'Nike',
  category: 'sneakers',
  price: 368,
  url: `https://weidian.com/item.html?itemID=${itemId}`,
});

describe('readCatalogFile: NDJSON', () => {
  it('reports a broken JSON line and a non-object, keeps the rest', async () => {
    const lines = [
      JSON.stringify(good('7234567890')),
      '{"title": "broken", ',
      '',
      '[1, 2]',
      JSON.stringify({ ...good('7234567891'), price: 'abc' }),
      JSON.stringify(good('7234567892', 'Second')),
    ];
    const result = await readCatalogFile(
      await tempFile('c.ndjson', `\uFEFF${lines.join('\r\n')}`),
      { now: NOW },
    );
    expect(result.products.map((p) => p.title)).toEqual(['Dunk', 'Second']);
    expect(result.rows).toBe(5);
    expect(result.errors).toEqual([
      { line: 2, where: 'line 2', reason: expect.stringMatching(/^not valid JSON: /) },
      { line: 4, where: 'line 4', reason: 'must be a JSON object, got an array' },
      { line: 5, where: 'line 5', reason: 'price: must be a positive number, got "abc"' },
    ]);
  });

  it('refuses a line that is not UTF-8 and reports duplicate slugs, keeping the rest', async () => {
    const bytes = Buffer.concat([
      Buffer.from(`${JSON.stringify(good('7234567890'))}\n`),
      Buffer.from(`${JSON.stringify(good('7234567891', 'Caf\u00e9'))}\n`, 'latin1'),
      // Another marketplace, the same item id: the same slug.
      Buffer.from(
        `${JSON.stringify({ title: 'Dunk', brand: 'Nike', category: 'sneakers', price: 1, marketplace: 'taobao', item_id: '7234567890' })}\n`,
      ),
      Buffer.from(`${JSON.stringify(good('7234567893', 'Caf\u00e9 \uFFFD'))}\n`),
    ]);
    const result = await readCatalogFile(await tempFile('c.ndjson', bytes), { now: NOW });
    expect(result.products.map((p) => p.title)).toEqual(['Dunk', 'Caf\u00e9 \uFFFD']);
    expect(result.errors).toEqual([
      { line: 2, where: 'line 2', reason: expect.stringMatching(/^not valid UTF-8: /) },
      {
        line: 3,
        where: 'line 3',
        reason: 'duplicate slug "nike-dunk-7234567890" (first at line 1)',
      },
    ]);
  });

  it('keeps a character split between two reads whole', async () => {
    // Blank lines up to just before the end of the first 64 KiB read, then a line whose é
    // straddles it.
    const line = JSON.stringify({ ...good('7234567890'), title: 'Caf\u00e9 Racer' });
    const padding = 65_536 - line.indexOf('\u00e9') - 1;
    const result = await readCatalogFile(
      await tempFile('c.ndjson', `${'\n'.repeat(padding)}${line}\n${line}`),
      { now: NOW },
    );
    expect(result.products.map((p) => p.title)).toEqual(['Caf\u00e9 Racer']);
    expect(result.errors).toEqual([
      {
        line: padding + 2,
        where: `line ${padding + 2}`,
        reason: expect.stringMatching(/^duplicate slug /),
      },
    ]);
  });

  it('reads .jsonl too', async () => {
    const result = await readCatalogFile(
      await tempFile('c.jsonl', JSON.stringify(good('7234567890'))),
      { now: NOW },
    );
    expect(result.products).toHaveLength(1);
  });
});

describe('readCatalogFile: JSON', () => {
  it('reads an array, naming bad elements by item number', async () => {
    const items = [
      good('7234567890'),
      'nope',
      { ...good('7234567891'), title: 'Gift Card', category: 'groceries' },
      good('7234567890', 'Dup'),
    ];
    const result = await readCatalogFile(await tempFile('c.json', JSON.stringify(items, null, 2)), {
      now: NOW,
    });
    expect(result.products.map((p) => p.title)).toEqual(['Dunk']);
    expect(result.rows).toBe(4);
    expect(result.errors.map((e) => `${e.where}: ${e.reason}`)).toEqual([
      'item 2: must be a JSON object, got a string',
      expect.stringMatching(/^item 3: category: "groceries" is not one of accessories, /),
      'item 4: duplicate weidian item 7234567890 (first at item 1)',
    ]);
  });

  it('reads a file with a BOM and CRLF line endings', async () => {
    const text = `\uFEFF${JSON.stringify([good('7234567890')], null, 2).replaceAll('\n', '\r\n')}`;
    const result = await readCatalogFile(await tempFile('c.json', text), { now: NOW });
    expect(result).toMatchObject({ errors: [], rows: 1 });
  });

  it('refuses a document with bytes that are not UTF-8, naming the line', async () => {
    const text = JSON.stringify([good('7234567890'), good('7234567891', 'Caf\u00e9')], null, 2);
    const path = await tempFile('c.json', Buffer.from(text, 'latin1'));
    const result = await readCatalogFile(path, { now: NOW });
    expect(result.products).toEqual([]);
    expect(result.errors).toEqual([
      {
        line: 10,
        where: 'line 10',
        reason: expect.stringMatching(/^not valid UTF-8: .*\(the JSON file was not read\)$/),
      },
    ]);
  });

  it('reads {"products": [...]}', async () => {
    const document = { products: [good('7234567890'), good('7234567891', 'Two')] };
    const result = await readCatalogFile(await tempFile('c.json', JSON.stringify(document)), {
      now: NOW,
    });
    expect(result.products).toHaveLength(2);
  });

  it('reports invalid JSON at its line, and a document of the wrong shape', async () => {
    const broken = await readCatalogFile(
      await tempFile('b.json', '[\n{"title": "a"},\n{oops}\n]'),
      { now: NOW },
    );
    expect(broken.products).toEqual([]);
    expect(broken.errors).toEqual([
      { line: 3, where: 'line 3', reason: expect.stringMatching(/^not valid JSON/) },
    ]);
    const shape = await readCatalogFile(await tempFile('s.json', '{"items": []}'), { now: NOW });
    expect(shape.errors[0]?.reason).toBe(
      'must be an array of products or {"products": [...]}, got an object',
    );
  });
});

const NOTHING_READ = { products: [], errors: [], warnings: [], sections: [], learned: [], rows: 0 };

describe('readCatalogFile: empty files and unknown formats', () => {
  it.each(['e.csv', 'e.json', 'e.ndjson'])('%s: nothing valid, nothing thrown', async (name) => {
    const result = await readCatalogFile(await tempFile(name, ''), { now: NOW });
    expect(result).toEqual(NOTHING_READ);
  });

  it('a CSV with a header only has no rows', async () => {
    const result = await readCatalogFile(await tempFile('h.csv', 'title,brand\r\n'), { now: NOW });
    expect(result).toEqual(NOTHING_READ);
  });

  it('throws CatalogIoError for a missing file or an unknown extension', async () => {
    await expect(readCatalogFile('/nonexistent/x.csv')).rejects.toMatchObject({
      name: 'CatalogIoError',
      code: 'FILE_READ',
    });
    await expect(readCatalogFile(await tempFile('x.ods', ''))).rejects.toMatchObject({
      code: 'FORMAT_UNKNOWN',
    });
    const forced = await readCatalogFile(
      await tempFile('x.txt', JSON.stringify(good('7234567890'))),
      { format: 'ndjson' },
    );
    expect(forced.products).toHaveLength(1);
  });
});
