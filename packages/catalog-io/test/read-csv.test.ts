import { describe, expect, it } from 'vitest';
import { readCatalogFile } from '../src/read-catalog-file.js';
import { NOW, tempFile } from './helper.js';

const HEADER = 'title,brand,category,price_cny,marketplace,item_id';

describe('readCatalogFile: CSV', () => {
  it('keeps good rows and names each bad row by the line it starts on (BOM, CRLF, quotes)', async () => {
    const lines = [
      `\uFEFF${HEADER}`, // 1
      '"Dunk Low, Panda",Nike,sneakers,368,weidian,7234567890', // 2: a comma inside quotes
      '', // 3: blank, skipped
      '"Jordan 4', // 4: a quoted new line: the record spans lines 4-5
      '""Black Cat""",Jordan,sneakers,abc,weidian,7234567891', // 5
      'Gift Card,Adidas,groceries,199,taobao,612345678901', // 6: bad category
      ',,,,,', // 7: spreadsheet padding, not a row
      'Short,row', // 8: too few fields
      'Good Hoodie,Essentials,hoodies,199,1688,712345678901', // 9
      'Dup,Nike,sneakers,99,weidian,7234567890', // 10: same item as line 2
    ];
    const path = await tempFile('catalog.csv', `${lines.join('\r\n')}\r\n`);
    const result = await readCatalogFile(path, { now: NOW });

    expect(result.products.map((p) => p.title)).toEqual(['Dunk Low, Panda', 'Good Hoodie']);
    expect(result.rows).toBe(6);
    expect(result.errors).toEqual([
      { line: 4, where: 'line 4', reason: 'price: must be a positive number, got "abc"' },
      {
        line: 6,
        where: 'line 6',
        reason: expect.stringMatching(/^category: "groceries" is not one of accessories, bags, /),
      },
      {
        line: 8,
        where: 'line 8',
        reason: expect.stringMatching(/^has 2 fields, the header has 6/),
      },
      { line: 10, where: 'line 10', reason: 'duplicate weidian item 7234567890 (first at line 2)' },
    ]);
    expect(result.products[0]).toMatchObject({
      slug: 'nike-dunk-low-panda-7234567890',
      price: 368,
      created_at: NOW,
      listing_url: 'https://weidian.com/item.html?itemID=7234567890',
    });
  });

  it('counts lines the same with LF endings and many quoted new lines', async () => {
    const multi = '"a\nb\nc"';
    const lines = [
      HEADER,
      `${multi},Nike,sneakers,1,weidian,7234567890`,
      `${multi},Nike,sneakers,x,weidian,7234567891`,
    ];
    const result = await readCatalogFile(await tempFile('c.csv', lines.join('\n')), { now: NOW });
    expect(result.products).toHaveLength(1);
    expect(result.errors).toEqual([
      { line: 5, where: 'line 5', reason: 'price: must be a positive number, got "x"' },
    ]);
  });

  it('reports duplicate slugs', async () => {
    const lines = [
      `slug,${HEADER}`,
      'dunk-7234567890,Dunk,Nike,sneakers,1,weidian,7234567890',
      'dunk-7234567890,Dunk,Nike,sneakers,1,taobao,7234567890',
    ];
    const result = await readCatalogFile(await tempFile('d.csv', lines.join('\n')), { now: NOW });
    expect(result.products).toHaveLength(1);
    expect(result.errors).toEqual([
      { line: 3, where: 'line 3', reason: 'duplicate slug "dunk-7234567890" (first at line 2)' },
    ]);
  });

  it('reports a broken quote at its line without losing the rows before it', async () => {
    const lines = [
      HEADER,
      'Dunk,Nike,sneakers,1,weidian,7234567890',
      '"Bad"quote,Nike,sneakers,1,weidian,7234567891',
      'Later,Nike,sneakers,1,weidian,7234567892',
    ];
    const result = await readCatalogFile(await tempFile('q.csv', lines.join('\n')), { now: NOW });
    expect(result.products.map((p) => p.title)).toEqual(['Dunk']);
    expect(result.errors[0]).toMatchObject({ line: 3, reason: expect.stringMatching(/^CSV: /) });
  });

  it('streams with progress up to the file size', async () => {
    const rows = Array.from(
      { length: 3000 },
      (_, i) => `Item ${i},Nike,sneakers,99,weidian,${7_000_000_000 + i}`,
    );
    const path = await tempFile('big.csv', [HEADER, ...rows].join('\n'));
    const seen: [number, number][] = [];
    const result = await readCatalogFile(path, {
      now: NOW,
      onProgress: (read, total) => seen.push([read, total]),
    });
    expect(result.products).toHaveLength(3000);
    expect(seen.at(-1)?.[0]).toBe(seen.at(-1)?.[1]);
  });
});

describe('readCatalogFile: CSV bytes that are not UTF-8', () => {
  const latin1 = (text: string) => Buffer.from(text, 'latin1');

  it('refuses the row with the bad bytes, by the line it starts on, and keeps the others', async () => {
    const bytes = Buffer.concat([
      Buffer.from(`${HEADER}\r\n`),
      Buffer.from('"Dunk Low\r\nPanda",Nike,sneakers,368,weidian,7234567890\r\n'), // lines 2-3
      latin1('"Caf\u00e9\r\nRacer",Nike,sneakers,368,weidian,7234567891\r\n'), // lines 4-5: Latin-1 é
      Buffer.from('Caf\u00e9 \uFFFD Tee,Nike,t-shirts,99,weidian,7234567892\r\n'), // 6: real UTF-8
    ]);
    const result = await readCatalogFile(await tempFile('latin1.csv', bytes), { now: NOW });
    expect(result.errors).toEqual([
      {
        line: 4,
        where: 'line 4',
        reason: expect.stringMatching(/^not valid UTF-8: .*save the file as UTF-8$/),
      },
    ]);
    // A U+FFFD that was in the file as UTF-8 is data, not a decoding accident.
    expect(result.products.map((p) => p.title)).toEqual(['Dunk Low Panda', 'Caf\u00e9 \uFFFD Tee']);
    expect(result.products.some((p) => p.title.startsWith('Caf\uFFFD'))).toBe(false);
  });

  it('finds bad bytes in a record that spans two reads', async () => {
    // Blank lines up to just before the end of the first 64 KiB read; the next record starts
    // there and its Latin-1 byte comes after it.
    const padding = 65_536 - HEADER.length - 1 - 2;
    const bytes = Buffer.concat([
      Buffer.from(`${HEADER}\n${'\n'.repeat(padding)}`),
      latin1('"Caf\u00e9\nRacer",Nike,sneakers,1,weidian,7234567890\n'),
      Buffer.from('"Caf\u00e9\nRacer",Nike,sneakers,1,weidian,7234567891\n'),
    ]);
    const result = await readCatalogFile(await tempFile('long.csv', bytes), { now: NOW });
    expect(result.errors).toEqual([
      {
        line: padding + 2,
        where: `line ${padding + 2}`,
        reason: expect.stringMatching(/^not valid UTF-8/),
      },
    ]);
    expect(result.products.map((p) => [p.title, p.item_id])).toEqual([
      ['Caf\u00e9 Racer', '7234567891'],
    ]);
  });

  it('refuses a file whose header is not UTF-8: no column of it can be trusted', async () => {
    const path = await tempFile('gbk.csv', latin1(`t\u00eftle,brand\ncap,Nike\n`));
    await expect(readCatalogFile(path)).rejects.toMatchObject({
      code: 'FILE_READ',
      message: expect.stringContaining('the header (line 1) is not valid UTF-8'),
    });
  });
});
