import { foldText } from '@repo/catalog-core';

/** A token of a query: a word, a number (with its value) or a price symbol. */
export interface QueryToken {
  /** As the lexicon compares it: folded, a number as typed ("29,99"). */
  readonly text: string;
  /** The value of a number, `k` read as thousands; `undefined` for words and symbols. */
  readonly value?: number;
}

// A number stands alone ("25", "29.99", "1,200", "2k"); followed by a letter it is part of a
// word ("9060s", "990v6", "59fifty"). Words are letters and digits; symbols stand alone; a dash
// is kept only between numbers ("40-90"), elsewhere it separates like any punctuation.
const TOKENS =
  /(\d+(?:[.,]\d+)*)(k?)(?![\p{L}\p{N}])|[\p{L}\p{N}]+|[$€¥£<>≤≥~+]|(?<=\d\s*[$€¥£]?\s*)[-–](?=\s*[$€¥£]?\s*\d)/gu;
const THOUSANDS = /^\d{1,3}([.,])\d{3}(?:\1\d{3})*$/;

/** "1,200" and "1.200" are 1200; "29,99" and "29.99" are 29.99. */
function numberValue(digits: string, thousands: boolean): number {
  if (THOUSANDS.test(digits)) return Number(digits.replace(/[.,]/g, '')) * (thousands ? 1000 : 1);
  const lastSeparator = Math.max(digits.lastIndexOf('.'), digits.lastIndexOf(','));
  const whole = lastSeparator < 0 ? digits : digits.slice(0, lastSeparator);
  const fraction = lastSeparator < 0 ? '' : digits.slice(lastSeparator + 1);
  const value = Number(`${whole.replace(/[.,]/g, '')}.${fraction || '0'}`);
  return thousands ? value * 1000 : value;
}

/**
 * Splits a query into tokens the way the lexicon is folded (`foldText`), reading numbers with
 * their decimal or thousands separator, so "under $29.99" is `under`, `$`, `29.99`.
 *
 * @example lexQuery('Jordan 4s under 1,2k¥').map((t) => t.text) // ['jordan', '4s', 'under', '1,2k', '¥']
 */
export function lexQuery(text: string): QueryToken[] {
  const tokens: QueryToken[] = [];
  for (const match of foldText(text).matchAll(TOKENS)) {
    const [whole, digits, k] = match;
    if (digits !== undefined) {
      tokens.push({ text: whole, value: numberValue(digits, k === 'k') });
    } else tokens.push({ text: whole === '–' ? '-' : whole });
  }
  return tokens;
}
