import { createReadStream, existsSync, renameSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { PRODUCT_FIELDS } from '@repo/catalog-core';
import ExcelJS from 'exceljs';
import { paths } from './context.js';

// Bumped when the layout below changes, so that a workbook of an earlier layout left in the
// bench cache is not served as if it were this one.
const LAYOUT = 1;

// A cell as a sheet's download holds it: numbers as numbers, lists joined with `|`, the listing
// as "LINK" with the URL behind it.
function cellOf(column: string, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (column === 'listing_url') return { text: 'LINK', hyperlink: String(value) };
  return Array.isArray(value) ? value.join('|') : value;
}

/**
 * A whole NDJSON catalog as the workbook a shared sheet downloads as: one tab, the header row
 * (every Product column) then a row per product, written once into the bench cache beside the
 * NDJSON, named after it. Unlike the import section's workbooks (named by their row count), a
 * catalog and its changed copy each get their own.
 */
export async function sheetWorkbook(ndjson: string): Promise<string> {
  const file = join(paths.cache, basename(ndjson).replace(/\.ndjson$/, `.sheet.v${LAYOUT}.xlsx`));
  if (existsSync(file)) return file;
  console.log(`  writing ${file} (once; kept for the next runs)`);
  const partial = `${file}.partial`;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: partial,
    useSharedStrings: true,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet('Finds');
  sheet.addRow([...PRODUCT_FIELDS]).commit();
  const lines = createInterface({ input: createReadStream(ndjson), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const product = JSON.parse(line) as Record<string, unknown>;
    sheet.addRow(PRODUCT_FIELDS.map((column) => cellOf(column, product[column]))).commit();
  }
  sheet.commit();
  await workbook.commit();
  renameSync(partial, file);
  return file;
}
