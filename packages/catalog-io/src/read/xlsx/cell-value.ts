import type { SharedStrings } from '../shared-strings.js';

/** A cell as the sheet's XML holds it. */
export interface RawCell {
  /** `t`: `s` shared string, `str` formula text, `inlineStr`, `b`, `e` error, `d` date, `n`. */
  readonly type: string;
  /** `s`: the index of its style, which gives its number format. */
  readonly style: number;
  /** `<v>`: the value or the formula's cached result. */
  readonly value: string;
  /** `<is>`: an inline string's text. */
  readonly inline: string;
  /** `<f>`: the formula, without `=`. */
  readonly formula: string;
}

/** A cell as a row field: its value, and the link behind it when there is one. */
export interface SheetCell {
  readonly value: unknown;
  /** A hyperlink on the cell, or the URL of its `HYPERLINK` formula. */
  readonly link?: string;
  /** The value is the picture of an `IMAGE` formula: a photo, whatever the column. */
  readonly image?: true;
}

/** How cells are read: the shared strings and what the workbook says about number formats. */
export interface CellContext {
  readonly strings: SharedStrings;
  readonly formats: readonly string[];
  readonly date1904: boolean;
}

/** A formula's first argument when it is a string literal: `HYPERLINK("https://…"; "LINK")`. */
const FUNCTION_URL =
  /^=?\s*(?:_xlfn\.)?(HYPERLINK|IMAGE)\(\s*"((?:[^"]|"")*)"\s*(?:[,;]\s*(.*))?\)\s*$/is;
/** A string literal as the last argument: the label of `HYPERLINK(url, "LINK")`. */
const STRING_LITERAL = /^"((?:[^"]|"")*)"$/s;

/** What a number format's currency part says, and the symbol `parseMoney` reads it by. */
const FORMAT_SYMBOLS: readonly (readonly [RegExp, string])[] = [
  [/[¥￥元]|CNY|RMB/, '¥'],
  [/€|EUR/, '€'],
  [/£|GBP/, '£'],
  // Most specific first: `R$` and `MX$` before the `$` of dollars.
  [/R\$|BRL/, 'R$'],
  [/MX\$|MXN/, 'MX$'],
  [/zł|PLN/, 'zł'],
  [/\$|USD/, '$'],
];

/**
 * The currency symbol of a number format (`"$"#,##0.00`, `[$¥-804]#,##0`, `#,##0.00 "€"`,
 * `[$R$-416] #,##0.00`): a price formatted as currency in the sheet carries its currency that
 * way, not in its value.
 */
export function currencyOfFormat(format: string | undefined): string | undefined {
  if (!format) return undefined;
  const symbols = format.replace(/\[\$-[0-9A-Fa-f]+\]/g, '');
  return FORMAT_SYMBOLS.find(([pattern]) => pattern.test(symbols))?.[1];
}

/** Whether a number format shows a date or a time: `d`, `m`, `y`, `h`, `s` outside quotes. */
function isDateFormat(format: string): boolean {
  const bare = format
    .split(';')[0]
    ?.replace(/"[^"]*"|\[[^\]]*\]|\\.|_.|\*./g, '')
    .toLowerCase();
  return bare !== undefined && /[dmyhs]/.test(bare) && !/[#0?]/.test(bare);
}

const DAY_MS = 86_400_000;
/** Day 0 of each date system, where serial 1 is 1900-01-01 (after Excel's 1900 leap day) or 1904-01-02. */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/**
 * A cell's value as a row field: texts and rich texts as text, the URL of a `HYPERLINK` formula
 * as its link (its label as the value), the URL of an `IMAGE` formula as the value (a photo), a
 * number formatted as a currency with its symbol (`$28.5`), dates as dates, error values
 * (`#N/A`) as their text, which the row rules read as an empty cell.
 */
export function readCell(cell: RawCell, context: CellContext): SheetCell {
  const value = plainValue(cell, context);
  const call = cell.formula ? FUNCTION_URL.exec(cell.formula) : null;
  if (!call) return { value };
  const url = (call[2] ?? '').replaceAll('""', '"').trim();
  if (call[1]?.toUpperCase() === 'IMAGE') return { value: url, image: true };
  const literal = STRING_LITERAL.exec((call[3] ?? '').trim())?.[1]?.replaceAll('""', '"');
  return { value: value ?? literal ?? url, link: url };
}

function plainValue(cell: RawCell, context: CellContext): unknown {
  switch (cell.type) {
    case 's': {
      const index = Number(cell.value);
      return cell.value === '' ? undefined : context.strings.get(index);
    }
    case 'inlineStr':
      return cell.inline === '' ? undefined : cell.inline;
    case 'str':
    case 'e':
      return cell.value === '' ? undefined : cell.value;
    case 'b':
      return cell.value === '' ? undefined : String(cell.value === '1');
    case 'd': {
      const date = new Date(cell.value);
      return Number.isNaN(date.getTime()) ? cell.value : date;
    }
    default: {
      if (cell.value.trim() === '') return cell.inline === '' ? undefined : cell.inline;
      const number = Number(cell.value);
      if (!Number.isFinite(number)) return cell.value;
      const format = context.formats[cell.style];
      if (format === undefined || format === '' || format === 'General') return number;
      const symbol = currencyOfFormat(format);
      if (symbol) return `${symbol}${number}`;
      if (isDateFormat(format)) {
        return new Date((context.date1904 ? EPOCH_1904 : EPOCH_1900) + Math.round(number * DAY_MS));
      }
      return number;
    }
  }
}
