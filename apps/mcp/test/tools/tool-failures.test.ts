import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CatalogError } from '@repo/catalog-core';
import { SearchQueryError, SearchUnavailableError } from '@repo/search';
import { describe, expect, it } from 'vitest';
import { McpToolError } from '../../src/errors.js';
import { explainFailure } from '../../src/tools/tool-failures.js';

describe('explainFailure', () => {
  it('tells the agent what to change for its own mistakes', () => {
    expect(explainFailure(new McpToolError('swap them'))).toEqual({
      message: 'swap them',
      outage: false,
    });
    expect(explainFailure(new CatalogError('UNKNOWN_PRODUCT', 'No product x.'))).toEqual({
      message: 'No product x. Use a slug returned by search_products, or give a category instead.',
      outage: false,
    });
    expect(explainFailure(new CatalogError('UNKNOWN_COUNTRY', 'No country XX.'))?.message).toBe(
      'No country XX.',
    );
    expect(explainFailure(new SearchQueryError('q', 'The query is too long.'))).toEqual({
      message: 'The query is too long.',
      outage: false,
    });
  });

  it('says the engine is away, without its internals, for an outage', () => {
    const failure = explainFailure(
      new SearchUnavailableError('ENGINE_TIMEOUT', 'meilisearch at 10.0.0.7 timed out'),
    );
    expect(failure?.outage).toBe(true);
    expect(failure?.message).toMatch(/unavailable right now; retry/);
    expect(failure?.message).not.toContain('10.0.0.7');
  });

  it('recognises the errors by their guards, also from another copy of a bundle', () => {
    const copy = Object.assign(new Error('from another bundle'), { name: 'McpToolError' });
    expect(explainFailure(copy)?.message).toBe('from another bundle');
  });

  it('leaves anything else to the JSON-RPC error handler', () => {
    expect(explainFailure(new TypeError('x is undefined'))).toBeUndefined();
    expect(explainFailure(Object.assign(new Error('no code'), { name: 'CatalogError' }))).toBe(
      undefined,
    );
  });
});

describe('the tools', () => {
  it('return data: none imports the wire layer or the result cache', () => {
    const dir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'tools');
    const tools = ['search-products', 'list-categories', 'get-agent-offers', 'estimate-shipping'];
    for (const tool of tools) {
      const source = readFileSync(join(dir, `${tool}.ts`), 'utf8');
      expect(source, tool).not.toMatch(/from '\.\.\/protocol\//);
      expect(source, tool).not.toMatch(/\bResultCache\b/);
    }
  });
});
