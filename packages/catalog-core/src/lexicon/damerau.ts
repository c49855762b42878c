// Edit distances as Meilisearch counts typos: Levenshtein automata built with transpositions on
// (milli `search/mod.rs`: `LevBuilder::new(n, true)`), so two swapped neighbours are one typo
// (optimal string alignment distance).

/**
 * The optimal-string-alignment distance between two words (insertions, deletions, substitutions
 * and swaps of two neighbours each count one), or `max + 1` as soon as it must exceed `max`.
 * With `prefix`, the distance from `word` to the closest prefix of `term` (Meilisearch's prefix
 * automaton for the last query word).
 *
 * @example damerauDistance('adidsa', 'adidas', 2) // 1
 * @example damerauDistance('jor', 'jordan', 1, true) // 0
 */
export function damerauDistance(word: string, term: string, max: number, prefix = false): number {
  const a = Array.from(word);
  const b = Array.from(term);
  const n = a.length;
  if (!prefix && Math.abs(n - b.length) > max) return max + 1;
  let before = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  // The distance to the empty prefix of the term: every letter of the word deleted.
  let best = n;
  for (let i = 1; i <= b.length; i++) {
    const current = new Array<number>(n + 1);
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[j - 1] === b[i - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[j - 1] === b[i - 2] && a[j - 2] === b[i - 1]) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (current[n]! < best) best = current[n]!;
    // No longer stretch of the term can come back within reach.
    if (rowMin > max) return prefix && best <= max ? best : max + 1;
    before = previous;
    previous = current;
  }
  const distance = prefix ? best : previous[n]!;
  return distance > max ? max + 1 : distance;
}

/**
 * The typos a term costs a query word under Meilisearch's rule, or `undefined` when it is out of
 * reach: within `allowed` edits (see `maxTypos`), where a different first letter counts two, so
 * a 5–8 letter word must keep its first letter and a 9+ letter word may change it only with no
 * other edit (milli `query_term/compute_derivations.rs`).
 *
 * @example typoCost('adidsa', 'adidas', 1) // 1
 * @example typoCost('nike', 'mike', 1) // undefined
 */
export function typoCost(
  word: string,
  term: string,
  allowed: number,
  prefix = false,
): number | undefined {
  if (allowed <= 0) return undefined;
  const sameFirst = word.codePointAt(0) === term.codePointAt(0);
  if (!sameFirst) {
    if (allowed < 2) return undefined;
    return damerauDistance(word, term, 1, prefix) <= 1 ? 2 : undefined;
  }
  const distance = damerauDistance(word, term, allowed, prefix);
  return distance <= allowed ? distance : undefined;
}
