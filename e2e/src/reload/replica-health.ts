import { setTimeout as sleep } from 'node:timers/promises';
import type { Stack } from '../stack.js';

/** Every process that serves the catalog, each polling the file on its own. */
const REPLICAS = ['web', 'mcp-1', 'mcp-2'] as const;
// What an operator may expect: every replica on the new version within this time.
const SWAP_WITHIN_MS = 10_000;

/** The `catalog` part of a process's /health.json. */
export interface CatalogHealth {
  readonly version: string;
  readonly loaded_at: string;
  readonly source: 'sample' | 'file' | 'url' | 'meilisearch';
  /** A catalog read from a link (`CATALOG_URL`): when the link last answered. */
  readonly fetched_at?: string;
  readonly reload: {
    readonly status: 'ok' | 'failed';
    readonly at: string;
    readonly error?: string;
  };
}

async function health(stack: Stack, name: string): Promise<CatalogHealth> {
  const response = await fetch(`${stack.directUrl(name)}/health.json`);
  if (response.status !== 200) throw new Error(`${name}: /health.json ${response.status}`);
  return ((await response.json()) as { catalog: CatalogHealth }).catalog;
}

/** Each replica's own catalog health (web, mcp-1, mcp-2), asked directly, not through the gateway. */
export function replicaHealths(stack: Stack): Promise<CatalogHealth[]> {
  return Promise.all(REPLICAS.map((name) => health(stack, name)));
}

/**
 * Polls every replica's own /health.json (not the gateway's, which is one of them) until each
 * satisfies `done`; returns their last answers and how long each took. Fails after `withinMs`
 * (default 10 s).
 */
export async function waitForReplicas(
  stack: Stack,
  done: (health: CatalogHealth) => boolean,
  what: string,
  withinMs = SWAP_WITHIN_MS,
): Promise<{ healths: CatalogHealth[]; ms: number[] }> {
  const started = performance.now();
  const ms: (number | undefined)[] = REPLICAS.map(() => undefined);
  let healths: CatalogHealth[] = [];
  while (performance.now() - started < withinMs) {
    healths = await replicaHealths(stack);
    healths.forEach((h, i) => {
      if (ms[i] === undefined && done(h)) ms[i] = Math.round(performance.now() - started);
    });
    if (ms.every((t) => t !== undefined)) return { healths, ms: ms as number[] };
    await sleep(50);
  }
  throw new Error(`not every replica ${what} within ${withinMs} ms: ${JSON.stringify(healths)}`);
}
