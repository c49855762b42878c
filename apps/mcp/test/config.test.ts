import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('allows the origin of BASE_URL by default', () => {
    expect(loadConfig({ BASE_URL: 'https://shop.example.com/base' }).allowedOrigins).toEqual([
      'https://shop.example.com',
    ]);
    expect(loadConfig({}).allowedOrigins).toEqual(['http://localhost:8082']);
  });

  it('reads MCP_ALLOWED_ORIGINS as a normalised list', () => {
    const config = loadConfig({
      MCP_ALLOWED_ORIGINS: ' https://a.example ,http://localhost:3000/,https://a.example',
    });
    expect(config.allowedOrigins).toEqual(['https://a.example', 'http://localhost:3000']);
  });

  it.each(['*', 'a.example', 'https://a.example/path', 'ftp://a.example', ','])(
    'rejects MCP_ALLOWED_ORIGINS=%s naming the variable',
    (value) => {
      expect(() => loadConfig({ MCP_ALLOWED_ORIGINS: value })).toThrow(/MCP_ALLOWED_ORIGINS/);
    },
  );

  it('reads the body limit, 64 KB by default', () => {
    expect(loadConfig({}).bodyLimit).toBe(65_536);
    expect(loadConfig({ MCP_BODY_LIMIT: '2048' }).bodyLimit).toBe(2048);
    expect(() => loadConfig({ MCP_BODY_LIMIT: '10' })).toThrow(/MCP_BODY_LIMIT/);
  });

  it('reads LEXICON_FILE and RATES_FILE beside AGENTS_FILE: all are checked when the catalog opens', () => {
    expect(loadConfig({}).catalog.lexiconFile).toBeUndefined();
    expect(loadConfig({}).catalog.ratesFile).toBeUndefined();
    const config = loadConfig({
      LEXICON_FILE: '/srv/lexicon.json',
      AGENTS_FILE: '/srv/agents.json',
      RATES_FILE: '/srv/rates.json',
    });
    expect(config.catalog).toMatchObject({
      lexiconFile: '/srv/lexicon.json',
      agentsFile: '/srv/agents.json',
      ratesFile: '/srv/rates.json',
    });
  });
});
