import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Product } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { fixedCatalog } from '@repo/catalog-io';
import { swappableCatalog } from '@repo/fastify-kit/testing';
import { createEmbeddedIndex } from '@repo/search/embedded';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { build, rpc } from '../helper.js';

const all = generateSampleCatalog({ count: 300 });
const A = all.slice(0, 200);
const B = all.slice(50, 300);
const onlyA = A[0]!;
const onlyB = all[250]!;

/** A catalog version of `products`, named `id`. */
const version = (products: readonly Product[], id: string) =>
  fixedCatalog(createEmbeddedIndex(products), { version: id }).current;

async function call(app: FastifyInstance, name: string, args: Record<string, unknown>) {
  const response = await app.inject(
    rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  );
  expect(response.statusCode).toBe(200);
  return response.json().result;
}

describe('a catalog version swapped in while the MCP app runs', () => {
  it('answers tools from the new version: no cached answer of the old one survives', async () => {
    const catalog = swappableCatalog(version(A, 'aaaaaaaaaaaaaaaa'));
    const app = await build({}, { catalog });
    const browse = { limit: 1 };
    const before = await call(app, 'search_products', browse);
    expect(before.structuredContent.total).toBe(200);
    expect(before.content[0].text).toContain('200 products');
    const found = await call(app, 'search_products', { query: onlyA.title });
    expect(found.structuredContent.items.map((i: { slug: string }) => i.slug)).toContain(
      onlyA.slug,
    );

    catalog.swap(version(B, 'bbbbbbbbbbbbbbbb'));
    const after = await call(app, 'search_products', browse);
    expect(after.structuredContent.total).toBe(250);
    expect(after.content[0].text).toContain('250 products');
    const gone = await call(app, 'search_products', { query: onlyA.title, literal: true });
    expect(gone.structuredContent.items.map((i: { slug: string }) => i.slug)).not.toContain(
      onlyA.slug,
    );
    const shipping = (slug: string) =>
      call(app, 'estimate_shipping', { country: 'US', items: [{ slug, quantity: 1 }] });
    expect((await shipping(onlyB.slug)).isError ?? false).toBe(false);
    expect((await shipping(onlyA.slug)).isError).toBe(true);
    const counts = await call(app, 'list_categories', {});
    const total = counts.structuredContent.categories.reduce(
      (sum: number, c: { count: number }) => sum + c.count,
      0,
    );
    expect(total).toBe(250);
  });

  it('names the version and the last reload in its own /health.json', async () => {
    const catalog = swappableCatalog(version(A, 'aaaaaaaaaaaaaaaa'));
    const app = await build({}, { catalog });
    expect((await app.inject('/health.json')).json().catalog).toMatchObject({
      version: 'aaaaaaaaaaaaaaaa',
      reload: { status: 'ok' },
    });
    catalog.swap(version(B, 'bbbbbbbbbbbbbbbb'));
    expect((await app.inject('/health.json')).json().catalog.version).toBe('bbbbbbbbbbbbbbbb');
  });

  it('keeps nothing of an old version once its calls are done: its result cache goes with it', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const catalog = swappableCatalog(version(A, 'aaaaaaaaaaaaaaaa'));
    const app = await build({}, { catalog });
    const old = new WeakRef(catalog.current);
    const oldIndex = new WeakRef(catalog.current.index);
    // Twice each: a result is kept from its second call on.
    for (let i = 0; i < 2; i++) {
      await call(app, 'search_products', { query: 'hoodie' });
      await call(app, 'list_categories', {});
      await call(app, 'get_agent_offers', {});
      await call(app, 'estimate_shipping', { country: 'US', weight_grams: 900 });
    }
    catalog.swap(version(B, 'bbbbbbbbbbbbbbbb'));
    // Other products than the old version's answers showed: B shares 150 product objects with A.
    await call(app, 'search_products', { query: 'zzzz' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(old.deref()).toBeUndefined();
    expect(oldIndex.deref()).toBeUndefined();
  });
});
