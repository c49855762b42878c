import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { type JudgedRow, judgedRow } from '../judged-sheet.js';

// An operator's community sheet nobody on the team wrote, and what a person expects of each
// row (`operator-sheet.expected.csv`), both written before the importer learned to read it.
const fixtures = new URL('../fixtures/', import.meta.url);
export const SHEET = fileURLToPath(new URL('operator-sheet.csv', fixtures));
export const QUERIES = fileURLToPath(new URL('operator-sheet.queries.json', fixtures));

/** What a row of the sheet should become. */
export interface ExpectedRow extends JudgedRow {
  readonly line: number;
}

export const EXPECTED: readonly ExpectedRow[] = (
  parse(readFileSync(fileURLToPath(new URL('operator-sheet.expected.csv', fixtures))), {
    columns: true,
  }) as Record<string, string>[]
).map((row) => ({ ...judgedRow(row), line: Number(row.line) }));

export { judge, sameBrand } from '../judged-sheet.js';
