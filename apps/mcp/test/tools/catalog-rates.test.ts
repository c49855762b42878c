import {
  type CurrencyRates,
  convertPrice,
  DEFAULT_CURRENCY_RATES,
  type ProductSummary,
  type ShippingQuote,
  toCny,
} from '@repo/catalog-core';
import { fixedCatalog } from '@repo/catalog-io';
import { swappableCatalog } from '@repo/fastify-kit/testing';
import { createEmbeddedIndex } from '@repo/search/embedded';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { build, products, rpc } from '../helper.js';

// The operator's rates (RATES_FILE): a dollar at 10 CNY (about 7 by default), a real at 5.
const RATES: CurrencyRates = {
  as_of: '2026-11-20',
  cny_per_unit: { ...DEFAULT_CURRENCY_RATES.cny_per_unit, USD: 10, BRL: 5 },
};

/** A catalog version served at `rates`, its index opened with them as `openCatalog` does. */
const version = (rates: CurrencyRates, id: string) =>
  fixedCatalog(createEmbeddedIndex(products, { rates }), { rates, version: id }).current;

async function call(app: FastifyInstance, name: string, args: Record<string, unknown>) {
  const response = await app.inject(
    rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  );
  expect(response.statusCode).toBe(200);
  const { result } = response.json();
  expect(result.isError ?? false).toBe(false);
  return result.structuredContent;
}

const prices = (items: readonly ProductSummary[]) => items.map((item) => item.price.amount);

describe('the tools convert at the rates of the catalog version they answer from', () => {
  it('search_products: max_price and the prices of the text in CNY at its rates', async () => {
    const app = await build({}, { catalog: swappableCatalog(version(RATES, 'r1')) });
    const byArgument = await call(app, 'search_products', { max_price: 20, limit: 50 });
    expect(Math.max(...prices(byArgument.items))).toBeLessThanOrEqual(200);
    // Products a default dollar (about 7 CNY) would have left out are in.
    expect(prices(byArgument.items).some((price) => price > toCny(20, 'USD'))).toBe(true);

    const byText = await call(app, 'search_products', {
      query: 'under 50',
      currency: 'BRL',
      limit: 50,
    });
    expect(byText.interpretation.max_price).toEqual({ amount: 50, currency: 'BRL' });
    expect(Math.max(...prices(byText.items))).toBeLessThanOrEqual(250);
    expect(prices(byText.items).some((price) => price > toCny(50, 'BRL'))).toBe(true);
  });

  it('search_products shows each item in USD and EUR at its rates', async () => {
    const app = await build({}, { catalog: swappableCatalog(version(RATES, 'r1')) });
    const { items } = await call(app, 'search_products', { limit: 5 });
    for (const item of items as ProductSummary[]) {
      expect(item.prices.USD).toBe(convertPrice(item.price.amount, 'USD', RATES));
      expect(item.prices.EUR).toBe(convertPrice(item.price.amount, 'EUR', RATES));
    }
  });

  it('estimate_shipping: price_converted in BRL at its rates, dated by them', async () => {
    const app = await build({}, { catalog: swappableCatalog(version(RATES, 'r1')) });
    const output = await call(app, 'estimate_shipping', {
      country: 'US',
      weight_grams: 2000,
      currency: 'BRL',
    });
    expect(output.rates_as_of).toBe('2026-11-20');
    expect(output.quotes.length).toBeGreaterThan(0);
    for (const quote of output.quotes as ShippingQuote[]) {
      expect(quote.price_converted).toEqual({
        amount: convertPrice(quote.price.amount, 'BRL', RATES),
        currency: 'BRL',
      });
    }
  });

  it('answers at the new rates once a version with other rates is swapped in', async () => {
    const catalog = swappableCatalog(version(RATES, 'r1'));
    const app = await build({}, { catalog });
    const args = { country: 'US', weight_grams: 2000, currency: 'USD' };
    const before = await call(app, 'estimate_shipping', args);
    const search = { max_price: 20, limit: 50 };
    const listed = await call(app, 'search_products', search);

    const cheaper: CurrencyRates = {
      as_of: '2026-11-23',
      cny_per_unit: { ...RATES.cny_per_unit, USD: 5 },
    };
    catalog.swap(version(cheaper, 'r2'));
    const after = await call(app, 'estimate_shipping', args);
    expect(after.rates_as_of).toBe('2026-11-23');
    expect(after.quotes[0].price_converted.amount).toBe(
      convertPrice(after.quotes[0].price.amount, 'USD', cheaper),
    );
    expect(after.quotes[0].price_converted.amount).not.toBe(
      before.quotes[0].price_converted.amount,
    );
    const relisted = await call(app, 'search_products', search);
    expect(Math.max(...prices(relisted.items))).toBeLessThanOrEqual(100);
    expect(relisted.total).toBeLessThan(listed.total);
  });
});
