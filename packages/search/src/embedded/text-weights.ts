/**
 * Searchable fields and their weights (higher ranks first when typos are equal). The item number
 * is matched exactly only, through its own table, so the typo/prefix dictionary stays small.
 */
export const FIELD_WEIGHTS = {
  title: 10,
  brand: 9,
  model: 8,
  colorway: 7,
  batch: 6,
  category: 5,
  tags: 4,
  item_id: 3,
  slug: 2,
  kinds: 1,
} as const;

// A word's score for one document: typos dominate (like Meilisearch's `typo` rule coming before
// `attribute`), then the field weight, then exact over prefix. 2 * max weight + 1 < TYPO_STEP.
const TYPO_STEP = 64;
const EXACT_BONUS = 1;

/** The score of a word matched with `typos` typos, exactly or as a prefix, before its field. */
export function wordBase(typos: number, exact: boolean): number {
  return (2 - typos) * TYPO_STEP + (exact ? EXACT_BONUS : 0);
}

/** The highest score one document can reach for one query word. */
export const MAX_WORD_SCORE = wordBase(0, true) + 2 * FIELD_WEIGHTS.title;
