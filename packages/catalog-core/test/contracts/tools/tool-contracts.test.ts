import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { LinkRuleSchema } from '../../../src/agents/agent.js';
import {
  EstimateShippingInputSchema,
  EstimateShippingOutputSchema,
} from '../../../src/contracts/tools/estimate-shipping-contract.js';
import { GetAgentOffersInputSchema } from '../../../src/contracts/tools/get-agent-offers-contract.js';
import { ListCategoriesInputSchema } from '../../../src/contracts/tools/list-categories-contract.js';
import { SearchProductsInputSchema } from '../../../src/contracts/tools/search-products-contract.js';
import { getToolContract, TOOL_CONTRACTS } from '../../../src/contracts/tools/tool-contracts.js';
import { CURRENCIES } from '../../../src/currency/currencies.js';
import { MARKETPLACES } from '../../../src/product.js';
import { estimateShipping } from '../../../src/shipping/estimate.js';

function expectArgs(schema: TSchema, valid: unknown[], invalid: unknown[]): void {
  const check = Compile(schema);
  for (const value of valid) expect([...check.Errors(value)], JSON.stringify(value)).toEqual([]);
  for (const value of invalid) expect(check.Check(value), JSON.stringify(value)).toBe(false);
}

describe('tool input schemas', () => {
  it('search_products', () => {
    expectArgs(
      SearchProductsInputSchema,
      [
        {},
        { query: 'jordan 4', category: 'sneakers', min_price: 10, max_price: 80, currency: 'EUR' },
        { sort: 'price_desc', limit: 50, offset: 100_000, agent: 'agent_c' },
        { query: 'hoodie', category: 'hoodies', sort: 'popular' },
        // Pasted agent links run long: the encoded listing URL plus tracking parameters.
        { query: `https://agent-b.example/item/details?url=${'%25'.repeat(300)}` },
      ],
      [
        { query: 'x'.repeat(1001) },
        { category: 'shoes' },
        { min_price: -1 },
        { currency: 'JPY' },
        { sort: 'title_asc' },
        { sort: 'most_clicked' },
        { limit: 0 },
        { limit: 51 },
        { limit: 2.5 },
        { offset: -1 },
        { offset: 100_001 },
        { agent: 'pandabuy' },
        { q: 'typo' },
      ],
    );
  });

  it('take every display currency, BRL, MXN and PLN included, and nothing else', () => {
    for (const schema of [SearchProductsInputSchema, EstimateShippingInputSchema]) {
      expect(schema.properties.currency.enum).toEqual([...CURRENCIES]);
    }
    const base = { country: 'US', weight_grams: 1000 };
    expectArgs(
      EstimateShippingInputSchema,
      ['BRL', 'MXN', 'PLN'].map((currency) => ({ ...base, currency })),
      ['brl', 'JPY', 'R$'].map((currency) => ({ ...base, currency })),
    );
    expectArgs(
      SearchProductsInputSchema,
      [{ max_price: 250, currency: 'BRL' }],
      [{ currency: 'pln' }],
    );
  });

  it('search_products defaults fill in', () => {
    expect(Value.Default(SearchProductsInputSchema, {})).toEqual({
      literal: false,
      currency: 'USD',
      sort: 'relevance',
      limit: 10,
      offset: 0,
    });
  });

  it('list_categories takes no arguments', () => {
    expectArgs(ListCategoriesInputSchema, [{}], [{ category: 'bags' }, null, []]);
  });

  it('get_agent_offers', () => {
    expectArgs(
      GetAgentOffersInputSchema,
      [{}, { agent: 'agent_b' }],
      [{ agent: 'agent_d' }, { agents: 'agent_a' }],
    );
  });

  it('estimate_shipping', () => {
    expectArgs(
      EstimateShippingInputSchema,
      [
        { country: 'US', weight_grams: 1500 },
        { country: 'de', items: [{ slug: 'a-12345', quantity: 2 }, { category: 'sneakers' }] },
        {
          country: 'GB',
          weight_grams: 800,
          dimensions_cm: { length: 36, width: 26, height: 15 },
          agent: 'agent_a',
          line: 'dhl',
        },
      ],
      [
        { weight_grams: 1500 },
        { country: 'USA', weight_grams: 1500 },
        { country: 'US', weight_grams: 0 },
        { country: 'US', weight_grams: 100_001 },
        { country: 'US', items: [] },
        { country: 'US', items: [{ category: 'boats' }] },
        { country: 'US', items: [{ slug: 'a-12345', quantity: 0 }] },
        { country: 'US', dimensions_cm: { length: 36, width: 26 } },
        { country: 'US', line: 'DHL Express' },
        { country: 'US', weight_grams: 1, extra: true },
      ],
    );
  });
});

describe('TOOL_CONTRACTS', () => {
  it('lists the four tools with titles, descriptions and read-only annotations', () => {
    expect(TOOL_CONTRACTS.map((t) => t.name)).toEqual([
      'search_products',
      'list_categories',
      'get_agent_offers',
      'estimate_shipping',
    ]);
    for (const tool of TOOL_CONTRACTS) {
      expect(tool.title.length).toBeGreaterThan(0);
      expect(tool.description.length).toBeGreaterThan(80);
      expect(tool.annotations.readOnlyHint).toBe(true);
      expect(getToolContract(tool.name)).toBe(tool);
    }
    expect(getToolContract('delete_everything')).toBeUndefined();
    for (const name of ['search_products', 'get_agent_offers']) {
      expect(getToolContract(name)?.description).toMatch(/affiliate/);
    }
  });

  it('emit plain JSON Schema: object roots, no additional properties, described properties, no const', () => {
    for (const tool of TOOL_CONTRACTS) {
      const input = JSON.parse(JSON.stringify(tool.inputSchema));
      const output = JSON.parse(JSON.stringify(tool.outputSchema));
      expect(input).toMatchObject({ type: 'object', additionalProperties: false });
      expect(output.type).toBe('object');
      for (const [name, prop] of Object.entries<{ description?: string }>(input.properties)) {
        expect(prop.description, `${tool.name}.${name}`).toBeTruthy();
      }
      const text = JSON.stringify([input, output]);
      expect(text).not.toContain('"const"');
      expect(text).not.toContain('~');
      // Every enum says its type, which OpenAPI 3.0 tooling expects.
      expect(text.match(/"enum":\[[^\]]*\](?!,"type")/g) ?? []).toEqual([]);
    }
  });

  it('describe what estimateShipping really returns', () => {
    const result = estimateShipping({
      country: 'FR',
      items: [{ category: 'sneakers' }],
      dimensions_cm: { length: 36, width: 26, height: 15 },
    });
    expect([...Compile(EstimateShippingOutputSchema).Errors(result)]).toEqual([]);
  });

  it('keep the platform code keys in step with the marketplaces', () => {
    const codes = LinkRuleSchema.properties.platform_codes;
    expect(Object.keys(JSON.parse(JSON.stringify(codes)).properties).sort()).toEqual(
      [...MARKETPLACES].sort(),
    );
  });
});
