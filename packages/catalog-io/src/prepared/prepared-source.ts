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
  const { agents, lexicon, rates } = rules;
  const read = createHash('sha256').update(JSON.stringify({ agents, lexicon, rates }));
  return `${version}:${read.digest('hex').slice(0, 16)}`;
}
