import { type ColumnReport, formatPrice, type Product } from '@repo/catalog-core';
import type { ReadCatalogSummary, RowPlace } from '../read/row-sink.js';

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
  qc_photos: 'QC photos',
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
  brand: 'brands are recognised from each title ("Unbranded", with a warning, when none is)',
  category: 'categories come from each title, with a warning',
  price: 'every row is refused (map one with --map "Your Column=price")',
  listing_url: 'rows need marketplace and item_id columns',
};

/** One parsed row, as `--dry-run` shows it. */
export function formatProduct(product: Product, row: RowPlace): string {
  return `  ${row.where}: ${product.title} | ${product.brand} | ${product.category} | ${formatPrice(product.price, 'CNY')} | ${product.marketplace} ${product.item_id} | ${product.listing_url}`;
}

const count = (n: number) => n.toLocaleString('en-US');

/** `4,812 loaded (312 with warnings), 23 rejected`. */
export function formatSummary(summary: ReadCatalogSummary): string {
  return `${count(summary.products)} loaded (${count(summary.warned)} with warnings), ${count(summary.rejected)} rejected`;
}
