import type { SharedStrings } from './shared-strings.js';

/** A cell as exceljs's streaming reader gives it. */
export interface XlsxCell {
  readonly value?: unknown;
  readonly numFmt?: string;
}

/** `=HYPERLINK("https://…", "LINK")`: the sheets' way of showing a link under a label. */
const HYPERLINK = /^\s*HYPERLINK\(\s*"((?:[^"]|"")*)"/i;

/** What a number format's currency part says, and the symbol `parseMoney` reads it by. */
const FORMAT_SYMBOLS: readonly (readonly [RegExp, string])[] = [
  [/[¥￥]|CNY|RMB/, '¥'],
  [/€|EUR/, '€'],
  [/£|GBP/, '£'],
  // Most specific first: `R$` and `MX$` before the `$` of dollars.
  [/R\$|BRL/, 'R$'],
  [/MX\$|MXN/, 'MX$'],
  [/zł|PLN/, 'zł'],
  [/\$/, '$'],
];

/**
 * The currency symbol of a number format (`"$"#,##0.00`, `[$¥-804]#,##0`, `#,##0.00 [$€-407]`,
 * `[$R$-416] #,##0.00`): a price formatted as currency in the sheet carries its currency that
 * way, not in its value.
 */
function currencyOfFormat(format: string | undefined): string | undefined {
  if (!format) return undefined;
  const symbols = format.replace(/\[\$-[0-9A-Fa-f]+\]/g, '');
  return FORMAT_SYMBOLS.find(([pattern]) => pattern.test(symbols))?.[1];
}

/**
 * A cell's value as a row field: texts and rich texts as text, the URL of a `HYPERLINK` formula,
 * a formula's cached result, a number formatted as a currency with its symbol (`$28.5`), dates
 * as dates, error values (`#N/A`) as empty.
 */
export function cellValue(cell: XlsxCell, strings: SharedStrings): unknown {
  const value = cell.value;
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') {
    const symbol = currencyOfFormat(cell.numFmt);
    return symbol ? `${symbol}${value}` : value;
  }
  if (typeof value === 'string' || value instanceof Date) return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value !== 'object') return undefined;
  const object = value as Record<string, unknown>;
  if (typeof object.sharedString === 'number') return strings.get(object.sharedString);
  if (Array.isArray(object.richText)) return richText(object.richText);
  if (typeof object.formula === 'string' || typeof object.sharedFormula === 'string') {
    const link = HYPERLINK.exec(String(object.formula ?? ''))?.[1];
    if (link) return link.replaceAll('""', '"');
    return cellValue({ value: object.result, numFmt: cell.numFmt } as XlsxCell, strings);
  }
  if (typeof object.hyperlink === 'string') return object.hyperlink;
  if (typeof object.text === 'string') return object.text;
  return undefined;
}

/** The text of a rich-text value (runs of differently styled text). */
export function richText(runs: readonly unknown[]): string {
  return runs.map((run) => String((run as { text?: unknown }).text ?? '')).join('');
}
