import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENTS } from '../../src/agents/default-agents.js';
import { parseAgentsConfig } from '../../src/agents/parse-agents.js';
import { type CatalogError, isCatalogError } from '../../src/errors.js';

const file = () => ({
  agents: structuredClone(DEFAULT_AGENTS) as unknown as Record<string, unknown>[],
});

function errorOf(value: unknown): CatalogError {
  try {
    parseAgentsConfig(value);
  } catch (err) {
    if (isCatalogError(err)) return err;
    throw err;
  }
  throw new Error('expected parseAgentsConfig to throw');
}

describe('parseAgentsConfig', () => {
  it('accepts the defaults as an operator file', () => {
    const agents = parseAgentsConfig({ $schema: './agents.schema.json', ...file() });
    expect(agents.map((a) => a.id)).toEqual(['agent_a', 'agent_b', 'agent_c']);
  });

  it('rejects a value that is not an agents file', () => {
    expect(errorOf(null).code).toBe('AGENTS_INVALID');
    expect(errorOf([]).message).toContain('Invalid agents file');
  });

  it('reports the path and reason of schema errors', () => {
    const value = file();
    value.agents[1]!.verified = 'yes';
    value.agents[2]!.colour = 'red';
    const err = errorOf(value);
    expect(err.code).toBe('AGENTS_INVALID');
    expect(err.message).toContain('/agents/1/verified: must be boolean');
    expect(err.message).toContain('/agents/2: must not have additional properties (colour)');
  });

  it('rejects a missing or duplicated agent', () => {
    const value = file();
    value.agents[2] = structuredClone(value.agents[0]!);
    const err = errorOf(value);
    expect(err.message).toContain('agent "agent_a" appears more than once');
    expect(err.message).toContain('agent "agent_c" is missing');
  });

  it('rejects link templates that cannot build a link', () => {
    const value = file();
    (value.agents[0]!.link as { template: string }).template = 'https://x.example/p?item={item}';
    expect(errorOf(value).message).toMatch(
      /\/agents\/0\/link\/template: unknown placeholder \{item\}/,
    );
    const noCodes = file();
    noCodes.agents[1]!.link = { template: 'https://x.example/p/{platform}/{id}' };
    expect(errorOf(noCodes).message).toMatch(/\/agents\/1\/link: .*platform_codes/);
  });

  it('takes only https links: pages hand them to shoppers as they are', () => {
    const pages = file();
    pages.agents[1]!.homepage = 'http://agent-b.example/';
    pages.agents[2]!.signup_url = 'javascript:alert(1)';
    const message = errorOf(pages).message;
    expect(message).toContain('/agents/1/homepage: must match pattern "^https://"');
    expect(message).toContain('/agents/2/signup_url: must match pattern "^https://"');
    const links = file();
    (links.agents[0]!.link as { template: string }).template = 'http://x.example/p?id={id}';
    expect(errorOf(links).message).toMatch(/\/agents\/0\/link: .*does not make a valid https URL/);
  });

  it('rejects bad shipping tables', () => {
    const value = file();
    const lines = value.agents[0]!.shipping_lines as {
      delivery_days: { min: number };
      rates: { country: string }[];
    }[];
    lines[0]!.delivery_days.min = 99;
    lines[1]!.rates[1]!.country = 'US';
    lines[2]!.rates[0]!.country = 'XX';
    const err = errorOf(value);
    expect(err.message).toContain(
      '/agents/0/shipping_lines/0/delivery_days: min is greater than max',
    );
    expect(err.message).toContain('/agents/0/shipping_lines/1/rates: country US appears twice');
    expect(err.message).toContain('/agents/0/shipping_lines/2: XX is not an ISO 3166-1 code');
  });
});
