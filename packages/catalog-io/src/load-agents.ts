import { readFile } from 'node:fs/promises';
import { type Agent, DEFAULT_AGENTS, parseAgentsConfig } from '@repo/catalog-core';
import { CatalogIoError } from './errors.js';

/**
 * The agents an app serves: the operator's JSON file (validated: the three agents, their links,
 * offers and shipping lines), or the defaults when no file is set.
 *
 * @throws {CatalogIoError} `FILE_READ` when the file cannot be read or is not JSON.
 * @throws {CatalogError} `AGENTS_INVALID` naming each bad field.
 * @example const agents = await loadAgents(config.catalog.agentsFile);
 */
export async function loadAgents(file?: string): Promise<readonly Agent[]> {
  if (file === undefined) return DEFAULT_AGENTS;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    throw new CatalogIoError('FILE_READ', `cannot read the agents file ${file}`, { cause });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new CatalogIoError('FILE_READ', `the agents file ${file} is not valid JSON`, { cause });
  }
  return parseAgentsConfig(value);
}
