import { isDeepStrictEqual } from 'node:util';
import { DEFAULT_LEXICON, type Lexicon, mergeLexicons, parseLexicon } from '@repo/catalog-core';
import { readJsonFile } from './read-json-file.js';

/**
 * The lexicon an app reads queries with: the default one, plus the words of the operator's JSON
 * file when one is set (`LEXICON_FILE`; it adds words, it never removes one).
 *
 * @throws {CatalogIoError} `FILE_READ` when the file cannot be read or is not JSON.
 * @throws {CatalogError} `LEXICON_INVALID` naming each bad entry or conflict.
 * @example const lexicon = await loadLexicon(config.catalog.lexiconFile);
 */
export async function loadLexicon(file?: string): Promise<Lexicon> {
  if (file === undefined) return DEFAULT_LEXICON;
  const value = await readJsonFile(file, 'lexicon');
  if (last?.file === file && isDeepStrictEqual(last.value, value)) return last.lexicon;
  const lexicon = mergeLexicons(DEFAULT_LEXICON, parseLexicon(value));
  last = { file, value, lexicon };
  return lexicon;
}

// The file read last and the lexicon made of it: a reload that finds the same words takes the
// same object, which the search engine compiled once and tells the version before read alike.
let last: { readonly file: string; readonly value: unknown; readonly lexicon: Lexicon } | undefined;
