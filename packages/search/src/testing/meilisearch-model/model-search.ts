// Meilisearch's search semantics, as far as this service relies on them, for measuring the
// Meilisearch engine where no server can run. Followed (milli, crates/milli/src/search/new/):
// - query terms: the last word is a prefix unless the text ends with a separator; stop words are
//   ignored except a prefix word; a query of stop words only is a placeholder search
//   (query_term/parse_query.rs, tests/stop_words.rs);
// - derivations of a word: itself, its prefixes (last word), its synonyms (phrases, looked up
//   by the word as typed, zero typos) and its typos: optimal-string-alignment distance
//   (LevBuilder with transpositions), 0/1/2 typos by `minWordSizeForTypos`, a different first
//   letter counting two, prefix automaton for the last word, none for numbers with
//   `disableOnNumbers` nor for the words of `disableOnWords` (query_term/compute_derivations.rs,
//   parse_query.rs `number_of_typos_allowed`);
// - matchingStrategy `all`, `last` (terms dropped from the end) and `frequency` (the most
//   frequent first) (ranking_rule_graph/words, docs "matchingStrategy");
// - ranking rules in settings order: words, typo, proximity, attribute, exactness, sort and
//   `attr:asc|desc`; filters, facets, page/hitsPerPage with exact totals, offset/limit.
// Ranking is an approximation (bucket sort on per-document measures, not milli's graph-based
// rules): sets, totals, facets and explicit orders are what the contract compares exactly.

import { foldWords, typoCost } from '@repo/catalog-core';
import { parseModelFilter } from './model-filter.js';
import type { ModelIndex, Occurrence } from './model-index.js';

/** The search parameters the model understands (Meilisearch's names). */
export interface ModelSearchParams {
  q?: string | null;
  filter?: string | null;
  sort?: string[] | null;
  facets?: string[] | null;
  page?: number;
  hitsPerPage?: number;
  offset?: number;
  limit?: number;
  matchingStrategy?: 'all' | 'last' | 'frequency';
  attributesToRetrieve?: string[] | null;
}

/** A request the model refuses, as Meilisearch would (400 with a code). */
export class ModelRequestError extends Error {
  override name = 'ModelRequestError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface TermMatch {
  /** Fewest typos this document matches the term with. */
  typos: number;
  exact: boolean;
  attribute: number;
  positions: Occurrence[];
}

type Matches = Map<number, TermMatch>;

const SEPARATOR_AT_END = /[^\p{L}\p{N}]$/u;
const DIGITS = /^\p{N}+$/u;

function allowedTypos(word: string, index: ModelIndex): number {
  const { enabled, minWordSizeForTypos, disableOnNumbers, disableOnWords } =
    index.settings.typoTolerance;
  const length = [...word].length;
  if (!enabled || (disableOnNumbers && DIGITS.test(word))) return 0;
  if (disableOnWords?.includes(word)) return 0;
  if (length < minWordSizeForTypos.oneTypo) return 0;
  return length < minWordSizeForTypos.twoTypos ? 1 : 2;
}

function note(matches: Matches, occurrence: Occurrence, typos: number, exact: boolean): void {
  const known = matches.get(occurrence.doc);
  if (!known) {
    matches.set(occurrence.doc, {
      typos,
      exact,
      attribute: occurrence.attribute,
      positions: [occurrence],
    });
    return;
  }
  if (typos < known.typos) known.typos = typos;
  known.exact ||= exact;
  if (occurrence.attribute < known.attribute) known.attribute = occurrence.attribute;
  known.positions.push(occurrence);
}

/** The documents a query term matches, with how well. */
function matchTerm(index: ModelIndex, word: string, prefix: boolean): Matches {
  const { words } = index.index();
  const matches: Matches = new Map();
  const allowed = allowedTypos(word, index);
  for (const [candidate, occurrences] of words) {
    let typos: number | undefined;
    if (candidate === word) typos = 0;
    else if (prefix && candidate.startsWith(word)) typos = 0;
    else typos = typoCost(word, candidate, allowed, prefix);
    if (typos === undefined) continue;
    const exact = candidate === word;
    for (const occurrence of occurrences) note(matches, occurrence, typos, exact);
  }
  const stopWords = new Set(index.settings.stopWords);
  for (const phrase of index.settings.synonyms[word] ?? []) {
    const parts = foldWords(phrase);
    const anchor = parts.findIndex((part) => !stopWords.has(part));
    if (anchor < 0) continue;
    for (const start of words.get(parts[anchor]!) ?? []) {
      const ok = parts.every((part, k) => {
        if (stopWords.has(part)) return true;
        const position = start.position - anchor + k;
        return (words.get(part) ?? []).some(
          (o) => o.doc === start.doc && o.attribute === start.attribute && o.position === position,
        );
      });
      if (ok) note(matches, start, 0, false);
    }
  }
  return matches;
}

/** The query's terms: stop words out (but a prefix word), the last one a prefix unless ended. */
function termsOf(q: string, index: ModelIndex): { word: string; prefix: boolean }[] {
  const words = foldWords(q);
  const prefixLast = words.length > 0 && !SEPARATOR_AT_END.test(q);
  const stopWords = new Set(index.settings.stopWords);
  return words
    .map((word, i) => ({ word, prefix: prefixLast && i === words.length - 1 }))
    .filter((term) => term.prefix || !stopWords.has(term.word));
}

interface Candidate {
  doc: number;
  matched: TermMatch[];
  words: number;
}

