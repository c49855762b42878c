import { type Agent, DEFAULT_AGENTS, parseAgentsConfig } from '@repo/catalog-core';
import { readJsonFile } from './read-json-file.js';

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
  const value = await readJsonFile(file, 'agents');
  return parseAgentsConfig(value);
}
