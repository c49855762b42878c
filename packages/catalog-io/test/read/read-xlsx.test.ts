import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReadCatalogResult, SheetSummary } from '../../src/read/row-sink.js';
import { readCatalogFile } from '../../src/read-catalog-file.js';
import { NOW, tempDir } from '../helper.js';
import { writeXlsx, type XlsxTestCell } from '../xlsx.js';

const weidian = (id: number) => `https://weidian.com/item.html?itemID=${7_200_000_000 + id}`;
const taobao = (id: number) => `https://item.taobao.com/item.htm?id=${680_000_000_000 + id}`;

async function read(
  sheets: Parameters<typeof writeXlsx>[1],
  options: { sheet?: string } = {},
): Promise<ReadCatalogResult & { sheets: readonly SheetSummary[] }> {
  const path = join(await tempDir(), 'finds.xlsx');
  await writeXlsx(path, sheets);
  const result = await readCatalogFile(path, { now: NOW, ...options });
  return { ...result, sheets: result.sheets ?? [] };
}

describe('a workbook is one catalog: every tab holding a product table', () => {
  it('reads every product tab, skips the others, and names rows by tab and row', async () => {
    const result = await read([
      {
        name: 'ℹ️ Info / How to order',
        rows: [
          ['Welcome to the EU finds spreadsheet!'],
          ['1. Register at an agent', 'https://agent-a.example/register'],
          ['2. Paste the link', ''],
        ],
      },
      {
        name: '👟 Schuhe',
        rows: [
          ['🔥 EU FINDS SPREADSHEET 🔥'],
          [],
          ['Prices in ¥, click LINK to buy'],
          ['Artikel', 'Preis (¥)', 'Link'],
          ['Nike Dunk Low Panda', 299, weidian(1)],
          ['Jordan 4 Black Cat', '¥499', weidian(2)],
        ],
        merges: ['A1:C1'],
      },
      {
        name: 'Hoodies',
        rows: [
          ['Item', 'Price', 'W2C'],
          ['Stone Island Crewneck', '$40', taobao(3)],
        ],
      },
      {
        name: 'Shipping',
        rows: [
          ['Line', 'Price per kg', 'Days'],
          ['EMS', '¥120', '10-15'],
        ],
      },
    ]);
    expect(result.errors).toEqual([]);
    expect(result.products.map((p) => [p.title, p.category])).toEqual([
      ['Nike Dunk Low Panda', 'sneakers'],
      ['Jordan 4 Black Cat', 'sneakers'],
      ['Stone Island Crewneck', 'hoodies'],
    ]);
    expect(result.sheets.map((s) => [s.name, s.skipped ?? s.header, s.products])).toEqual([
      ['ℹ️ Info / How to order', expect.stringMatching(/no product table/), 0],
      ['👟 Schuhe', 4, 2],
      ['Hoodies', 1, 1],
      ['Shipping', expect.stringMatching(/no product table/), 0],
    ]);
  });

  it('gives a tab’s rows the category its name names, unless a row names its own', async () => {
    const result = await read([
      {
        name: 'Taschen',
        rows: [
          ['Name', 'Price', 'Link', 'Category'],
          ['Goyard Saint Louis PM', '¥380', weidian(4), ''],
          ['Louis Vuitton Keepall', '¥520', weidian(5), 'Bags'],
          ['Hollow Pines Cap', '¥80', weidian(6), 'Hats'],
        ],
      },
    ]);
    expect(result.products.map((p) => p.category)).toEqual(['bags', 'bags', 'caps']);
    expect(result.warnings[0]?.warnings).toContain(
      'category: none given; "bags" from the tab "Taschen"',
    );
  });

  it('reads one tab alone with --sheet, its first row the header when none reads as one', async () => {
    const sheets = [
      {
        name: 'Finds',
        rows: [
          ['Item', 'Price', 'Link'],
          ['Nike Dunk Low', '¥299', weidian(7)],
        ],
      },
      {
        name: 'Odd',
        rows: [
          ['Artikel X', 'Kosten'],
          ['Nike Dunk Low', '¥299'],
        ],
      },
    ];
    const finds = await read(sheets, { sheet: 'Finds' });
    expect(finds.products).toHaveLength(1);
    const odd = await read(sheets, { sheet: 'Odd' });
    expect(odd.products).toHaveLength(0);
    expect(odd.errors[0]).toMatchObject({ where: '"Odd" row 2', sheet: 'Odd', line: 2 });
  });
});

describe('links where the workbook keeps them', () => {
  it('reads hyperlinks behind labels, HYPERLINK formulas with , and ;, and linked titles', async () => {
    const cells: XlsxTestCell[][] = [
      ['Item', 'Price', 'Link', 'QC'],
      ['Nike Dunk Low Panda', '¥299', { text: 'LINK', hyperlink: weidian(10) }, ''],
      ['Jordan 1 Chicago', '¥359', { text: '🔗', hyperlink: weidian(11) }, ''],
      ['Yeezy 350 Zebra', '¥320', { formula: `HYPERLINK("${weidian(12)}","W2C")`, result: 'W2C' }],
      ['New Balance 550', '¥250', { formula: `HYPERLINK("${weidian(13)}";"KAUFEN")` }],
      [
        { text: 'Moncler Maya', hyperlink: weidian(14) },
        '¥899',
        'LINK',
        { formula: 'IMAGE("https://i.imgur.com/Qx7f2Lk.jpg")' },
      ],
      [
        { richText: [{ text: 'Stone Island ' }, { text: 'Shadow Jacket' }] },
        '¥499',
        { text: 'BUY', hyperlink: taobao(15) },
      ],
    ];
    const result = await read([{ name: 'Finds', rows: cells }]);
    expect(result.errors).toEqual([]);
    expect(result.products.map((p) => [p.title, p.item_id])).toEqual([
      ['Nike Dunk Low Panda', '7200000010'],
      ['Jordan 1 Chicago', '7200000011'],
      ['Yeezy 350 Zebra', '7200000012'],
      ['New Balance 550', '7200000013'],
      ['Moncler Maya', '7200000014'],
      ['Stone Island Shadow Jacket', '680000000015'],
    ]);
    expect(result.products[4]?.qc_photos).toEqual(['https://i.imgur.com/Qx7f2Lk.jpg']);
  });

  it('reads an IMAGE picture as a photo in any column, and a title’s link as the listing', async () => {
    const result = await read([
      {
        name: 'Finds',
        rows: [
          ['📷', 'Item', 'Price'],
          [
            { formula: 'IMAGE("https://i.imgur.com/Qx7f2Lk.jpg")' },
            { text: 'Nike Dunk Low Panda', hyperlink: weidian(20) },
            '¥299',
          ],
        ],
      },
    ]);
    expect(result.errors).toEqual([]);
    expect(result.products[0]).toMatchObject({
      item_id: '7200000020',
      qc_photos: ['https://i.imgur.com/Qx7f2Lk.jpg'],
    });
  });

  it('refuses a label with no link behind it, saying so', async () => {
    const result = await read([
      {
        name: 'Finds',
        rows: [
          ['Item', 'Price', 'Link'],
          ['Nike Dunk Low', '¥299', 'LINK'],
        ],
      },
    ]);
    expect(result.errors[0]?.reason).toMatch(/"LINK" is only a link's label/);
  });
});
