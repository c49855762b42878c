import { createReadStream, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PRODUCT_FIELDS } from '@repo/catalog-core';
import ExcelJS from 'exceljs';
import { paths } from './context.js';

// Bumped when the layout below changes, so that a workbook written by an earlier layout in the
// bench cache is not measured as if it were this one.
const LAYOUT = 2;

/** The last column's letter, for the banner's merge across the table (17 columns: `Q`). */
function lastColumn(): string {
  return String.fromCharCode(64 + PRODUCT_FIELDS.length);
}

// A cell as an operator's workbook holds it: numbers as numbers, lists joined with `|`, the
// listing as "LINK" with the URL behind it (what a Google Sheets download keeps).
function cellOf(column: string, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (column === 'listing_url') return { text: 'LINK', hyperlink: String(value) };
  return Array.isArray(value) ? value.join('|') : value;
}

/**
 * The first `rows` products of an NDJSON catalog as an XLSX workbook of `tabs` tabs of equal
 * share, in file order, written once into the bench cache with exceljs's streaming writer
 * (shared strings, as spreadsheet apps write them). Every tab is laid out alike: a merged
 * banner row, the header row (every Product column), then its products.
 */
export async function workbookExport(ndjson: string, rows: number, tabs: number): Promise<string> {
  if (rows % tabs !== 0) throw new Error(`${rows} rows do not split into ${tabs} equal tabs`);
  const file = join(
    paths.cache,
    `catalog-${rows}-${tabs}-tab${tabs === 1 ? '' : 's'}.v${LAYOUT}.xlsx`,
  );
  if (existsSync(file)) return file;
  console.log(`  writing ${file} (once; kept for the next runs)`);
  const partial = `${file}.partial`;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: partial,
    useSharedStrings: true,
    useStyles: false,
  });
  const perTab = rows / tabs;
  let sheet: ExcelJS.Worksheet | undefined;
  let written = 0;
  const lines = createInterface({ input: createReadStream(ndjson), crlfDelay: Infinity });
  for await (const line of lines) {
    if (written === rows) break;
    if (line.trim() === '') continue;
    if (written % perTab === 0) {
      sheet?.commit();
      const tab = written / perTab + 1;
      sheet = workbook.addWorksheet(tabs === 1 ? 'Finds' : `Finds ${tab}`);
      // A streamed sheet merges before its rows are written; the merge makes row 1, so the
      // banner goes into its first cell rather than a row of its own.
      sheet.mergeCells(`A1:${lastColumn()}1`);
      sheet.getCell('A1').value =
        `🔥 FINDS ${tab}/${tabs} · ${perTab.toLocaleString('en')} items 🔥`;
      sheet.getRow(1).commit();
      sheet.addRow([...PRODUCT_FIELDS]).commit();
    }
    const product = JSON.parse(line) as Record<string, unknown>;
    sheet?.addRow(PRODUCT_FIELDS.map((column) => cellOf(column, product[column]))).commit();
    written++;
  }
  lines.close();
  if (written < rows) throw new Error(`${ndjson} has ${written} products, not ${rows}`);
  sheet?.commit();
  await workbook.commit();
  renameSync(partial, file);
  return file;
}
