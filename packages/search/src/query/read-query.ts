import { type Currency, type CurrencyRates, DEFAULT_CURRENCY_RATES } from '@repo/catalog-core';
import { lexQuery } from './lex-query.js';
import type { QueryLexicon } from './query-lexicon.js';
import { readPriceAt } from './read-price.js';
import type { DroppedWord, QueryReading, ReadWord, TextPrice } from './reading.js';

/** Query words beyond this many are not searched (and the answer says so). */
export const MAX_QUERY_WORDS = 10;

/** Options of {@link readQuery}. */
export interface ReadQueryOptions {
  /** Currency of amounts that name none ("under 50"). Default USD. */
  readonly currency?: Currency;
  /** Rates for converting prices read from the text to CNY. Default: the catalog's own. */
  readonly rates?: CurrencyRates;
}

// "4s", "550s", "1s": the community's plural of a model number is the number.
const NUMBER_PLURAL = /^(\d+)s$/;

// A price reads as written: "$80", "50+", not "$ 80".
function joinPrice(tokens: readonly string[]): string {
  return tokens
    .join(' ')
    .replace(/([$€¥£<>≤≥~]) (?=\d)/g, '$1')
    .replace(/(\d) \+/g, '$1+')
    .replace(/(\d) - (?=[$€¥£]?\d)/g, '$1-');
}

/**
 * Reads a query before any engine sees it: prices ("under $25", "menos de 30 dólares", "between
 * 40 and 90 euros"), sizes ("size 42", "talla M") and budget words ("affordable", "barato") are
 * read and taken out; filler and politeness words ("show me", "quiero", "s'il vous plaît") are
 * dropped; lexicon words are recognised, longest phrase first, and a phrase becomes one token
 * ("cross body" → `crossbody`) that the engines expand with the lexicon's synonyms. What is left,
 * in order, are the words to search.
 *
 * A text made only of filler words asks for nothing in particular: it reads as no words at all.
 *
 * @example
 * readQuery('show me cheap aj1 under $150', compileLexicon(DEFAULT_LEXICON))
 * // { words: [{ token: 'aj1', class: 'brand', means: 'air jordan 1', ... }], budget: true,
 * //   maxPrice: { amount: 150, currency: 'USD', cny: 1062 }, dropped: [show, me (filler), ...] }
 */
export function readQuery(
  text: string,
  ql: QueryLexicon,
  options: ReadQueryOptions = {},
): QueryReading {
  const context = {
    currency: options.currency ?? 'USD',
    rates: options.rates ?? DEFAULT_CURRENCY_RATES,
  };
  const tokens = lexQuery(text);
  const words = tokens.map((t) => t.text);
  const read: ReadWord[] = [];
  const dropped: DroppedWord[] = [];
  const sizes: string[] = [];
  let minPrice: TextPrice | undefined;
  let maxPrice: TextPrice | undefined;
  let budget = false;
  for (let i = 0; i < tokens.length; ) {
    const key = ql.keys.longestAt(words, i);
    const filler = ql.fillers.longestAt(words, i);
    // A phrase the lexicon knows ("air max 90", "tank tops") is read before the price words
    // inside it ("max", "tops") can be.
    const span = key && key.length > 1 ? undefined : readPriceAt(ql, tokens, i, context, words);
    if (span) {
      const phrase = joinPrice(words.slice(i, span.end));
      dropped.push({ word: phrase, reason: span.kind });
      if (span.kind === 'budget') budget = true;
      if (span.size) sizes.push(span.size);
      if (span.min) minPrice ??= span.min;
      if (span.max) maxPrice ??= span.max;
      i = span.end;
      continue;
    }
    if (key && (!filler || key.length >= filler.length)) {
      const phrase = words.slice(i, i + key.length).join(' ');
      if (key.value.token === '') {
        // A brand's own name: its words are searched as they are, as brand words ("the" of
        // "The North Face" is a stop word, searched by no engine).
        for (const word of words.slice(i, i + key.length)) {
          if (!ql.stopWords.has(word)) read.push({ token: word, text: word, class: 'brand' });
        }
      } else {
        read.push({
          token: key.value.token,
          text: phrase,
          class: key.value.class,
          means: key.value.label,
          ...(key.value.category && { category: key.value.category }),
        });
      }
      i += key.length;
      continue;
    }
    if (filler) {
      dropped.push({ word: words.slice(i, i + filler.length).join(' '), reason: 'filler' });
      i += filler.length;
      continue;
    }
    const word = words[i]!;
    i++;
    if (word === '-' || ql.currencies.get(word) !== undefined || /^[<>≤≥~+]$/.test(word)) {
      dropped.push({ word, reason: 'price' });
      continue;
    }
    const plural = NUMBER_PLURAL.exec(word)?.[1];
    read.push({ token: plural ?? word, text: word, class: 'word' });
  }
  const searched = read.slice(0, MAX_QUERY_WORDS);
  for (const word of read.slice(MAX_QUERY_WORDS))
    dropped.push({ word: word.text, reason: 'limit' });
  return {
    words: searched,
    dropped,
    ...(minPrice && { minPrice }),
    ...(maxPrice && { maxPrice }),
    sizes,
    budget,
  };
}
