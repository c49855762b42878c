import {
  type ColumnReport,
  formatPrice,
  type LearnedBrand,
  type Product,
} from '@repo/catalog-core';
import type { ReadCatalogSummary, RowPlace, SectionRow, SheetSummary } from '../read/row-sink.js';

/** `A`, `B`, …, `Z`, `AA`: a spreadsheet's name for the column at `position` (from 0). */
export function columnLetter(position: number): string {
  let letters = '';
  for (let n = position + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

const MEANING: Readonly<Record<string, string>> = {
  listing_url: 'the listing (marketplace, agent or share link)',
  qc_photos: 'QC photos and albums (other text is dropped, with a warning)',
};

/**
 * The lines that say how the columns were understood, printed before any row: which column
 * became which field, what was ignored (once), what is missing and how it will be inferred.
 */
export function formatColumns(report: ColumnReport, source: string, first: boolean): string[] {
  const lines = [first ? `columns of ${source}:` : `new columns at ${source}:`];
  const width = Math.max(0, ...report.used.map((c) => c.name.length)) + 2;
  for (const column of report.used) {
    const { field, currency } = column.role;
    let meaning = MEANING[field] ? `${field}: ${MEANING[field]}` : field;
    if (field === 'price') {
      meaning = currency
        ? `price, in ${currency} unless a cell names its currency`
        : 'price, in the currency each cell names (a bare number is CNY)';
    }
    const by = column.overridden ? ' (--map)' : '';
    lines.push(`  ${`"${column.name}"`.padEnd(width)} → ${meaning}${by}`);
  }
  const ignored = [
    ...(report.unnamed.length > 0
      ? [
          `${report.unnamed.length} unnamed (${report.unnamed.map((p) => columnLetter(p)).join(', ')})`,
        ]
      : []),
    ...report.ignored.map((name) => `"${name}"`),
  ];
  if (ignored.length > 0) lines.push(`  ignored: ${ignored.join(', ')}`);
  if (!first) return lines;
  for (const field of report.missing) lines.push(`  no ${field} column: ${MISSING[field]}`);
  for (const name of report.unmatchedOverrides) lines.push(`  --map: no column named "${name}"`);
  return lines;
}

const MISSING: Readonly<Record<ColumnReport['missing'][number], string>> = {
  title: 'every row is refused (map one with --map "Your Column=title")',
  brand:
    'brands are recognised from each title, or learned from the file\'s titles ("Unbranded", with a warning, when none is)',
  category: 'categories come from each title, with a warning',
  price: 'every row is refused (map one with --map "Your Column=price")',
  listing_url: 'rows need marketplace and item_id columns',
};

/** One parsed row, as `--dry-run` shows it. */
export function formatProduct(product: Product, row: RowPlace): string {
  return `  ${row.where}: ${product.title} | ${product.brand} | ${product.category} | ${formatPrice(product.price, 'CNY')} | ${product.marketplace} ${product.item_id} | ${product.listing_url}`;
}

const count = (n: number) => n.toLocaleString('en-US');
const PLURAL = new Intl.PluralRules('en');
const rows = (n: number) => `${count(n)} ${PLURAL.select(n) === 'one' ? 'row' : 'rows'}`;

const LEARNED_FROM: Readonly<Record<LearnedBrand['from'], string>> = {
  titles: 'opens titles',
  collaboration: 'beside an "x" of a collaboration',
  'brand column': 'in the brand column',
};

/**
 * The brands the first read learned, most rows first, for the operator to check: each is a
 * brand of the rows whose titles name it, and the lexicon file can pin or correct it.
 */
export function formatLearned(brands: readonly LearnedBrand[]): string[] {
  if (brands.length === 0) return [];
  const width = Math.max(...brands.map((b) => b.name.length)) + 2;
  return [
    `brands learned from the file (no brand list knows them; pin or correct them in LEXICON_FILE):`,
    ...brands.map(
      (b) =>
        `  ${`"${b.name}"`.padEnd(width)} ${rows(b.rows).padStart(9)}, ${LEARNED_FROM[b.from]}`,
    ),
  ];
}

/** `line 5: section "👟 SHOES 👟": sneakers for the rows below without a category`. */
export function formatSection(row: SectionRow): string {
  const { text, category } = row.section;
  return category
    ? `${row.where}: section ${JSON.stringify(text)}: ${category} for the rows below without a category`
    : `${row.where}: section ${JSON.stringify(text)} (names no category)`;
}

/** `4,812 loaded (312 with warnings), 23 rejected, 12 section headers`. */
export function formatSummary(summary: ReadCatalogSummary): string {
  const sections =
    summary.sections > 0
      ? `, ${count(summary.sections)} section ${PLURAL.select(summary.sections) === 'one' ? 'header' : 'headers'}`
      : '';
  return `${count(summary.products)} loaded (${count(summary.warned)} with warnings), ${count(summary.rejected)} rejected${sections}`;
}

/**
 * The counts of each tab of a workbook, in its order, the skipped ones with why:
 * `  "👟 Schuhe"  62 loaded, 2 rejected, 1 section header`.
 */
export function formatSheets(sheets: readonly SheetSummary[]): string[] {
  if (sheets.length < 2) return [];
  const width = Math.max(...sheets.map((s) => JSON.stringify(s.name).length)) + 2;
  return [
    `tabs of the workbook (${count(sheets.filter((s) => !s.skipped).length)} read, ${count(sheets.filter((s) => s.skipped).length)} skipped):`,
    ...sheets.map((sheet) => {
      const name = JSON.stringify(sheet.name).padEnd(width);
      if (sheet.skipped) return `  ${name}skipped: ${sheet.skipped}`;
      return `  ${name}${formatSummary({ ...sheet, warned: 0 }).replace(/ \(0 with warnings\)/, '')}, header on row ${sheet.header}`;
    }),
  ];
}
