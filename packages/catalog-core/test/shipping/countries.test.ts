import { describe, expect, it } from 'vitest';
import { isCountryCode, normalizeCountry } from '../../src/shipping/countries.js';

describe('countries', () => {
  it('knows the 249 assigned ISO 3166-1 alpha-2 codes', () => {
    for (const code of ['US', 'GB', 'DE', 'AU', 'AX', 'ZW']) expect(isCountryCode(code)).toBe(true);
    for (const code of ['UK', 'ZZ', 'EU', 'us', 'USA']) expect(isCountryCode(code)).toBe(false);
  });

  it('normalises case and whitespace, and hints that the UK is GB', () => {
    expect(normalizeCountry(' fr ')).toBe('FR');
    expect(() => normalizeCountry('UK')).toThrow(/GB/);
    expect(() => normalizeCountry('XX')).toThrow(/Unknown country "XX"/);
  });
});
