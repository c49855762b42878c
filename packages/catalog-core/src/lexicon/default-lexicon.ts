import brands from './brands.json' with { type: 'json' };
import type { Lexicon } from './lexicon.js';
import file from './lexicon.json' with { type: 'json' };
import { mergeLexicons, parseLexicon } from './parse-lexicon.js';

/**
 * The lexicon the catalog ships with: `lexicon.json` (community nicknames, everyday and foreign
 * words for the 14 categories and for product types, filler, budget, price, currency, size and
 * descriptor words in English, Spanish, Portuguese, French, German, Italian, Polish and Dutch)
 * and `brands.json` (the brands the community buys, with their spellings, models and, for
 * one-category brands, their category). Checked like an operator's file, so a bad edit fails the
 * build's tests, not a shopper's search.
 */
export const DEFAULT_LEXICON: Lexicon = mergeLexicons(parseLexicon(file), parseLexicon(brands));
