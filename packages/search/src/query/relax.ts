import type { CategoryId, Product } from '@repo/catalog-core';
import type { SearchResult } from '../catalog-index.js';
import { type NormalizedQuery, withWords } from '../normalize-query.js';
import type { CatalogDictionary } from './dictionary.js';
import type { Correction, QueryInterpretation } from './interpretation.js';
import type { QueryLexicon } from './query-lexicon.js';
import type { DroppedWord, ReadWord } from './reading.js';

/** One strict answer of an engine: every word matched. */
export interface EngineAnswer {
  readonly hits: readonly Product[];
  readonly total: number;
  readonly categoryCounts: Readonly<Record<CategoryId, number>>;
}

/**
 * What an engine offers the shared query logic: strict searches (every word must match, the
 * last one as a prefix, as Meilisearch's `matchingStrategy: 'all'`), counts, and the catalog's
 * dictionary. Both engines implement it, so both relax, correct and suggest by the same rules.
 */
export interface MatchingEngine {
  run(query: NormalizedQuery): Promise<EngineAnswer>;
  /**
   * For each read word (`query.read`; a brand alias may be several tokens), the products it
   * matches alone, within the query's category and price filters; a word keeps its place (only
   * the last token of the last word is matched as a prefix).
   */
  countWords(query: NormalizedQuery): Promise<readonly number[]>;
  /** The totals of several queries, in order; an engine may stop after the first above zero. */
  totals(queries: readonly NormalizedQuery[]): Promise<readonly number[]>;
  dictionary(): Promise<CatalogDictionary>;
}

interface Outcome {
  readonly read: readonly ReadWord[];
  readonly dropped: readonly DroppedWord[];
  readonly corrections: readonly Correction[];
  readonly suggestions: readonly string[];
}

const NO_CHANGE = { dropped: [], corrections: [], suggestions: [] } as const;

/**
 * The order words are left out in when not all of them can match: first the words that match
 * nothing at all, then words that were corrected (a guess), then qualifiers (category words
 * the lexicon marks `dropFirst`: a women's bag is still a bag), then the other words, the most
 * frequent first (Meilisearch's `frequency` strategy: the least informative first), brand and
 * model words last. Ties: the rightmost first (its `last` strategy).
 */
export function dropOrder(
  read: readonly ReadWord[],
  counts: readonly number[],
  corrected: ReadonlySet<number> = new Set(),
): number[] {
  const tier = (i: number) => {
    if (counts[i] === 0) return 0;
    if (corrected.has(i)) return 1;
    const cls = read[i]!.class;
    return cls === 'qualifier' ? 2 : cls === 'brand' ? 4 : 3;
  };
  return read
    .map((_, i) => i)
    .sort((a, b) => tier(a) - tier(b) || counts[b]! - counts[a]! || b - a);
}

/**
 * Searches with the shared query logic: the strict answer when some product matches every word;
 * otherwise words that match nothing are corrected from the catalog's dictionary where a close
 * word exists, then words are left out in {@link dropOrder} until some product matches the rest
 * (never every word); when nothing matches at all, "did you mean" suggestions come from the
 * dictionary. Literal queries and queries without words get the strict answer only. The result
 * carries the interpretation.
 */
