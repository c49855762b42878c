import { type CurrencyRates, DEFAULT_AGENTS, DEFAULT_CURRENCY_RATES } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { type CatalogVersion, fixedCatalog } from '@repo/catalog-io';
import { catalogPlugin } from '@repo/fastify-kit';
import { swappableCatalog } from '@repo/fastify-kit/testing';
import { createEmbeddedIndex } from '@repo/search/embedded';
import Fastify from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../src/config.js';
import site from '../../src/plugins/site.js';
import { BASE } from '../helper.js';

const index = createEmbeddedIndex(generateSampleCatalog({ count: 20 }));

function version(id: string, rates: CurrencyRates = DEFAULT_CURRENCY_RATES): CatalogVersion {
  // Copies: a reload reads the agents and rates files again into new objects.
  return fixedCatalog(index, { version: id, agents: structuredClone(DEFAULT_AGENTS), rates })
    .current;
}

/** An app with the site plugin and a route that reads a value kept `byAgents`, counting makes. */
async function build(first: CatalogVersion) {
  const catalog = swappableCatalog(first);
  const app = Fastify({ logger: false });
  await app.register(catalogPlugin, { catalog });
  await app.register(site, { config: loadConfig({ BASE_URL: BASE }) });
  let made = 0;
  app.get<{ Params: { key: string } }>('/kept/:key', async (request) =>
    request.site.byAgents(request.params.key, () => ({ made: ++made })),
  );
  await app.ready();
  onTestFinished(() => app.close());
  const read = async (key = 'shipping') => (await app.inject(`/kept/${key}`)).json().made;
  return { catalog, read };
}

describe('values kept by agents and rates', () => {
  it('are shared by a version that follows one with the same agents and rates', async () => {
    const { catalog, read } = await build(version('a'));
    expect(await read()).toBe(1);
    await catalog.warmAndSwap(version('b'));
    expect(await read()).toBe(1);
  });

  it('are worked out again when the rates changed', async () => {
    const { catalog, read } = await build(version('a'));
    expect(await read()).toBe(1);
    const dearer: CurrencyRates = {
      ...DEFAULT_CURRENCY_RATES,
      cny_per_unit: { ...DEFAULT_CURRENCY_RATES.cny_per_unit, USD: 7.5 },
    };
    await catalog.warmAndSwap(version('b', dearer));
    expect(await read()).toBe(2);
  });

  it('are worked out again by a version swapped in without following the one before', async () => {
    const { catalog, read } = await build(version('a'));
    expect(await read()).toBe(1);
    catalog.swap(version('b'));
    expect(await read()).toBe(2);
  });

  it('are bounded: the least recently used goes first', async () => {
    const { read } = await build(version('a'));
    expect(await read('first')).toBe(1);
    for (let i = 0; i < 2_048; i++) await read(`weight-${i}`);
    expect(await read('first')).toBe(2_050);
  });
});
