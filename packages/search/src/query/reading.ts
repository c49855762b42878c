import type { CategoryId, Currency, DROP_REASONS } from '@repo/catalog-core';
import type { WordClass } from './query-lexicon.js';

/** A price read from the text, as typed and in CNY (the catalog currency). */
export interface TextPrice {
  readonly amount: number;
  readonly currency: Currency;
  readonly cny: number;
}

/**
 * Why a word of the text is not searched: a filler, part of a price, a size or a budget word
 * (read, not searched); a word that matches no product (`no_match`), left out so that the others
 * can match (`relaxed`); a price overruled by an explicit argument (`overridden`); a word past the
 * 10-word limit (`limit`). One of catalog-core's `DROP_REASONS` (the tool contract shows them).
 */
export type DropReason = (typeof DROP_REASONS)[number];

/** A word (or phrase) of the text that was not searched, and why. */
export interface DroppedWord {
  readonly word: string;
  readonly reason: DropReason;
}

/** A word to search. */
export interface ReadWord {
  /** What the engines receive: a catalog word, or a lexicon key ("cross body" → `crossbody`). */
  readonly token: string;
  /** As typed, folded ("cross body"). */
  readonly text: string;
  readonly class: WordClass;
  /** What a lexicon word stands for ("Air Jordan 1", "category Sneakers"). */
  readonly means?: string;
  /** The category a category word stands for. */
  readonly category?: CategoryId;
}

/** What the query reading found in a text, before any engine runs. */
export interface QueryReading {
  readonly words: readonly ReadWord[];
  readonly dropped: readonly DroppedWord[];
  readonly minPrice?: TextPrice;
  readonly maxPrice?: TextPrice;
  /** Sizes mentioned ("42", "m"): products carry none, so they are read and set aside. */
  readonly sizes: readonly string[];
  /** A budget word asked for cheap products. */
  readonly budget: boolean;
}