function proximity(matched: readonly TermMatch[]): number {
  let total = 0;
  for (let i = 1; i < matched.length; i++) {
    let best = 8;
    for (const a of matched[i - 1]!.positions) {
      for (const b of matched[i]!.positions) {
        if (a.attribute === b.attribute) best = Math.min(best, Math.abs(b.position - a.position));
      }
    }
    total += best;
  }
  return total;
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a).toLowerCase();
  const y = String(b).toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Runs one search on a model index and answers as Meilisearch's search route does.
 *
 * @throws {ModelRequestError} for a bad filter, sort or facet (codes as Meilisearch's).
 */
export function searchModel(index: ModelIndex, params: ModelSearchParams): Record<string, unknown> {
  const { docs } = index.index();
  const settings = index.settings;
  let predicate: ((doc: Record<string, unknown>) => boolean) | undefined;
  if (params.filter) {
    try {
      predicate = parseModelFilter(params.filter, settings.filterableAttributes);
    } catch (error) {
      throw new ModelRequestError('invalid_search_filter', (error as Error).message);
    }
  }
  for (const rule of params.sort ?? []) {
    const [field] = rule.split(':');
    if (!settings.sortableAttributes.includes(field!)) {
      throw new ModelRequestError('invalid_search_sort', `attribute \`${field}\` is not sortable`);
    }
  }
  for (const facet of params.facets ?? []) {
    if (!settings.filterableAttributes.includes(facet)) {
      throw new ModelRequestError(
        'invalid_search_facets',
        `attribute \`${facet}\` is not filterable`,
      );
    }
  }
  const terms = termsOf(params.q ?? '', index);
  let candidates: Candidate[];
  if (terms.length === 0) {
    candidates = docs.map((_, doc) => ({ doc, matched: [], words: 0 }));
  } else {
    const perTerm = terms.map((term) => matchTerm(index, term.word, term.prefix));
    candidates = [];
    const strategy = params.matchingStrategy ?? 'last';
    // The order terms are given up in: from the end (`last`), or the most frequent first.
    const order = terms.map((_, i) => i);
    if (strategy === 'frequency')
      order.sort((a, b) => perTerm[a]!.size - perTerm[b]!.size || a - b);
    docs.forEach((_, doc) => {
      let words = 0;
      for (const i of order) {
        if (!perTerm[i]!.has(doc)) break;
        words++;
      }
      if (words === 0 || (strategy === 'all' && words < terms.length)) return;
      const matched = perTerm.flatMap((m) => (m.has(doc) ? [m.get(doc)!] : []));
      candidates.push({ doc, matched, words });
    });
  }
  if (predicate) candidates = candidates.filter((c) => predicate(docs[c.doc]!));
  const measures: Record<string, (c: Candidate) => number> = {
    words: (c) => -c.words,
    typo: (c) => c.matched.reduce((sum, m) => sum + m.typos, 0),
    proximity: (c) => proximity(c.matched),
    attribute: (c) => c.matched.reduce((sum, m) => sum + m.attribute, 0),
    exactness: (c) => -c.matched.filter((m) => m.exact).length,
  };
  const sortRules = (params.sort ?? []).map((rule) => rule.split(':') as [string, string]);
  const compare = (a: Candidate, b: Candidate): number => {
    for (const rule of settings.rankingRules) {
      const measure = measures[rule];
      let result = 0;
      if (measure) result = measure(a) - measure(b);
      else if (rule === 'sort') {
        for (const [field, direction] of sortRules) {
          result = compareValues(docs[a.doc]![field], docs[b.doc]![field]);
          if (direction === 'desc') result = -result;
          if (result !== 0) break;
        }
      } else {
        const [field, direction] = rule.split(':');
        result = compareValues(docs[a.doc]![field!], docs[b.doc]![field!]);
        if (direction === 'desc') result = -result;
      }
      if (result !== 0) return result;
    }
    return a.doc - b.doc;
  };
  candidates.sort(compare);
  return answer(
    index,
    params,
    candidates.map((c) => docs[c.doc]!),
  );
}

function answer(
  index: ModelIndex,
  params: ModelSearchParams,
  found: readonly Record<string, unknown>[],
): Record<string, unknown> {
  const total = Math.min(found.length, index.settings.pagination.maxTotalHits);
  const retrieve = params.attributesToRetrieve;
  const shown = (doc: Record<string, unknown>) =>
    retrieve && !retrieve.includes('*')
      ? Object.fromEntries(retrieve.filter((k) => k in doc).map((k) => [k, doc[k]]))
      : doc;
  const facetDistribution: Record<string, Record<string, number>> = {};
  for (const facet of params.facets ?? []) {
    const counts: Record<string, number> = {};
    for (const doc of found) {
      const value = doc[facet];
      for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
        counts[String(v)] = (counts[String(v)] ?? 0) + 1;
      }
    }
    const kept = Object.keys(counts).sort().slice(0, index.settings.faceting.maxValuesPerFacet);
    facetDistribution[facet] = Object.fromEntries(kept.map((k) => [k, counts[k]!]));
  }
  const base = {
    query: params.q ?? '',
    processingTimeMs: 0,
    ...(params.facets ? { facetDistribution } : {}),
  };
  if (params.page !== undefined || params.hitsPerPage !== undefined) {
    const page = params.page ?? 1;
    const hitsPerPage = params.hitsPerPage ?? 20;
    const start = (page - 1) * hitsPerPage;
    return {
      ...base,
      hits: found.slice(start, Math.min(total, start + hitsPerPage)).map(shown),
      page,
      hitsPerPage,
      totalHits: total,
      totalPages: hitsPerPage === 0 ? 0 : Math.ceil(total / hitsPerPage),
    };
  }
  const offset = params.offset ?? 0;
  const limit = params.limit ?? 20;
  return {
    ...base,
    hits: found.slice(offset, Math.min(total, offset + limit)).map(shown),
    offset,
    limit,
    estimatedTotalHits: total,
  };
}
