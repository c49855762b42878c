import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Agent, Product } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { fixedCatalog } from '@repo/catalog-io';
import { createClickCounter } from '@repo/clicks';
import type { Env } from '@repo/env';
import { createEmbeddedIndex } from '@repo/search/embedded';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { onTestFinished } from 'vitest';
import webApp, { handleFrameworkError, type WebAppOptions } from '../src/app.js';
import { loadConfig } from '../src/config.js';

/** A small slice of the sample catalog: enough for every page, quick to index. */
export const products = generateSampleCatalog({ count: 600 });

/** The built server of the web app, as `pnpm --filter @repo/web start` runs it. */
export const SERVER_ENTRY = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'dist',
  'server.js',
);

/** The base URL of the test app. */
export const BASE = 'http://test.local';

/** What a test may change of the app besides its environment: its options, and its catalog. */
export type BuildOptions = Partial<Omit<WebAppOptions, 'config' | 'catalog'>> & {
  /** The products the app serves; default: {@link products}. */
  readonly catalog?: readonly Product[];
  /** The agents it serves; default: the default agents. */
  readonly agents?: readonly Agent[];
};

/**
 * The web app with test config and its own index, closed when the test finishes. Its clicks are
 * counted in memory, its own (never in the project's `data/`), unless the test gives a counter.
 */
export async function build(
  env: Env = {},
  { catalog = products, agents, ...options }: BuildOptions = {},
) {
  const app = Fastify({ logger: false, frameworkErrors: handleFrameworkError });
  let clicks = options.clicks;
  if (clicks === undefined) {
    const own = createClickCounter();
    onTestFinished(() => own.close());
    clicks = own;
  }
  app.register(fp(webApp), {
    config: loadConfig({ BASE_URL: BASE, ...env }),
    catalog: fixedCatalog(createEmbeddedIndex(catalog), agents ? { agents } : {}),
    ...options,
    clicks,
  });
  await app.ready();
  onTestFinished(() => app.close());
  return app;
}
