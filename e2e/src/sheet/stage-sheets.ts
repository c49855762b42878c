import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import {
  catalogCli,
  countByCategory,
  importCatalog,
  type Row,
  readNdjson,
} from '../reload/stage-catalogs.js';

/** One state of the shared sheet: its bytes, and the products `catalog import` reads from them. */
export interface SheetVersion {
  readonly bytes: Buffer;
  readonly rows: readonly Row[];
  /** Products per category, as list_categories and an unfiltered listing must show them. */
  readonly counts: Readonly<Record<string, number>>;
}

/** The sheet before and after the edit the catalog-url test makes. */
export interface Sheets {
  readonly a: SheetVersion;
  /** A with one product removed, one added and one price changed. */
  readonly b: SheetVersion;
  /** The slug of the product the edit removed. */
  readonly onlyA: string;
  /** The slug of the product the edit added. */
  readonly onlyB: string;
  /** The product whose price the edit changed, with its price in A and in B. */
  readonly repriced: { readonly slug: string; readonly before: number; readonly after: number };
  /** Twelve slugs of products A and B both have. */
  readonly kept: readonly string[];
}

interface Item {
  readonly title: string;
  readonly brand: string;
  readonly category: string;
  readonly price: number;
  readonly listing_url: string;
}

// Each with a word no other product has, so a search tells which version answered.
const REMOVED: Item = {
  title: "Quasarvane Runner 'Ember'",
  brand: 'Quasarvane',
  category: 'sneakers',
  price: 420,
  listing_url: 'https://weidian.com/item.html?itemID=7000000001',
};
const ADDED: Item = {
  title: "Zephyrquill Tote 'Moss'",
  brand: 'Zephyrquill',
  category: 'bags',
  price: 199,
  listing_url: 'https://item.taobao.com/item.htm?id=912345678901',
};
const REPRICED_ROW = 3;
const PRICE_RAISE = 1_111;

/**
 * Writes the sheet as an operator keeps it (a banner, then a header, links behind a "LINK"
 * label) in two versions, from a sample of 300 products, and reads each with the real
 * `catalog import` for the slugs and counts the servers must show.
 */
export async function stageSheets(dir: string): Promise<Sheets> {
  const sampleFile = join(dir, 'sample.ndjson');
  await catalogCli('sample', '--count', '300', '--out', sampleFile);
  const sample = (await readNdjson(sampleFile)) as Item[];
  const repricedItem = sample[REPRICED_ROW] as Item;
  const edited = sample.map((item, i) =>
    i === REPRICED_ROW ? { ...item, price: item.price + PRICE_RAISE } : item,
  );
  const [a, b] = await Promise.all([
    stage(dir, 'a', [REMOVED, ...sample]),
    stage(dir, 'b', [...edited, ADDED]),
  ]);
  const slugOf = (version: SheetVersion, title: string) =>
    version.rows.find((row) => row.title === title)?.slug ?? '';
  const slugsOfB = new Set(b.rows.map((row) => row.slug));
  const repriced = slugOf(a, repricedItem.title);
  return {
    a,
    b,
    onlyA: slugOf(a, REMOVED.title),
    onlyB: slugOf(b, ADDED.title),
    repriced: {
      slug: repriced,
      before: a.rows.find((row) => row.slug === repriced)?.price ?? 0,
      after: b.rows.find((row) => row.slug === repriced)?.price ?? 0,
    },
    kept: a.rows
      .filter((row) => slugsOfB.has(row.slug))
      .map((row) => row.slug)
      .slice(0, 12),
  };
}

/** Writes `items` as `<dir>/<name>.xlsx` and reads it back with `catalog import`. */
async function stage(dir: string, name: string, items: readonly Item[]): Promise<SheetVersion> {
  const file = join(dir, `${name}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('👟 Finds');
  sheet.addRow(['🔥 BEST FINDS 🔥 updated weekly']);
  sheet.addRow(['Item', 'Brand', 'Category', 'Price (¥)', 'Link']);
  for (const item of items) {
    sheet.addRow([
      item.title,
      item.brand,
      item.category,
      item.price,
      { text: 'LINK', hyperlink: item.listing_url },
    ]);
  }
  await workbook.xlsx.writeFile(file);
  const imported = join(dir, `${name}.ndjson`);
  await importCatalog(file, imported);
  const rows = (await readNdjson(imported)) as Row[];
  return { bytes: await readFile(file), rows, counts: countByCategory(rows) };
}
