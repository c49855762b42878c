import type { Lexicon } from './lexicon.js';
import file from './lexicon.json' with { type: 'json' };
import { mergeLexicons, parseLexicon } from './parse-lexicon.js';

/**
 * The lexicon the catalog ships with (`lexicon.json`): community nicknames, brand spellings,
 * everyday and foreign words for the 14 categories and for product types, filler, budget, price,
 * currency and size words in English, Spanish, Portuguese and French. Checked like an operator's
 * file, so a bad edit fails the build's tests, not a shopper's search.
 */
export const DEFAULT_LEXICON: Lexicon = mergeLexicons(parseLexicon(file));
