import type { ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { fixedCatalog } from '@repo/catalog-io';
import { createClickCounter } from '@repo/clicks';
import type { Env } from '@repo/env';
import { startServerProcess } from '@repo/fastify-kit/testing';
import type { CatalogIndex } from '@repo/search';
import { createEmbeddedIndex } from '@repo/search/embedded';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expect, onTestFinished } from 'vitest';
import mcpApp, { type McpAppOptions } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createErrorHandler } from '../src/error-handler.js';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A slice of the sample catalog: every category, quick to index. */
export const products = generateSampleCatalog({ count: 600 });

/** The base URL of in-process tests. */
export const BASE_URL = 'http://test.local';

/** What a test may change of the app: its options, or only its index. */
export type BuildOptions = Partial<McpAppOptions> & { readonly index?: CatalogIndex };

/**
 * The MCP app with test config and its own index, closed when the test finishes. Its popular
 * order reads clicks of its own, in memory (none), unless the test gives a counter.
 */
export async function build(env: Env = {}, { index, ...options }: BuildOptions = {}) {
  const config = loadConfig({ BASE_URL, ...env });
  const app = Fastify({ logger: false, frameworkErrors: createErrorHandler(config.bodyLimit) });
  const catalog = fixedCatalog(index ?? createEmbeddedIndex(products));
  let clicks = options.clicks;
  if (clicks === undefined) {
    const own = createClickCounter();
    onTestFinished(() => own.close());
    clicks = own;
  }
  app.register(fp(mcpApp), { config, catalog, ...options, clicks });
  await app.ready();
  onTestFinished(() => app.close());
  return app;
}

/** What a `search_products` call answers, as the tests read it. */
export interface SearchAnswer {
  readonly structuredContent: Record<string, unknown>;
  readonly content: readonly { readonly text: string }[];
}

/** The answer of a `search_products` call through `app`, which must succeed (read as `T`). */
export async function searchProducts<T extends SearchAnswer = SearchAnswer>(
  app: FastifyInstance,
  args: Record<string, unknown>,
): Promise<T> {
  const response = await app.inject(
    rpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_products', arguments: args },
    }),
  );
  expect(response.statusCode).toBe(200);
  const result = response.json().result;
  expect(result.isError, JSON.stringify(result)).toBeFalsy();
  return result;
}

/** A JSON-RPC POST for `app.inject`. */
export function rpc(body: unknown, headers: Record<string, string> = {}) {
  return {
    method: 'POST' as const,
    url: '/mcp',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/** The built server of the MCP app, as `pnpm --filter @repo/mcp start` runs it. */
export const SERVER_ENTRY = join(appDir, 'dist', 'server.js');

/** `apps/mcp/dist/server.js` running as its own process on a free port. */
export interface RunningServer {
  readonly url: string;
  readonly origin: string;
  readonly child: ChildProcess;
  readonly output: () => string;
  stop(): Promise<void>;
}

/** Starts the built server (`pnpm build` first) and waits until it answers. */
export async function startServer(env: Env = {}): Promise<RunningServer> {
  // A clean environment: only what the test sets reaches the server.
  const server = await startServerProcess(SERVER_ENTRY, {
    env,
    hostname: 'localhost',
    ready: (status) => status >= 200 && status < 300,
  });
  const { url: origin, child, output, stop } = server;
  return { url: `${origin}/mcp`, origin, child, output, stop };
}
