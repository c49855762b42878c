import { type BlankCell, blankCell } from './blank-cell.js';
import { type ColumnMapper, createColumnMapper } from './column-map.js';
import type { ColumnRole, ImportField } from './columns.js';

/** A non-empty cell and the role of the column it came from. */
export interface Cell {
  readonly value: unknown;
  readonly role: ColumnRole;
}

/** A cell of a known column that stood for no value (`-`, `tbd`, `#REF!`), and its field. */
export interface BlankedCell extends BlankCell {
  readonly field: ImportField;
}

const DEFAULT_COLUMNS = createColumnMapper();

/**
 * A row's non-empty cells by the field their column fills, in column order: the first fills the
 * field, later ones are spares. Text is trimmed; unknown columns are left out, and so are cells
 * that stand for no value (`blankCell`), which are added to `blanked` when it is given.
 */
export function rowCells(
  record: Readonly<Record<string, unknown>>,
  columns: ColumnMapper = DEFAULT_COLUMNS,
  blanked?: BlankedCell[],
): Map<ImportField, Cell[]> {
  const cells = new Map<ImportField, Cell[]>();
  for (const [column, raw] of Object.entries(record)) {
    const role = columns.role(column);
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (role === undefined || value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    const blank = blankCell(value);
    if (blank) {
      blanked?.push({ ...blank, field: role.field });
      continue;
    }
    const list = cells.get(role.field);
    if (list) list.push({ value, role });
    else cells.set(role.field, [{ value, role }]);
  }
  return cells;
}
