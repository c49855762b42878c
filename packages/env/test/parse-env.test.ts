import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  catalogConfig,
  catalogEnv,
  dataEnv,
  EnvError,
  edgeConfig,
  edgeEnv,
  parseEnv,
  serverConfig,
  serverEnv,
} from '../src/index.js';

const schema = Type.Object({ ...serverEnv(8080), ...catalogEnv });

describe('parseEnv', () => {
  it('applies defaults and derives BASE_URL from the port', () => {
    const env = parseEnv(schema, {});
    expect(env.PORT).toBe(8080);
    expect(env.SEARCH_ENGINE).toBe('embedded');
    expect(serverConfig(env).baseUrl).toBe('http://localhost:8080');
  });

  it('converts numbers and treats empty strings as unset', () => {
    const env = parseEnv(schema, { PORT: '9000', CATALOG_FILE: '', LOG_LEVEL: ' warn ' });
    expect(env.PORT).toBe(9000);
    expect(env.CATALOG_FILE).toBeUndefined();
    expect(env.LOG_LEVEL).toBe('warn');
  });

  it('strips a trailing slash from BASE_URL', () => {
    const env = parseEnv(schema, { BASE_URL: 'https://shop.example/' });
    expect(serverConfig(env).baseUrl).toBe('https://shop.example');
  });

  it('reports every invalid variable by name at once', () => {
    let error: unknown;
    try {
      parseEnv(schema, { PORT: 'eighty', BASE_URL: 'ftp://x', SEARCH_ENGINE: 'solr' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EnvError);
    const issues = (error as EnvError).issues.map((i) => i.variable).sort();
    expect(issues).toEqual(['BASE_URL', 'PORT', 'SEARCH_ENGINE']);
    expect((error as EnvError).message).toContain(
      'PORT: must be a TCP port from 0 to 65535 (got "eighty")',
    );
  });

  it("reads libuv's pool size when set, and names it when it is not one libuv takes", () => {
    expect(serverConfig(parseEnv(schema, {})).threadPoolSize).toBeUndefined();
    expect(serverConfig(parseEnv(schema, { UV_THREADPOOL_SIZE: '16' })).threadPoolSize).toBe(16);
    expect(() => parseEnv(schema, { UV_THREADPOOL_SIZE: 'four' })).toThrow(
      'UV_THREADPOOL_SIZE: must be an integer from 1 to 1024 (got "four")',
    );
    expect(() => parseEnv(schema, { UV_THREADPOOL_SIZE: '0' })).toThrow(/UV_THREADPOOL_SIZE/);
  });

  it('rejects a port out of range', () => {
    expect(() => parseEnv(schema, { PORT: '70000' })).toThrow(/PORT/);
  });

  it('passes the operator files on: catalog, agents, lexicon and rates, each optional', () => {
    expect(catalogConfig(parseEnv(schema, {}))).toMatchObject({
      file: undefined,
      agentsFile: undefined,
      lexiconFile: undefined,
      ratesFile: undefined,
    });
    const config = catalogConfig(
      parseEnv(schema, {
        CATALOG_FILE: 'data/catalog.ndjson',
        AGENTS_FILE: 'data/agents.json',
        LEXICON_FILE: 'data/lexicon.json',
        RATES_FILE: 'data/rates.json',
      }),
    );
    expect(config).toMatchObject({
      file: 'data/catalog.ndjson',
      agentsFile: 'data/agents.json',
      lexiconFile: 'data/lexicon.json',
      ratesFile: 'data/rates.json',
    });
    // An empty variable is unset, as for every other one.
    expect(catalogConfig(parseEnv(schema, { RATES_FILE: '' })).ratesFile).toBeUndefined();
  });

  it('reads how long a reload may warm the next version, 5 s unless set, 0 to swap at once', () => {
    expect(catalogConfig(parseEnv(schema, {})).warmMs).toBe(5_000);
    expect(catalogConfig(parseEnv(schema, { CATALOG_WARM_MS: '0' })).warmMs).toBe(0);
    expect(() => parseEnv(schema, { CATALOG_WARM_MS: '-1' })).toThrow(/CATALOG_WARM_MS/);
  });

  it('reads CATALOG_URL with its poll, size limit and folder, and refuses it beside CATALOG_FILE', () => {
    const withData = Type.Object({ ...schema.properties, ...dataEnv });
    const config = catalogConfig(
      parseEnv(withData, {
        CATALOG_URL: 'https://docs.google.com/spreadsheets/d/abc/edit?usp=sharing',
        CATALOG_URL_POLL_S: '30',
        DATA_DIR: '/var/lib/catalog',
      }),
    );
    expect(config.url).toEqual({
      href: 'https://docs.google.com/spreadsheets/d/abc/edit?usp=sharing',
      pollMs: 30_000,
      maxBytes: 50 * 1024 * 1024,
      dir: '/var/lib/catalog/catalog-url',
    });
    expect(catalogConfig(parseEnv(schema, {})).url).toBeUndefined();
    const both = parseEnv(schema, {
      CATALOG_FILE: 'a.csv',
      CATALOG_URL: 'https://x.example/a.csv',
    });
    expect(() => catalogConfig(both)).toThrow(/CATALOG_URL: and CATALOG_FILE are both set/);
  });

  it.each([
    [
      'http://sheets.example/a.csv',
      /CATALOG_URL: must be an https URL; http is accepted only for a loopback/,
    ],
    ['http://10.0.0.5/a.csv', /only for a loopback/],
    ['ftp://x.example/a.csv', /CATALOG_URL/],
  ])('refuses the catalog link %s', (href, message) => {
    expect(() => catalogConfig(parseEnv(schema, { CATALOG_URL: href }))).toThrow(message);
  });

  it.each(['http://127.0.0.1:8099/sheet.xlsx', 'http://localhost/a.csv', 'http://[::1]:9/a'])(
    'takes http on a loopback address: %s',
    (href) => {
      expect(catalogConfig(parseEnv(schema, { CATALOG_URL: href })).url?.href).toBe(href);
    },
  );

  it('requires MEILISEARCH_URL with the meilisearch engine', () => {
    const env = parseEnv(schema, { SEARCH_ENGINE: 'meilisearch' });
    expect(() => catalogConfig(env)).toThrow(/MEILISEARCH_URL/);
    const ok = parseEnv(schema, {
      SEARCH_ENGINE: 'meilisearch',
      MEILISEARCH_URL: 'http://127.0.0.1:7700',
    });
    expect(catalogConfig(ok).meilisearch).toMatchObject({
      host: 'http://127.0.0.1:7700',
      indexUid: 'products',
    });
  });
});

describe('edge variables', () => {
  const edge = Type.Object({ ...edgeEnv });

  it('default to no trusted proxy, in-process counts and documented budgets', () => {
    expect(edgeConfig(parseEnv(edge, {}))).toEqual({
      trustProxy: false,
      redisUrl: undefined,
      jwksUrl: undefined,
      rateLimit: { windowMs: 60_000, pages: 300, mcp: 120, token: 20, go: 60 },
    });
  });

  it('read a list of trusted gateway addresses and a Redis URL', () => {
    const config = edgeConfig(
      parseEnv(edge, { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8', REDIS_URL: 'redis://redis:6379' }),
    );
    expect(config.trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(config.redisUrl).toBe('redis://redis:6379');
  });

  it('reject a bad budget or URL by name', () => {
    expect(() => parseEnv(edge, { RATE_LIMIT_MCP: '-5', REDIS_URL: 'http://x' })).toThrow(
      /REDIS_URL[\s\S]*RATE_LIMIT_MCP|RATE_LIMIT_MCP[\s\S]*REDIS_URL/,
    );
  });
});
