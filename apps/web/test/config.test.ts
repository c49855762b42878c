import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('defaults to port 8081 and the sample catalog on the embedded engine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8081, baseUrl: 'http://localhost:8081' });
    expect(config.catalog).toMatchObject({ engine: 'embedded', file: undefined });
  });

  it('fails naming the variable', () => {
    expect(() => loadConfig({ SEARCH_ENGINE: 'solr' })).toThrow(/SEARCH_ENGINE/);
  });
});
