import { readFile } from 'node:fs/promises';
import { CatalogIoError } from './errors.js';

/**
 * The JSON value of an operator's file (the agents, lexicon or rates file), checked by its own
 * parser afterwards; `what` names it in errors ("the rates file …").
 *
 * @throws {CatalogIoError} `FILE_READ` when the file cannot be read or is not JSON.
 */
export async function readJsonFile(file: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    throw new CatalogIoError('FILE_READ', `cannot read the ${what} file ${file}`, { cause });
  }
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new CatalogIoError('FILE_READ', `the ${what} file ${file} is not valid JSON`, { cause });
  }
}
