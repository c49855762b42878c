import ExcelJS from 'exceljs';

/** A cell of a test workbook: a value, or a value with a number format or a formula. */
export type XlsxTestCell =
  | string
  | number
  | undefined
  | { readonly value: number; readonly numFmt: string }
  | { readonly formula: string; readonly result: string };

/**
 * Writes an XLSX workbook the way spreadsheet apps do (shared strings, styles), sheet by sheet,
 * with exceljs's streaming writer so that big test files take flat memory too.
 */
export async function writeXlsx(
  path: string,
  sheets: readonly { readonly name: string; readonly rows: Iterable<readonly XlsxTestCell[]> }[],
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: true,
    useStyles: true,
  });
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    for (const cells of sheet.rows) {
      const row = worksheet.addRow(
        cells.map((cell) => (typeof cell === 'object' && 'numFmt' in cell ? cell.value : cell)),
      );
      cells.forEach((cell, index) => {
        if (typeof cell === 'object' && 'numFmt' in cell)
          row.getCell(index + 1).numFmt = cell.numFmt;
      });
      row.commit();
    }
    worksheet.commit();
  }
  await workbook.commit();
}
