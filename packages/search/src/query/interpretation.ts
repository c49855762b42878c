import type { CategoryId } from '@repo/catalog-core';
import type { DroppedWord, TextPrice } from './reading.js';

/** A lexicon word among the searched ones and what it stands for. */
export interface ExpandedWord {
  readonly word: string;
  /** In English: a brand or model's name, or "category Sneakers". */
  readonly means: string;
  /** The category, when the word stands for one: a page names it in its own language. */
  readonly category?: CategoryId;
}

/** A word that matched nothing, replaced by the catalog word it most likely meant. */
export interface Correction {
  readonly from: string;
  readonly to: string;
}

/**
 * How a query's text was understood, so that a person or an agent can see it and correct it:
 * the words searched, what lexicon words stood for, the filters read from the text that took
 * effect, the words left out and why, corrections, and "did you mean" suggestions when nothing
 * matched.
 */
export interface QueryInterpretation {
  /** The words searched, as typed (folded) or as corrected. Empty: no word was searched. */
  readonly searched: readonly string[];
  readonly expanded: readonly ExpandedWord[];
  /** Price bounds read from the text and applied (an explicit bound wins over one read). */
  readonly minPrice?: TextPrice;
  readonly maxPrice?: TextPrice;
  /** Sizes mentioned: not filtered, as listings carry every size. */
  readonly sizes: readonly string[];
  /** A budget word asked for cheap products: cheapest first, unless an order was given. */
  readonly budget: boolean;
  readonly dropped: readonly DroppedWord[];
  readonly corrections: readonly Correction[];
  /** Whole queries to try instead, from the catalog's own words, when nothing matched. */
  readonly suggestions: readonly string[];
  /** Not every word could match together: some were left out (see `dropped`). */
  readonly relaxed: boolean;
  /** The words were searched as given: no reading, no relaxation (`literal: true`). */
  readonly literal: boolean;
}
