import { type ColumnMapper, type ImportField, isLinkLabel } from '@repo/catalog-core';
import type { SheetCell } from './cell-value.js';
import type { SheetRow } from './sheet-rows.js';

/** A tab's header, read once: each column's name and the field it fills. */
export interface SheetHeader {
  readonly names: readonly string[];
  readonly fields: readonly (ImportField | undefined)[];
  /** The name of the column that holds the listing link, when there is one. */
  readonly listing?: string;
  /** The name of the column that holds QC photos, when there is one. */
  readonly photos?: string;
}

/** The header row's cells as column names (a date as its ISO text). */
export function sheetHeader(row: SheetRow, columns: ColumnMapper): SheetHeader {
  const names = Array.from(row.cells, (cell) => headerName(cell?.value));
  const fields = names.map((name) => (name === '' ? undefined : columns.role(name)?.field));
  const listing = names[fields.indexOf('listing_url')];
  const photos = names[fields.indexOf('qc_photos')];
  return {
    names,
    fields,
    ...(listing === undefined ? {} : { listing }),
    ...(photos === undefined ? {} : { photos }),
  };
}

function headerName(value: unknown): string {
  if (value === undefined || value === null) return '';
  return value instanceof Date ? value.toISOString() : String(value).trim();
}

/** A row's values as the row rules read them: texts trimmed, anything else as it is. */
export function rowValues(row: SheetRow): unknown[] {
  return Array.from(row.cells, (cell) =>
    typeof cell?.value === 'string' ? cell.value.trim() : cell?.value,
  );
}

/**
 * A data row as a record by column name, with the links a workbook keeps behind its cells put
 * where the row rules look for them: the link behind "LINK" in the link column is the listing,
 * behind "QC" in the photo column a photo; the title's link (or one in an unnamed column) is the
 * listing when the link column is missing, empty or shows only a label; an `IMAGE` picture in
 * any column is a photo. Of two same-named columns the first filled wins; unnamed columns carry
 * nothing else.
 */
export function sheetRecord(header: SheetHeader, row: SheetRow): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  let spareLink: string | undefined;
  const pictures: string[] = [];
  header.names.forEach((name, column) => {
    const cell = row.cells[column];
    if (cell === undefined) return;
    const field = header.fields[column];
    // A picture in a column named for something else ("📷", unnamed) is still a photo.
    if (cell.image && field !== 'qc_photos' && typeof cell.value === 'string') {
      pictures.push(cell.value);
      return;
    }
    const value = fieldValue(cell, field);
    if (cell.link !== undefined && (field === 'title' || field === undefined)) {
      spareLink ??= cell.link;
    }
    if (name === '' || value === undefined || value === '' || (record[name] ?? '') !== '') return;
    record[name] = value;
  });
  if (pictures.length > 0) {
    const key = header.photos ?? 'qc_photos';
    record[key] = [record[key], ...pictures].filter((v) => v !== undefined && v !== '').join(' ');
  }
  if (spareLink !== undefined) {
    const key = header.listing ?? 'listing_url';
    const shown = record[key];
    if (shown === undefined || shown === '' || (typeof shown === 'string' && isLinkLabel(shown))) {
      record[key] = spareLink;
    }
  }
  return record;
}

/** What a cell gives its field: the link behind a link or photo cell, else what it shows. */
function fieldValue(cell: SheetCell, field: ImportField | undefined): unknown {
  const shown = typeof cell.value === 'string' ? cell.value.trim() : cell.value;
  if (cell.link === undefined) return shown;
  if (field === 'listing_url') return cell.link;
  // A photo cell may list its pictures as text; a label ("QC", "📷") stands for the link.
  if (field === 'qc_photos') {
    return typeof shown === 'string' && /https?:\/\//i.test(shown) ? shown : cell.link;
  }
  return shown;
}
