import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type CategoryId,
  type Currency,
  DEFAULT_CURRENCY_RATES,
  type Product,
  toCny,
} from '@repo/catalog-core';
import { parse } from 'csv-parse/sync';

// A European operator's workbook of many tabs as Google Sheets downloads it, written by a library
// the reader does not use (`generate.mjs`, with exceljs), the same workbook saved again by
// LibreOffice, and what a person expects of each row (`eu-workbook.expected.csv`), all written
// before the reader of every tab was.
const fixtures = new URL('../fixtures/eu-workbook/', import.meta.url);
export const WORKBOOK = fileURLToPath(new URL('eu-workbook.xlsx', fixtures));
export const LIBREOFFICE_WORKBOOK = fileURLToPath(
  new URL('eu-workbook.libreoffice.xlsx', fixtures),
);
export const QUERIES = fileURLToPath(new URL('eu-workbook.queries.json', fixtures));
export const EXPECTED_CSV = fileURLToPath(new URL('eu-workbook.expected.csv', fixtures));

/** The tabs that hold no products (how to order, shipping lines, questions): nothing loads from them. */
export const NON_PRODUCT_TABS = ['ℹ️ Info & Bestellen', '🚚 Shipping', '❓ FAQ'] as const;

/** What a row of the workbook should become. */
export interface ExpectedRow {
  /** The tab's name, as the workbook spells it. */
  readonly sheet: string;
  /** The row number the spreadsheet shows. */
  readonly line: number;
  readonly outcome: 'product' | 'section' | 'reject';
  /** Acceptable brands (several for a collaboration or a house's lines). */
  readonly brands: readonly string[];
  readonly categories: readonly CategoryId[];
  readonly priceCny: number;
  readonly marketplace: string;
  readonly itemId: string;
  readonly photos: number;
  readonly albums: number;
  /** The brand is one the shipped brand list had when the workbook was written. */
  readonly listed: boolean;
  readonly note: string;
}

export const EXPECTED: readonly ExpectedRow[] = (
  parse(readFileSync(EXPECTED_CSV), {
    columns: true,
  }) as Record<string, string>[]
).map((row) => ({
  sheet: row.sheet ?? '',
  line: Number(row.row),
  outcome: row.outcome as ExpectedRow['outcome'],
  brands: row.brand ? row.brand.split('|') : [],
  categories: (row.category ? row.category.split('|') : []) as CategoryId[],
  priceCny:
    row.currency && row.currency !== 'CNY'
      ? toCny(Number(row.amount), row.currency as Currency, DEFAULT_CURRENCY_RATES)
      : Number(row.amount),
  marketplace: row.marketplace ?? '',
  itemId: row.item_id ?? '',
  photos: Number(row.photos || 0),
  albums: Number(row.albums || 0),
  listed: row.listed === 'yes',
  note: row.note ?? '',
}));

/** A row's address as people write it: `Taschen!12`. */
export const placeKey = (sheet: string, line: number) => `${sheet}!${line}`;

/**
 * Where the reader says a product, a refused row or a section was: the tab it names beside the
 * row (`sheet`, which a reader of one sheet leaves out) and the row number.
 */
export function placeOf(place: { readonly line: number }): string {
  const { sheet } = place as { readonly sheet?: unknown };
  return placeKey(typeof sheet === 'string' ? sheet : '(no tab named)', place.line);
}

/**
 * Words of a header row, folded, that tell the language it is written in: each tab's header is
 * in the language of the community it was written for.
 */
export const HEADER_WORDS: Readonly<Record<string, readonly string[]>> = {
  de: ['artikel', 'marke', 'preis', 'kategorie', 'verkaufer', 'bild', 'notiz'],
  fr: ['article', 'marque', 'prix', 'lien', 'vendeur', 'usine'],
  it: ['articolo', 'prezzo', 'venditore', 'foto'],
  pl: ['nazwa', 'cena', 'marka', 'sprzedawca', 'zdjecia'],
  nl: ['naam', 'prijs', 'merk', 'verkoper', 'opmerking'],
  es: ['nombre', 'precio', 'enlace', 'vendedor'],
  en: ['item', 'brand', 'category', 'price', 'pics'],
};

/** Brands compare as people read them: case, accents and punctuation aside. */
export const sameBrand = (a: string, b: string) => fold(a) === fold(b);
export const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** Whether a product is what its row should be: brand, category, price and listing. */
export function judge(product: Product, row: ExpectedRow) {
  return {
    brand: row.brands.some((brand) => sameBrand(brand, product.brand)),
    category: row.categories.includes(product.category),
    price: Math.abs(product.price - row.priceCny) < 0.011,
    listing: product.marketplace === row.marketplace && product.item_id === row.itemId,
  };
}
