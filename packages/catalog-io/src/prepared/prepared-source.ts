import { createHash } from 'node:crypto';
import type { Agent, CurrencyRates, Lexicon } from '@repo/catalog-core';

// The same agents, lexicon and rates objects come back on every reload (the defaults, or files
// that did not change): their hash is kept with them.
const hashes = new WeakMap<object, WeakMap<object, WeakMap<object, string>>>();

/**
 * The hash of the agents, lexicon and rates a catalog's rows are read with, whether from files or
 * the code's defaults: with the catalog's version, what a prepared form is built from
 * (`<version>:<this>`). `catalog import` and the apps compute it alike, so an app finds the form
 * an import wrote. Kept per objects.
 */
export function rulesHash(rules: {
  readonly agents: readonly Agent[];
  readonly lexicon: Lexicon;
  readonly rates: CurrencyRates;
}): string {
  const { agents, lexicon, rates } = rules;
  const byLexicon = hashes.get(agents) ?? new WeakMap();
  hashes.set(agents, byLexicon);
  const byRates = byLexicon.get(lexicon) ?? new WeakMap();
  byLexicon.set(lexicon, byRates);
  let hash = byRates.get(rates);
  if (hash === undefined) {
    hash = createHash('sha256')
      .update(JSON.stringify({ agents, lexicon, rates }))
      .digest('hex')
      .slice(0, 16);
    byRates.set(rates, hash);
  }
  return hash;
}
