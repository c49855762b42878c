import { describe, expect, it } from 'vitest';
import { importTotals } from '../src/import-process.js';

describe('importTotals', () => {
  it("reads the file's totals, not a tab's, with thousands separators", () => {
    const stdout = [
      'tabs of the workbook (2 read, 0 skipped):',
      '  "Finds 1"   10,000 loaded, 0 rejected, header on row 2',
      '  "Finds 2"   9,998 loaded, 2 rejected, header on row 2',
      '19,998 loaded (12 with warnings), 2 rejected',
      'wrote 19,998 products to out.ndjson',
    ].join('\n');
    expect(importTotals(stdout)).toEqual({ loaded: 19_998, rejected: 2 });
  });

  it('reads a CSV import with section headers after the totals', () => {
    expect(
      importTotals('1,000,000 loaded (0 with warnings), 0 rejected, 3 section headers\n'),
    ).toEqual({ loaded: 1_000_000, rejected: 0 });
  });

  it('is NaN when the import printed no totals', () => {
    expect(importTotals('nothing here')).toEqual({ loaded: Number.NaN, rejected: Number.NaN });
  });
});
