import ExcelJS from 'exceljs';

/** A cell of a test workbook: a value, or a value with a number format or a formula. */
export type XlsxTestCell =
  | string
  | number
  | undefined
  | { readonly value: number; readonly numFmt: string }
  | { readonly formula: string; readonly result?: string }
  | { readonly text: string; readonly hyperlink: string }
  | { readonly richText: readonly { readonly text: string }[] };

/**
 * Writes an XLSX workbook the way spreadsheet apps do (shared strings, styles), sheet by sheet,
 * with exceljs's streaming writer so that big test files take flat memory too.
 */
export async function writeXlsx(
  path: string,
  sheets: readonly {
    readonly name: string;
    readonly rows: Iterable<readonly XlsxTestCell[]>;
    /** Ranges to merge (`A1:F1`), as banners are. */
    readonly merges?: readonly string[];
  }[],
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: true,
    useStyles: true,
  });
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    // A streamed sheet merges cells of rows not yet committed: a sheet with merges commits its
    // rows at its end, after them.
    const merges = sheet.merges ?? [];
    for (const cells of sheet.rows) {
      const row = worksheet.addRow(
        cells.map((cell) =>
          typeof cell === 'object' && 'numFmt' in cell ? cell.value : cell,
        ) as unknown[],
      );
      cells.forEach((cell, index) => {
        if (typeof cell === 'object' && 'numFmt' in cell)
          row.getCell(index + 1).numFmt = cell.numFmt;
      });
      if (merges.length === 0) row.commit();
    }
    for (const range of merges) worksheet.mergeCells(range);
    worksheet.commit();
  }
  await workbook.commit();
}
