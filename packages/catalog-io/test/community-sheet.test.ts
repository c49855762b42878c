import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_CURRENCY_RATES,
  DEFAULT_LEXICON,
  formatPrice,
  listingUrl,
  type Product,
  recognizeBrand,
  toCny,
} from '@repo/catalog-core';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadCatalogResult } from '../src/read/row-sink.js';
import { readCatalogFile } from '../src/read-catalog-file.js';
import { NOW } from './helper.js';
import { writeXlsx, type XlsxTestCell } from './xlsx.js';

const fixture = fileURLToPath(new URL('fixtures/community-sheet.csv', import.meta.url));

/** The truly bad rows of the fixture: the only ones refused, each with its reason. */
const BAD_ROWS: Readonly<Record<number, RegExp>> = {
  22: /^listing_url: a short link, which only opening it would resolve; .*"https:\/\/m\.tb\.cn\/h\.5xYzAbC"$/,
  43: /^price: required \("TBD" read as empty\)$/,
  64: /^listing_url: a weidian link, but not to an item/,
  85: /^title: required/,
  107: /^category: required \(none given, and the title names none\)$/,
  128: /^price: holds several amounts and none in CNY, got "\$5 €5"$/,
  149: /^listing_url: not a weidian, taobao or 1688 item link, nor a product link of Lantern Buy, Bamboo Cart, Jade Parcel, got "https:\/\/example\.com\/goyard-wallet"$/,
  170: /^duplicate 1688 item 700000260726 \(first at (line 4|"Finds" row 4)\)$/,
  191: /^price: must be at most 1,000,000 CNY, got "¥2,000,000"$/,
};

let rows: string[][];
let csv: ReadCatalogResult;
let xlsx: ReadCatalogResult;
let dir: string;

