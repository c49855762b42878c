import { CatalogError } from '../errors.js';
import { type ColumnRole, headerWords, IMPORT_FIELDS, recognizeColumn } from './columns.js';

/** Decides what each column of a file holds: header recognition, with the operator's overrides. */
export interface ColumnMapper {
  /** What the column named `name` holds, or `undefined` when it is ignored. */
  role(name: string): ColumnRole | undefined;
  /** Whether an override (`--map`) decided this column, rather than its header. */
  isOverridden(name: string): boolean;
  /** The overridden column names that none of `names` matched: typos in `--map`. */
  unmatchedOverrides(names: readonly string[]): string[];
}

/** Targets of `--map` that drop a column. */
const IGNORE = new Set(['ignore', '-', 'none', 'skip']);

/**
 * Parses an operator's column map, `"Item Name=title,Link=listing_url,Notes=ignore"`: each column
 * (matched case- and punctuation-insensitively) to a field, to anything a header could say
 * (`price_usd`, `Price (USD)`), or to `ignore`.
 *
 * @throws {CatalogError} `INVALID_INPUT` for an entry without `=`, or a target that names no field.
 * @example parseColumnMap('Item Name=title, Cost=price_usd')
 * // Map { 'Item Name' => { field: 'title' }, 'Cost' => { field: 'price', currency: 'USD' } }
 */
export function parseColumnMap(text: string): Map<string, ColumnRole | null> {
  const map = new Map<string, ColumnRole | null>();
  for (const entry of text.split(',')) {
    if (entry.trim() === '') continue;
    const at = entry.lastIndexOf('=');
    const column = entry.slice(0, at).trim();
    const target = entry.slice(at + 1).trim();
    if (at === -1 || column === '') {
      throw new CatalogError(
        'INVALID_INPUT',
        `column map entry "${entry.trim()}" must read COLUMN=FIELD`,
      );
    }
    if (IGNORE.has(target.toLowerCase())) {
      map.set(column, null);
      continue;
    }
    const role = recognizeColumn(target);
    if (!role) {
      throw new CatalogError(
        'INVALID_INPUT',
        `column map: "${target}" (for "${column}") is not a field; use one of ${IMPORT_FIELDS.join(', ')} or ignore`,
      );
    }
    map.set(column, role);
  }
  return map;
}

const fold = (name: string) => headerWords(name).join(' ');

/**
 * A {@link ColumnMapper}: each column is recognised by its header ({@link recognizeColumn}),
 * unless `overrides` (from {@link parseColumnMap}) names it; `null` there ignores the column.
 * Roles are computed once per distinct name.
 *
 * @example createColumnMapper(parseColumnMap('Nom=title')).role('nom') // { field: 'title' }
 */
export function createColumnMapper(
  overrides: ReadonlyMap<string, ColumnRole | null> = new Map(),
): ColumnMapper {
  const byFolded = new Map<string, ColumnRole | null>();
  for (const [column, role] of overrides) byFolded.set(fold(column), role);
  const cache = new Map<string, ColumnRole | undefined>();
  const override = (name: string): ColumnRole | null | undefined =>
    overrides.has(name) ? overrides.get(name) : byFolded.get(fold(name));
  return {
    role(name) {
      if (cache.has(name)) return cache.get(name);
      const forced = override(name);
      const role = forced === undefined ? recognizeColumn(name) : (forced ?? undefined);
      cache.set(name, role);
      return role;
    },
    isOverridden: (name) => override(name) !== undefined,
    unmatchedOverrides(names) {
      const present = new Set(names.map(fold));
      return [...overrides.keys()].filter((column) => !present.has(fold(column)));
    },
  };
}

/** How the columns of a file were understood: what `catalog import` prints before any row. */
export interface ColumnReport {
  /** Columns that fill a field, in file order; `position` counts from 0. */
  readonly used: readonly {
    readonly name: string;
    readonly position: number;
    readonly role: ColumnRole;
    readonly overridden: boolean;
  }[];
  /** Positions of columns without a header (blank, or a spreadsheet's `__1`, `_2`). */
  readonly unnamed: readonly number[];
  /** Named columns the importer does not use (`Notes`, `Size`), or that `--map` ignored. */
  readonly ignored: readonly string[];
  /** Fields no column fills among those a row needs or is inferred without. */
  readonly missing: readonly ('title' | 'brand' | 'category' | 'price' | 'listing_url')[];
  /** Overridden column names that no column matched. */
  readonly unmatchedOverrides: readonly string[];
}

/** A generated name for an unnamed column: `__1` (opensheet), `_2`, `Column3`, `Unnamed: 4`. */
const GENERATED_NAME = /^(?:_+\d*|column\s*\d+|unnamed:?\s*\d*|field\s*\d+)$/i;

/**
 * Describes how `mapper` reads the columns `names` (a header row, or the keys of JSON rows).
 *
 * @example describeColumns(['Item Name', 'Price', '', 'Notes'], createColumnMapper())
 * // { used: [title, price], unnamed: [2], ignored: ['Notes'], missing: ['brand', 'category', 'listing_url'], … }
 */
export function describeColumns(names: readonly string[], mapper: ColumnMapper): ColumnReport {
  const used: ColumnReport['used'][number][] = [];
  const unnamed: number[] = [];
  const ignored: string[] = [];
  names.forEach((name, position) => {
    const role = mapper.role(name);
    if (role) used.push({ name, position, role, overridden: mapper.isOverridden(name) });
    else if (name.trim() === '' || (GENERATED_NAME.test(name.trim()) && !mapper.isOverridden(name)))
      unnamed.push(position);
    else ignored.push(name);
  });
  const filled = new Set(used.map((column) => column.role.field));
  const missing = (['title', 'brand', 'category', 'price', 'listing_url'] as const).filter(
    (field) =>
      !filled.has(field) &&
      !(field === 'listing_url' && filled.has('item_id') && filled.has('marketplace')) &&
      !(field === 'title' && filled.has('model')),
  );
  return { used, unnamed, ignored, missing, unmatchedOverrides: mapper.unmatchedOverrides(names) };
}
