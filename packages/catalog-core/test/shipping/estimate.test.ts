import { describe, expect, it } from 'vitest';
import type { Agent } from '../../src/agents/agent.js';
import { DEFAULT_AGENTS } from '../../src/agents/default-agents.js';
import type { EstimateShippingInput } from '../../src/contracts/tools/estimate-shipping-contract.js';
import { convertPrice } from '../../src/currency/convert.js';
import { DEFAULT_CURRENCY_RATES } from '../../src/currency/default-rates.js';
import { type CatalogError, isCatalogError } from '../../src/errors.js';
import { estimateShipping } from '../../src/shipping/estimate.js';
import type { WeighedProduct } from '../../src/shipping/parcel-weight.js';

function errorOf(call: () => unknown): CatalogError {
  try {
    call();
  } catch (err) {
    if (isCatalogError(err)) return err;
    throw err;
  }
  throw new Error('expected a CatalogError');
}

const quote = (input: EstimateShippingInput, agent: string, line: string) =>
  estimateShipping(input).quotes.find((q) => q.agent === agent && q.line === line);

const SNEAKER_BOX = { length: 36, width: 26, height: 15 };

describe('estimateShipping by weight', () => {
  it('prices first weight + steps per line and converts the price', () => {
    const q = quote({ country: 'US', weight_grams: 2000 }, 'agent_a', 'us-tax-free');
    expect(q).toMatchObject({
      billable_weight_grams: 2000,
      price: { amount: 315, currency: 'CNY' },
      price_converted: { amount: convertPrice(315, 'USD'), currency: 'USD' },
      delivery_days: { min: 15, max: 30 },
      tax_included: true,
    });
    expect(q?.volumetric_weight_grams).toBeUndefined();
  });

  it('converts into the requested currency and reports the rate date', () => {
    const result = estimateShipping({ country: 'de', weight_grams: 1000, currency: 'EUR' });
    expect(result.country).toBe('DE');
    expect(result.quotes.every((q) => q.price_converted.currency === 'EUR')).toBe(true);
    expect(result.rates_as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('converts with the rates it is given, and dates the quotes with them', () => {
    const rates = {
      as_of: '2026-11-20',
      cny_per_unit: { ...DEFAULT_CURRENCY_RATES.cny_per_unit, BRL: 1.5 },
    };
    const input = { country: 'US', weight_grams: 2000, currency: 'BRL' } as const;
    const result = estimateShipping(input, { rates });
    const q = result.quotes.find((x) => x.agent === 'agent_a' && x.line === 'us-tax-free');
    expect(q?.price_converted).toEqual({ amount: 210, currency: 'BRL' });
    expect(result.rates_as_of).toBe('2026-11-20');
    expect(result.assumptions.join(' ')).toContain('as of 2026-11-20');
  });

  it('quotes one entry per agent and line, cheapest first, with the flags set', () => {
    const result = estimateShipping({ country: 'US', weight_grams: 1000 });
    const prices = result.quotes.map((q) => q.price.amount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const cheapest = result.quotes.filter((q) => q.cheapest);
    expect(cheapest.map((q) => `${q.agent}/${q.line}`)).toEqual(['agent_b/sal']);
    expect(cheapest[0]?.price.amount).toBe(145);
    const fastest = result.quotes.filter((q) => q.fastest);
    expect(fastest.map((q) => `${q.agent}/${q.line}`)).toEqual(['agent_c/dhl']);
    const minDays = Math.min(...result.quotes.map((q) => q.delivery_days.max));
    expect(fastest[0]?.delivery_days.max).toBe(minDays);
  });

  it('lists lines that do not serve the country as unavailable', () => {
    const result = estimateShipping({ country: 'US', weight_grams: 1000 });
    const notServed = result.unavailable.filter((u) => u.reason_code === 'country_not_served');
    expect(notServed.map((u) => u.line).sort()).toEqual(['eu-tax-free', 'gb-tax-free']);
    expect(notServed[0]?.reason).toMatch(/does not ship to US/);
    expect(result.quotes.some((q) => q.line === 'us-tax-free')).toBe(true);
    const de = estimateShipping({ country: 'DE', weight_grams: 1000 });
    expect(de.unavailable.map((u) => u.line)).toContain('us-tax-free');
  });

  it('uses the fallback zone for other ISO countries', () => {
    const jp = quote({ country: 'JP', weight_grams: 500 }, 'agent_a', 'dhl');
    const us = quote({ country: 'US', weight_grams: 500 }, 'agent_a', 'dhl');
    expect(jp?.price.amount).toBeGreaterThan(us?.price.amount ?? Infinity);
  });

  it('filters by agent and line', () => {
    const result = estimateShipping({ country: 'GB', weight_grams: 800, agent: 'agent_c' });
    expect(new Set(result.quotes.map((q) => q.agent))).toEqual(new Set(['agent_c']));
    const dhl = estimateShipping({ country: 'GB', weight_grams: 800, line: 'dhl' });
    expect(dhl.quotes.map((q) => q.agent).sort()).toEqual(['agent_a', 'agent_c']);
    expect(
      errorOf(() => estimateShipping({ country: 'GB', weight_grams: 800, line: 'sea-x' })).code,
    ).toBe('UNKNOWN_SHIPPING_LINE');
  });

  it('skips agents that are not active', () => {
    const agents: Agent[] = DEFAULT_AGENTS.map((a) =>
      a.id === 'agent_b' ? { ...a, status: 'closed' } : a,
    );
    const result = estimateShipping({ country: 'US', weight_grams: 1000 }, { agents });
    expect(result.quotes.some((q) => q.agent === 'agent_b')).toBe(false);
    expect(
      errorOf(() =>
        estimateShipping({ country: 'US', weight_grams: 1, agent: 'agent_b' }, { agents }),
      ).code,
    ).toBe('UNKNOWN_AGENT');
  });
});

describe('estimateShipping by items', () => {
  const products = new Map<string, WeighedProduct>([
    [
      'air-jordan-4-black-cat-7234567890',
      { slug: 'air-jordan-4-black-cat-7234567890', category: 'sneakers', weight_grams: 1450 },
    ],
    ['box-logo-hoodie-612345678901', { slug: 'box-logo-hoodie-612345678901', category: 'hoodies' }],
  ]);
  const resolveProduct = (slug: string) => products.get(slug);

  it('sums own weights, category defaults and quantities with 10% packaging', () => {
    const result = estimateShipping(
      {
        country: 'CA',
        items: [
          { slug: 'air-jordan-4-black-cat-7234567890', quantity: 1 },
          { slug: 'box-logo-hoodie-612345678901', quantity: 2 },
          { category: 't-shirts', quantity: 3 },
        ],
      },
      { resolveProduct },
    );
    expect(result.actual_weight_grams).toBe(Math.ceil((1450 + 2 * 800 + 3 * 280) * 1.1));
    const text = result.assumptions.join('\n');
    expect(text).toContain(
      'box-logo-hoodie-612345678901 has no recorded weight; used the hoodies default of 800 g',
    );
    expect(text).toContain('t-shirts item weighs 280 g');
    expect(text).toContain('No dimensions given');
  });

  it('names an unknown slug', () => {
    const err = errorOf(() =>
      estimateShipping(
        { country: 'US', items: [{ slug: 'ghost-item-99999' }] },
        { resolveProduct },
      ),
    );
    expect(err.code).toBe('UNKNOWN_PRODUCT');
    expect(err.message).toContain('ghost-item-99999');
  });

  it('needs exactly one of weight_grams and items', () => {
    expect(errorOf(() => estimateShipping({ country: 'US' })).code).toBe('INVALID_INPUT');
    expect(
      errorOf(() =>
        estimateShipping({ country: 'US', weight_grams: 100, items: [{ category: 'caps' }] }),
      ).code,
    ).toBe('INVALID_INPUT');
  });
});

describe('estimateShipping volumetric weight', () => {
  // domain.md 2.4: boxed sneakers, 1.6 kg, 36×26×15 cm: 2.81 kg at /5000, 2.34 kg at /6000.
  const input: EstimateShippingInput = {
    country: 'US',
    items: [{ category: 'sneakers', quantity: 1 }],
    dimensions_cm: SNEAKER_BOX,
  };

  it('bills the volumetric weight when it beats the actual weight', () => {
    const dhl = quote(input, 'agent_a', 'dhl');
    expect(dhl).toMatchObject({ volumetric_weight_grams: 2808, billable_weight_grams: 2900 });
    expect(dhl?.price.amount).toBe(230 + 24 * 20);
    const ddp = quote(input, 'agent_a', 'us-tax-free');
    expect(ddp).toMatchObject({ volumetric_weight_grams: 2340, billable_weight_grams: 2400 });
  });

  it('keeps the actual weight on EMS (no side over 60 cm) and E-UB', () => {
    const ems = quote(input, 'agent_a', 'gd-ems');
    expect(ems?.volumetric_weight_grams).toBeUndefined();
    expect(ems?.billable_weight_grams).toBe(1800);
    expect(quote(input, 'agent_a', 'e-ub')?.billable_weight_grams).toBe(1800);
    const text = estimateShipping(input).assumptions.join('\n');
    expect(text).toContain('/5000');
    expect(text).toContain('/6000');
  });

  it('refuses parcels with a side over the line limit', () => {
    const result = estimateShipping({
      country: 'US',
      weight_grams: 900,
      dimensions_cm: { length: 70, width: 20, height: 10 },
    });
    const eub = result.unavailable.filter((u) => u.line === 'e-ub');
    expect(eub).toHaveLength(2);
    expect(eub[0]?.reason_code).toBe('over_max_side');
  });
});

describe('estimateShipping errors', () => {
  it('rejects unknown country codes', () => {
    for (const country of ['ZZ', 'UK', 'USA', '12']) {
      const err = errorOf(() => estimateShipping({ country, weight_grams: 500 }));
      expect(err.code).toBe('UNKNOWN_COUNTRY');
      expect(err.message).toContain(country);
    }
  });

  it('reports a country no line serves as SHIPPING_UNAVAILABLE', () => {
    const err = errorOf(() => estimateShipping({ country: 'KP', weight_grams: 500 }));
    expect(err.code).toBe('SHIPPING_UNAVAILABLE');
    expect(err.message).toMatch(/does not ship to KP/);
  });

  it('moves lines an overweight parcel exceeds to unavailable', () => {
    const result = estimateShipping({ country: 'US', weight_grams: 25_000 });
    const over = result.unavailable.filter((u) => u.reason_code === 'over_max_weight');
    expect(over.map((u) => `${u.agent}/${u.line}`).sort()).toEqual([
      'agent_a/e-ub',
      'agent_a/us-tax-free',
      'agent_b/sal',
      'agent_c/e-ub',
    ]);
    expect(over[0]?.reason).toMatch(/at most \d+ g; the parcel bills 25000 g/);
    expect(result.quotes.length).toBeGreaterThan(0);
  });

  it('throws SHIPPING_UNAVAILABLE when no line can carry the parcel', () => {
    const err = errorOf(() => estimateShipping({ country: 'US', weight_grams: 40_000 }));
    expect(err.code).toBe('SHIPPING_UNAVAILABLE');
    expect(err.message).toContain('carries at most 30000 g');
  });
});