beforeAll(async () => {
  rows = parse(await readFile(fixture), { bom: true, relax_column_count: true }) as string[][];
  csv = await readCatalogFile(fixture, { now: NOW });
  dir = await mkdtemp(join(tmpdir(), 'catalog-io-sheet-'));
  const path = join(dir, 'community-sheet.xlsx');
  await writeXlsx(path, [
    {
      name: 'Finds',
      rows: rows.map((row, index) => row.map((cell, column) => asXlsxCell(cell, column, index))),
    },
    {
      name: 'Sizing',
      rows: [
        ['Size', 'EU'],
        ['M', '48'],
      ],
    },
  ]);
  xlsx = await readCatalogFile(path, { now: NOW });
}, 30_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

/**
 * The sheet as spreadsheet apps save it: some prices as numbers formatted as currency, some
 * links behind a `HYPERLINK` formula, USD prices as plain numbers.
 */
function asXlsxCell(cell: string, column: number, index: number): XlsxTestCell {
  if (index === 0 || cell === '') return cell === '' ? undefined : cell;
  const dollars = /^\$(\d+\.\d\d)$/.exec(cell);
  if (column === 2 && dollars) return { value: Number(dollars[1]), numFmt: '"$"#,##0.00' };
  const yuan = /^¥(\d+)$/.exec(cell);
  if (column === 2 && yuan && index % 2 === 0)
    return { value: Number(yuan[1]), numFmt: '[$¥-804]#,##0' };
  if (column === 3 && /^\d+$/.test(cell)) return Number(cell);
  if (column === 4 && index % 3 === 0)
    return { formula: `HYPERLINK("${cell}","LINK")`, result: 'LINK' };
  return cell;
}

/** The rows of the fixture that should load, by line. */
function goodLines(): number[] {
  return rows
    .map((_, index) => index + 1)
    .filter(
      (line) => line > 1 && !(line in BAD_ROWS) && rows[line - 1]?.some((cell) => cell !== ''),
    );
}

describe('a community sheet of 200+ rows', () => {
  it('is shaped like the real ones', () => {
    expect(goodLines().length).toBeGreaterThanOrEqual(200);
    const links = rows.map((row) => row[4] ?? '').join('\n');
    for (const shape of [
      'agent-a.example',
      'agent-b.example',
      'agent-c.example',
      'tmall.com/item_o.htm',
      'm.intl.taobao.com',
      'k.youshop10.com',
      'm.1688.com',
      'http://',
    ]) {
      expect(links).toContain(shape);
    }
  });

  for (const [format, where] of [
    ['csv', 'line'],
    ['xlsx', '"Finds" row'],
  ] as const) {
    describe(`as ${format.toUpperCase()}`, () => {
      const result = () => (format === 'csv' ? csv : xlsx);

      it('refuses only the truly bad rows, each with its line and reason', () => {
        const errors = result().errors;
        expect(errors.map((e) => e.where)).toEqual(
          Object.keys(BAD_ROWS).map((line) => `${where} ${line}`),
        );
        for (const error of errors) expect(error.reason).toMatch(BAD_ROWS[error.line] as RegExp);
      });

      it('loads every good row as the listing its link points at', () => {
        const { products } = result();
        expect(products).toHaveLength(goodLines().length);
        const byLine = new Map<number, Product>(
          goodLines().map((line, i) => [line, products[i] as Product]),
        );
        for (const [line, product] of byLine) {
          const row = rows[line - 1] as string[];
          expect(row[4] ?? '', `line ${line}`).toContain(product.item_id);
          expect(product.listing_url).toBe(listingUrl(product.marketplace, product.item_id));
          expect(product.title).toBe(row[0]);
          // A given brand is kept, in the lexicon's spelling (Stussy → Stüssy).
          if (row[1]) expect(product.brand).toBe(recognizeBrand(row[1], DEFAULT_LEXICON) ?? row[1]);
        }
        // Agent links of all three agents, raw links in their other forms.
        expect(byLine.get(2)).toMatchObject({
          marketplace: 'weidian',
          item_id: '7000000000',
          price: toCny(97, 'USD'),
          brand: 'Jordan',
        });
        expect(byLine.get(3)).toMatchObject({
          marketplace: 'taobao',
          category: 'sneakers',
          price: 357,
        });
      });

      it('warns about what it inferred or converted, and loads the row', () => {
        const warnings = new Map(result().warnings.map((w) => [w.line, w.warnings.join(' | ')]));
        expect(warnings.get(2)).toMatch(
          `price: $97.00 converted to ${formatPrice(toCny(97, 'USD'), 'CNY')} at ${DEFAULT_CURRENCY_RATES.cny_per_unit.USD} CNY per USD`,
        );
        // No brand column value and none in the title: loaded as Unbranded, with a warning.
        const unbranded = result().products.filter((p) => p.brand === 'Unbranded');
        expect(unbranded.length).toBeGreaterThan(0);
        for (const product of unbranded) {
          expect(product.title).toMatch(
            /^(Plain Oversized Tee|Basic Heavyweight Hoodie|Generic Canvas Tote Bag|Zara Satin Dress)/,
          );
        }
        const brandWarnings = [...warnings.values()].filter((text) =>
          text.includes('loaded as "Unbranded"'),
        );
        expect(brandWarnings).toHaveLength(unbranded.length);
        const inferred = [...warnings.values()].filter((text) =>
          text.includes('category: none given'),
        );
        expect(inferred.length).toBeGreaterThan(0);
        expect(result().warnings.length).toBeLessThan(result().products.length);
      });
    });
  }

  it('reads the same products under other headers for the same columns', async () => {
    const variant = [
      'Product,Marca,Precio,USD,W2C Link,Listing,Fotos QC,Type,Factory,Store,Comments,,__1',
      ...(await readFile(fixture, 'utf8')).split('\r\n').slice(1),
    ].join('\r\n');
    const path = join(dir, 'variant.csv');
    await writeFile(path, variant);
    const result = await readCatalogFile(path, { now: NOW });
    expect(result.products).toEqual(csv.products);
    expect(result.errors).toEqual(csv.errors);
  });

  it('reads the same products from the CSV and the XLSX', () => {
    expect(xlsx.products).toEqual(csv.products);
    expect(xlsx.warnings.map((w) => [w.line, w.warnings])).toEqual(
      csv.warnings.map((w) => [w.line, w.warnings]),
    );
  });
});
