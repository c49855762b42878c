import type { Readable } from 'node:stream';
import { type CellContext, type RawCell, readCell, type SheetCell } from './cell-value.js';
import { scanTags } from './tag-scan.js';
import {
  cellTooLong,
  MAX_CELL_CHARS,
  readXml,
  StopReading,
  type TextFilter,
} from './xml-stream.js';

/** A row of a sheet: its number as the sheet shows it, and its cells by column (from 0). */
export interface SheetRow {
  readonly number: number;
  readonly cells: readonly (SheetCell | undefined)[];
}

/** `C12` → 2: the column of a cell reference, from 0; -1 without one. */
export function columnOf(reference: string | undefined): number {
  if (!reference) return -1;
  let column = 0;
  let at = 0;
  for (; at < reference.length; at++) {
    const code = reference.charCodeAt(at);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return at === 0 ? -1 : column - 1;
}

/**
 * Streams a sheet's rows, in order, to `onRow` (synchronously, as the XML is read). Empty cells
 * are `undefined`; cells carrying only a style are empty. `links` gives the hyperlink of each
 * cell reference that has one (see {@link readSheetLinks}). Reading stops at the end of the
 * sheet's data: what follows it (merged cells, hyperlinks, print settings) is not read here.
 */
export async function readSheetRows(
  source: Readable,
  context: CellContext,
  links: ReadonlyMap<string, string>,
  where: string,
  onRow: (row: SheetRow) => void,
): Promise<void> {
  let rowNumber = 0;
  let cells: (SheetCell | undefined)[] = [];
  let column = -1;
  let reference = '';
  let type = '';
  let style = 0;
  let value = '';
  let inline = '';
  let formula = '';
  /** The element whose text is being gathered: `v`, `f`, `t` of an inline string, or none. */
  let into: 'v' | 'f' | 't' | undefined;
  let inInline = false;
  let inPhonetic = false;
  let inCell = false;
  await readXml(
    source,
    {
      open(name, attributes) {
        switch (name) {
          case 'row': {
            const number = Number(attributes.r);
            rowNumber = Number.isInteger(number) && number > 0 ? number : rowNumber + 1;
            cells = [];
            column = -1;
            return;
          }
          case 'c': {
            inCell = true;
            reference = attributes.r ?? '';
            const at = columnOf(reference);
            column = at >= 0 ? at : column + 1;
            type = attributes.t ?? 'n';
            style = Number(attributes.s ?? 0) || 0;
            value = '';
            inline = '';
            formula = '';
            return;
          }
          case 'v':
            if (inCell) into = 'v';
            return;
          case 'f':
            if (inCell) into = 'f';
            return;
          case 'is':
            inInline = inCell;
            return;
          case 'rPh':
            inPhonetic = true;
            return;
          case 't':
            if (inInline && !inPhonetic) into = 't';
            return;
        }
      },
      text(text) {
        if (into === 'v') value += text;
        else if (into === 'f') formula += text;
        else if (into === 't') {
          inline += text;
          if (inline.length > MAX_CELL_CHARS) throw cellTooLong(where);
        }
      },
      close(name) {
        switch (name) {
          case 'v':
          case 'f':
          case 't':
            into = undefined;
            return;
          case 'is':
            inInline = false;
            return;
          case 'rPh':
            inPhonetic = false;
            return;
          case 'c': {
            inCell = false;
            if (value.length > MAX_CELL_CHARS) throw cellTooLong(where);
            if (type === 's' && context.strings.isTooLong(Number(value))) {
              throw cellTooLong(`${where} (cell ${reference || `row ${rowNumber}`})`);
            }
            if (value === '' && inline === '' && formula === '') return;
            const raw: RawCell = { type, style, value, inline, formula };
            const cell = readCell(raw, context);
            const link = links.get(reference);
            cells[column] = link && cell.link === undefined ? { ...cell, link } : cell;
            return;
          }
          case 'row':
            if (cells.length > 0) onRow({ number: rowNumber, cells });
            return;
          case 'sheetData':
            throw new StopReading();
        }
      },
    },
    where,
    { filter: emptyRowFilter() },
  );
}

/** A numbered row with no cell, or only cells without a value (`<c r="A9" s="1"/>`). */
const EMPTY_ROW =
  /<(?:[\w.-]+:)?row\s[^>]*?\br="\d+"[^>]*?(?:\/>|>(?:\s*<(?:[\w.-]+:)?c\s[^>]*\/>)*\s*<\/(?:[\w.-]+:)?row>)/g;
/** A row longer than this is left to the parser, whole. */
const MAX_HELD_ROW = 64 * 1024;

/**
 * Takes empty rows out of a sheet before it is parsed: a sheet formatted down to its last row
 * holds a million of them, each a dozen tags the parser would read one character at a time.
 * A numbered row names its own number, so taking it out changes no other row's number.
 */
function emptyRowFilter(): TextFilter {
  let carry = '';
  return {
    push(text) {
      const chunk = carry + text;
      const last = chunk.lastIndexOf('<row');
      const cut = last >= 0 && chunk.length - last <= MAX_HELD_ROW ? last : chunk.length;
      carry = chunk.slice(cut);
      return chunk.slice(0, cut).replace(EMPTY_ROW, '');
    },
    end() {
      const rest = carry.replace(EMPTY_ROW, '');
      carry = '';
      return rest;
    },
  };
}

/**
 * The external hyperlinks of a sheet's cells, by cell reference: "LINK" shown in the cell, the
 * URL kept apart, after the cells in the sheet's XML and in its relationships. Found by a scan
 * of the inflated XML for its `<hyperlink>` tags, since they come after every row and are needed
 * with them. A range (`A2:A40`) gives each of its cells the link, up to `maxCells` cells in all.
 */
export async function readSheetLinks(
  source: Readable,
  targets: ReadonlyMap<string, string>,
  where: string,
  maxCells = 1_000_000,
): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  await scanTags(
    source,
    'hyperlink',
    (attributes) => {
      const url = targets.get(attributes.get('id') ?? '');
      const ref = attributes.get('ref');
      if (url === undefined || ref === undefined) return;
      for (const cell of cellsOf(ref)) {
        if (links.size >= maxCells) return;
        if (!links.has(cell)) links.set(cell, url);
      }
    },
    where,
  );
  return links;
}

/** The cells of a reference: `C5` itself, or each of `C5:C9` (one column or one row at most 10,000). */
function* cellsOf(ref: string): Generator<string> {
  const [from, to] = ref.split(':');
  if (!from) return;
  if (!to) {
    yield from;
    return;
  }
  const start = /^([A-Z]+)(\d+)$/.exec(from);
  const end = /^([A-Z]+)(\d+)$/.exec(to);
  if (!start || !end) return;
  const [c1, c2] = [columnOf(start[1]), columnOf(end[1])];
  const [r1, r2] = [Number(start[2]), Number(end[2])];
  if ((c2 - c1 + 1) * (r2 - r1 + 1) > 10_000) return;
  for (let r = r1; r <= r2; r++) {
    for (let c = c1; c <= c2; c++) yield `${letters(c)}${r}`;
  }
}

function letters(column: number): string {
  let text = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    text = String.fromCharCode(65 + ((n - 1) % 26)) + text;
  }
  return text;
}
