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
  return mergeLexicons(DEFAULT_LEXICON, parseLexicon(value));
}
