import { describe, expect, it } from 'vitest';
import type { Agent } from '../../src/agents/agent.js';
import { DEFAULT_AGENTS } from '../../src/agents/default-agents.js';
import { countryCodes } from '../../src/shipping/countries.js';
import { countriesServed, countryName } from '../../src/shipping/countries-served.js';
import { estimateShipping } from '../../src/shipping/estimate.js';

describe('countriesServed', () => {
  const served = countriesServed(DEFAULT_AGENTS);

  it('offers every country some line ships to, and only those', () => {
    const codes = new Set(served.map((c) => c.code));
    for (const code of countryCodes()) {
      let quoted = true;
      try {
        estimateShipping({ country: code, weight_grams: 500 }, { agents: DEFAULT_AGENTS });
      } catch {
        quoted = false;
      }
      expect(codes.has(code), code).toBe(quoted);
    }
    expect(codes.has('PL')).toBe(true);
    expect(codes.has('CN')).toBe(false);
    expect(codes.has('KP')).toBe(false);
  });

  it('is sorted by English name', () => {
    const names = served.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(served.find((c) => c.code === 'DE')).toEqual({ code: 'DE', name: 'Germany' });
  });

  it('follows the operator’s lines, and ignores agents that are not active', () => {
    const base = DEFAULT_AGENTS[0] as Agent;
    const line = base.shipping_lines[0]!;
    const only: Agent[] = [
      {
        ...base,
        shipping_lines: [{ ...line, rates: [{ ...line.rates[0]!, country: 'PL' }] }],
      },
      { ...(DEFAULT_AGENTS[1] as Agent), status: 'paused' },
    ];
    expect(countriesServed(only)).toEqual([{ code: 'PL', name: 'Poland' }]);
  });

  it('names a code', () => {
    expect(countryName('PL')).toBe('Poland');
    expect(countryName('GB')).toBe('United Kingdom');
  });
});
