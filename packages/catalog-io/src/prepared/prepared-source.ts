import { createHash } from 'node:crypto';
import type { Agent, CurrencyRates, Lexicon } from '@repo/catalog-core';
import {
  catalogVersionParts,
  contentVersion,
  type VersionInputs,
} from '../live/content-version.js';

/**
 * What a prepared form is built from: the catalog's version (its files' content hash) and the
 * agents, lexicon and rates its rows are read with, whether from files or the code's defaults.
 * `catalog import` and the apps compute it alike, so an app finds the form an import wrote.
 */
export async function preparedSource(
  inputs: VersionInputs & { readonly version?: string | undefined },
  rules: {
    readonly agents: readonly Agent[];
    readonly lexicon: Lexicon;
    readonly rates: CurrencyRates;
  },
): Promise<string> {
  const version = inputs.version ?? (await contentVersion(catalogVersionParts(inputs)));
  return `${version}:${rulesHash(rules)}`;
}

// The same agents, lexicon and rates objects come back on every reload (the defaults, or files
// that did not change): their hash is kept with them.
const hashes = new WeakMap<object, WeakMap<object, WeakMap<object, string>>>();

/** The hash of the agents, lexicon and rates a catalog's rows are read with (kept per objects). */
export function rulesHash(rules: Parameters<typeof preparedSource>[1]): string {
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
