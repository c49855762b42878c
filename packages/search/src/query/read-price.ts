import { type Currency, type CurrencyRates, type LexiconCurrency, toCny } from '@repo/catalog-core';
import type { QueryToken } from './lex-query.js';
import type { QueryLexicon } from './query-lexicon.js';
import type { TextPrice } from './reading.js';

/** A stretch of tokens read as a price, a size or a budget word. */
export interface PriceSpan {
  readonly end: number;
  readonly kind: 'price' | 'size' | 'budget';
  readonly min?: TextPrice;
  readonly max?: TextPrice;
  readonly size?: string;
}

interface Amount {
  readonly value: number;
  readonly currency?: LexiconCurrency;
  readonly end: number;
}

/** How prices are read: the default currency of amounts that name none, and the rates. */
export interface PriceContext {
  readonly currency: Currency;
  readonly rates: CurrencyRates;
}

// "around 50 €" covers 20% either side; a shopper's "around" is not a precise figure.
const AROUND = 0.2;
// After an amount: "$40 or less", "50€ max" cap it; "$50+", "50 or more" set a floor.
const AFTER_MAX = new Set(['or less', 'max', 'maximum', 'tops', 'or under', 'max budget']);
const AFTER_MIN = new Set(['+', 'or more', 'and up', 'and above', 'min', 'minimum', 'plus']);

const texts = (tokens: readonly QueryToken[]) => tokens.map((t) => t.text);

function currencyAt(
  ql: QueryLexicon,
  words: readonly string[],
  i: number,
): { code: LexiconCurrency; end: number } | undefined {
  const match = ql.currencies.longestAt(words, i);
  return match && { code: match.value, end: i + match.length };
}

/** `[currency] number [currency]` at `i`. */
function amountAt(
  ql: QueryLexicon,
  tokens: readonly QueryToken[],
  words: readonly string[],
  i: number,
): Amount | undefined {
  const before = currencyAt(ql, words, i);
  const at = before ? before.end : i;
  const value = tokens[at]?.value;
  if (value === undefined) return undefined;
  const after = currencyAt(ql, words, at + 1);
  const currency = before?.code ?? after?.code;
  return { value, ...(currency && { currency }), end: after ? after.end : at + 1 };
}

function price(value: number, currency: Currency, context: PriceContext): TextPrice {
  const amount = Math.round(value * 100) / 100;
  return { amount, currency, cny: toCny(amount, currency, context.rates) };
}

/** A phrase of one of the given tables right at `i`, as its end. */
function phraseEnd(
  table: { longestAt(words: readonly string[], i: number): { length: number } | undefined },
  words: readonly string[],
  i: number,
): number | undefined {
  const match = table.longestAt(words, i);
  return match ? i + match.length : undefined;
}

function rangeFrom(
  ql: QueryLexicon,
  tokens: readonly QueryToken[],
  words: readonly string[],
  first: Amount,
  context: PriceContext,
): PriceSpan | undefined {
  const joiner = words[first.end] === '-' ? first.end + 1 : phraseEnd(ql.priceTo, words, first.end);
  if (joiner === undefined) return undefined;
  const second = amountAt(ql, tokens, words, joiner);
  if (!second || second.value < first.value) return undefined;
  const currency = first.currency ?? second.currency;
  return { ...bounds(first.value, second.value, currency, context), end: second.end };
}

function bounds(
  low: number,
  high: number,
  currency: Currency | undefined,
  context: PriceContext,
): { kind: 'price'; min: TextPrice; max: TextPrice } {
  const code = currency ?? context.currency;
  return { kind: 'price', min: price(low, code, context), max: price(high, code, context) };
}

/** A size after a size word ("size 42", "talla M", "size us 9.5"), or after a size system. */
function readSize(
  ql: QueryLexicon,
  tokens: readonly QueryToken[],
  words: readonly string[],
  i: number,
): PriceSpan | undefined {
  const word = phraseEnd(ql.sizeWords, words, i);
  const start = word ?? i;
  const system = phraseEnd(ql.sizeSystems, words, start);
  const at = system ?? start;
  if (word === undefined && system === undefined) return undefined;
  if (tokens[at]?.value !== undefined) return { kind: 'size', size: words[at]!, end: at + 1 };
  if (system === undefined) {
    const letter = ql.sizeLetters.longestAt(words, at);
    if (letter) {
      const end = at + letter.length;
      return { kind: 'size', size: words.slice(at, end).join(' '), end };
    }
    // "size" alone still asks for nothing searchable.
    return word === undefined ? undefined : { kind: 'size', end: word };
  }
  return undefined;
}

/**
 * Reads a price, a size or a budget word starting at token `i`, if there is one: "under $25",
 * "menos de 30 dólares", "between 40 and 90 euros", "40-90$", "around 300 yuan", "$50+", "$40"
 * (a maximum), "size 42", "talla M", "affordable". Amounts without a currency are in
 * `context.currency`; every bound is also given in CNY with `context.rates`.
 */
export function readPriceAt(
  ql: QueryLexicon,
  tokens: readonly QueryToken[],
  i: number,
  context: PriceContext,
  words: readonly string[] = texts(tokens),
): PriceSpan | undefined {
  const size = readSize(ql, tokens, words, i);
  if (size) return size;
  const between = phraseEnd(ql.priceBetween, words, i);
  if (between !== undefined) {
    const first = amountAt(ql, tokens, words, between);
    const range = first && rangeFrom(ql, tokens, words, first, context);
    if (range) return range;
  }
  const around = phraseEnd(ql.priceAround, words, i);
  if (around !== undefined) {
    const amount = amountAt(ql, tokens, words, around);
    if (amount?.currency) {
      const { value } = amount;
      return {
        ...bounds(value * (1 - AROUND), value * (1 + AROUND), amount.currency, context),
        end: amount.end,
      };
    }
  }
  for (const [table, side] of [
    [ql.priceMax, 'max'],
    [ql.priceMin, 'min'],
  ] as const) {
    const end = phraseEnd(table, words, i);
    if (end === undefined) continue;
    const amount = amountAt(ql, tokens, words, end);
    // "from 2002" or "de 550" name a model, not a price: such words need a currency.
    const ambiguous = side === 'min' && ql.priceBetween.longestAt(words, i) !== undefined;
    if (!amount || (ambiguous && !amount.currency)) continue;
    const bound = price(amount.value, amount.currency ?? context.currency, context);
    return { kind: 'price', [side]: bound, end: amount.end };
  }
  const bare = amountAt(ql, tokens, words, i);
  // "40-90$": a range with a currency on either amount.
  const range = bare && rangeFrom(ql, tokens, words, bare, context);
  if (range && (bare.currency || currencyAt(ql, words, range.end - 1))) return range;
  if (bare?.currency) {
    const bound = price(bare.value, bare.currency, context);
    const after = words.slice(bare.end, bare.end + 2);
    for (const length of [2, 1]) {
      const phrase = after.slice(0, length).join(' ');
      if (AFTER_MIN.has(phrase)) return { kind: 'price', min: bound, end: bare.end + length };
      if (AFTER_MAX.has(phrase)) return { kind: 'price', max: bound, end: bare.end + length };
    }
    return { kind: 'price', max: bound, end: bare.end };
  }
  const budget = phraseEnd(ql.budget, words, i);
  if (budget !== undefined) return { kind: 'budget', end: budget };
  return undefined;
}
