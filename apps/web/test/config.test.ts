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

  it('reads the contact address and the page cache budget', () => {
    expect(loadConfig({})).toMatchObject({ contactEmail: 'contact@example.com', pageCacheMb: 64 });
    expect(loadConfig({ CONTACT_EMAIL: 'hi@shop.example', PAGE_CACHE_MB: '0' })).toMatchObject({
      contactEmail: 'hi@shop.example',
      pageCacheMb: 0,
    });
    expect(() => loadConfig({ CONTACT_EMAIL: 'not an address' })).toThrow(/CONTACT_EMAIL/);
    expect(() => loadConfig({ PAGE_CACHE_MB: '-1' })).toThrow(/PAGE_CACHE_MB/);
  });

  it('reads LEXICON_FILE beside AGENTS_FILE: both are checked when the catalog opens', () => {
    expect(loadConfig({}).catalog.lexiconFile).toBeUndefined();
    const config = loadConfig({
      LEXICON_FILE: '/srv/lexicon.json',
      AGENTS_FILE: '/srv/agents.json',
    });
    expect(config.catalog).toMatchObject({
      lexiconFile: '/srv/lexicon.json',
      agentsFile: '/srv/agents.json',
    });
  });
});
