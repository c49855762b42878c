import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { type JudgedRow, judgedRow } from '../judged-sheet.js';

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
export interface ExpectedRow extends JudgedRow {
  /** The tab's name, as the workbook spells it. */
  readonly sheet: string;
  /** The row number the spreadsheet shows. */
  readonly line: number;
  readonly note: string;
}

export const EXPECTED: readonly ExpectedRow[] = (
  parse(readFileSync(EXPECTED_CSV), { columns: true }) as Record<string, string>[]
).map((row) => ({
  ...judgedRow(row),
  sheet: row.sheet ?? '',
  line: Number(row.row),
  note: row.note ?? '',
}));

/** A row's address as people write it: `Taschen!12`. */
export const placeKey = (sheet: string, line: number) => `${sheet}!${line}`;

/** Where the reader says a product, a refused row or a section was: its tab and row. */
export const placeOf = (place: { readonly line: number; readonly sheet?: string }) =>
  placeKey(place.sheet ?? '(no tab named)', place.line);

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

export { fold, judge, sameBrand } from '../judged-sheet.js';