export async function searchUnderstood(
  query: NormalizedQuery,
  engine: MatchingEngine,
  ql: QueryLexicon,
): Promise<SearchResult> {
  const strict = await engine.run(query);
  if (query.literal || query.words.length === 0 || strict.total > 0) {
    return finish(query, strict, { read: query.read, ...NO_CHANGE }, false);
  }
  let current = query;
  let counts = await engine.countWords(current);
  const dictionary = await engine.dictionary();
  const corrections = new Map<number, Correction>();
  const corrected = current.read.map((word, i) => {
    if (counts[i]! > 0 || word.class !== 'word' || ql.keyTokens.has(word.token)) return word;
    const to = dictionary.correct(word.token);
    if (to === undefined) return word;
    corrections.set(i, { from: word.text, to });
    const key = ql.keyTokens.get(to);
    return {
      token: to,
      text: to,
      class: key?.class ?? 'word',
      ...(key && { means: key.label }),
      ...(key?.category && { category: key.category }),
    };
  });
  if (corrections.size > 0) {
    current = withWords(current, corrected);
    const answer = await engine.run(current);
    const outcome = {
      read: current.read,
      dropped: [],
      corrections: [...corrections.values()],
      suggestions: [],
    };
    if (answer.total > 0) return finish(query, answer, outcome, false);
    counts = await engine.countWords(current);
  }
  const order = dropOrder(current.read, counts, new Set(corrections.keys()));
  const zero = order.filter((i) => counts[i] === 0);
  const rest = order.slice(zero.length);
  // The words that match nothing go first, together; then one more word at a time in drop
  // order, each alone before any two ("nike women shoes" keeps "nike shoes"), then cumulatively;
  // never every word.
  const steps: number[][] = [];
  if (zero.length > 0 && rest.length > 0) steps.push(zero);
  if (rest.length > 1) {
    for (const i of rest) steps.push([...zero, i]);
    for (let k = 2; k < rest.length; k++) steps.push([...zero, ...rest.slice(0, k)]);
  }
  const candidates = steps.map((gone) =>
    withWords(
      current,
      current.read.filter((_, i) => !gone.includes(i)),
    ),
  );
  const totals = await engine.totals(candidates);
  const chosen = totals.findIndex((total) => total > 0);
  if (chosen >= 0) {
    const gone = steps[chosen]!;
    const candidate = candidates[chosen]!;
    // A corrected word left out is reported as typed, and its correction with it.
    const dropped = gone
      .slice()
      .sort((a, b) => a - b)
      .map((i) => {
        const typed = corrections.get(i)?.from;
        const reason = counts[i] === 0 || typed ? ('no_match' as const) : ('relaxed' as const);
        return { word: typed ?? current.read[i]!.text, reason };
      });
    const kept = [...corrections].filter(([i]) => !gone.includes(i)).map(([, c]) => c);
    const answer = await engine.run(candidate);
    return finish(
      query,
      answer,
      { read: candidate.read, dropped, corrections: kept, suggestions: [] },
      true,
    );
  }
  const suggestions = suggest(current.read, counts, dictionary, ql);
  return finish(
    query,
    strict,
    { read: current.read, dropped: [], corrections: [...corrections.values()], suggestions },
    false,
  );
}

const MAX_SUGGESTIONS = 3;

/** Whole queries to try: each unknown word replaced by its n-th closest catalog word. */
function suggest(
  read: readonly ReadWord[],
  counts: readonly number[],
  dictionary: CatalogDictionary,
  ql: QueryLexicon,
): string[] {
  const options = read.map((word, i) =>
    counts[i] === 0 &&
    word.class === 'word' &&
    !dictionary.has(word.token) &&
    !ql.keyTokens.has(word.token)
      ? dictionary.suggest(word.token)
      : [],
  );
  const out = new Set<string>();
  for (let n = 0; n < MAX_SUGGESTIONS; n++) {
    if (!options.some((list) => list[n] !== undefined)) break;
    out.add(read.map((word, i) => options[i]![n] ?? options[i]![0] ?? word.text).join(' '));
  }
  return [...out];
}

function finish(
  query: NormalizedQuery,
  answer: EngineAnswer,
  outcome: Outcome,
  relaxed: boolean,
): SearchResult {
  const result = {
    hits: answer.hits,
    total: answer.total,
    offset: query.offset,
    limit: query.limit,
    categoryCounts: answer.categoryCounts,
  };
  const hasText = query.read.length > 0 || query.reading.dropped.length > 0;
  if (!hasText) return result;
  const interpretation: QueryInterpretation = {
    searched: outcome.read.map((word) => word.text),
    expanded: outcome.read.flatMap((word) =>
      word.means === undefined
        ? []
        : [
            {
              word: word.text,
              means: word.means,
              ...(word.category && { category: word.category }),
            },
          ],
    ),
    ...(query.textMinPrice && { minPrice: query.textMinPrice }),
    ...(query.textMaxPrice && { maxPrice: query.textMaxPrice }),
    sizes: query.reading.sizes,
    budget: query.reading.budget,
    dropped: [...query.reading.dropped, ...outcome.dropped],
    corrections: outcome.corrections,
    suggestions: outcome.suggestions,
    relaxed,
    literal: query.literal,
  };
  return { ...result, interpretation };
}
