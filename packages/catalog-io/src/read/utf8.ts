import { isUtf8 } from 'node:buffer';

/**
 * Why a row with bytes that are not UTF-8 is refused. Decoding would turn them into U+FFFD (�)
 * inside product data, so the row is reported instead, and the operator re-saves the file.
 */
export const NOT_UTF8 =
  'not valid UTF-8: holds bytes of another encoding (Latin-1, GBK, …); save the file as UTF-8';

/** The 1-based line of the first line of `bytes` that is not valid UTF-8, if any. */
export function firstLineNotUtf8(bytes: Buffer): number | undefined {
  if (isUtf8(bytes)) return undefined;
  let line = 1;
  let start = 0;
  while (start <= bytes.length) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline === -1 ? bytes.length : newline;
    if (!isUtf8(bytes.subarray(start, end))) return line;
    if (newline === -1) return undefined;
    start = newline + 1;
    line++;
  }
  return undefined;
}
