import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  catalogUrl,
  categoryUrl,
  createSiteUrls,
  DOCUMENT_PATHS,
  productUrl,
  spreadsheetUrl,
  WELL_KNOWN_DOCUMENTS,
} from '../src/urls.js';

const base = 'https://shop.example';

describe('public URLs', () => {
  it('build pages and their Markdown twins', () => {
    expect(productUrl(base, 'nike-dunk-123456')).toBe(
      'https://shop.example/producto/nike-dunk-123456',
    );
    expect(productUrl(base, 'nike-dunk-123456', 'md')).toBe(
      'https://shop.example/producto/nike-dunk-123456.md',
    );
    expect(categoryUrl(base, 't-shirts', 'md')).toBe('https://shop.example/category/t-shirts.md');
    expect(spreadsheetUrl(base, 'agent_a')).toBe('https://shop.example/spreadsheet/agent_a');
    expect(catalogUrl(base)).toBe('https://shop.example/catalog');
    expect(catalogUrl(base, 'dunk & "low"', 'md')).toBe(
      'https://shop.example/catalog.md?q=dunk%20%26%20%22low%22',
    );
  });

  it('build the shipping calculator’s URL with readable items, keeping kept parameters', () => {
    const urls = createSiteUrls({ baseUrl: 'https://shop.example' });
    expect(urls.shipping()).toBe('https://shop.example/shipping');
    expect(
      urls.shipping(
        { country: 'PL', items: 'nike-dunk-7231234567:2,sneakers', weight_grams: '' },
        'md',
      ),
    ).toBe('https://shop.example/shipping.md?country=PL&items=nike-dunk-7231234567:2,sneakers');
    expect(urls.keeping({ agent: 'agent_b' }).shipping({ items: 'a-12345' })).toBe(
      'https://shop.example/shipping?items=a-12345&agent=agent_b',
    );
  });

  it('make catalog paths absolute and leave absolute URLs alone', () => {
    expect(absoluteUrl(base, '/qc/a-123456/1.svg')).toBe('https://shop.example/qc/a-123456/1.svg');
    // Only paths: text never becomes a site URL by being glued to the base.
    for (const text of ['https://img.example/1.jpg', 'see yupoo', '//host/x.png', 'javascript:x']) {
      expect(() => absoluteUrl(base, text), text).toThrow(TypeError);
    }
  });

  it('build listing URLs with their parameters, leaving out empty ones', () => {
    const urls = createSiteUrls({ baseUrl: base });
    expect(urls.catalog({ q: 'dunk low', sort: 'price_asc', page: 2 }, 'md')).toBe(
      'https://shop.example/catalog.md?q=dunk+low&sort=price_asc&page=2',
    );
    expect(urls.catalog({ q: '', category: undefined })).toBe('https://shop.example/catalog');
    expect(urls.category('bags', { page: 3 })).toBe('https://shop.example/category/bags?page=3');
    expect(urls.spreadsheet('agent_a', { sort: 'title_asc' }, 'md')).toBe(
      'https://shop.example/spreadsheet/agent_a.md?sort=title_asc',
    );
    expect(urls.home()).toBe('https://shop.example/');
    expect(urls.home('md')).toBe('https://shop.example/index.md');
    expect(urls.apiDocs('md')).toBe('https://shop.example/api-docs.md');
    expect(urls.product('a b-123456', 'html', 'qc')).toBe(
      'https://shop.example/producto/a%20b-123456#qc',
    );
  });

  it('keep parameters on every page link, after the page’s own, and never on documents', () => {
    const urls = createSiteUrls({ baseUrl: base, keep: { agent: 'agent_b' } });
    expect(urls.kept).toEqual({ agent: 'agent_b' });
    expect(urls.home()).toBe('https://shop.example/?agent=agent_b');
    expect(urls.home('md')).toBe('https://shop.example/index.md?agent=agent_b');
    expect(urls.catalog({ q: 'nike', page: 2 })).toBe(
      'https://shop.example/catalog?q=nike&page=2&agent=agent_b',
    );
    expect(urls.category('bags', {}, 'md')).toBe(
      'https://shop.example/category/bags.md?agent=agent_b',
    );
    expect(urls.product('nike-dunk-123456', 'html', 'qc')).toBe(
      'https://shop.example/producto/nike-dunk-123456?agent=agent_b#qc',
    );
    expect(urls.spreadsheet('agent_a')).toBe(
      'https://shop.example/spreadsheet/agent_a?agent=agent_b',
    );
    expect(urls.apiDocs()).toBe('https://shop.example/api-docs?agent=agent_b');
    // A page's own parameter wins over a kept one of the same name.
    expect(urls.catalog({ agent: 'agent_c' })).toBe('https://shop.example/catalog?agent=agent_c');
    for (const name of Object.keys(DOCUMENT_PATHS) as (keyof typeof DOCUMENT_PATHS)[]) {
      expect(urls.document(name)).toBe(`${base}${DOCUMENT_PATHS[name]}`);
    }
    for (const name of WELL_KNOWN_DOCUMENTS) {
      expect(urls.wellKnown(name)).toBe(`${base}/.well-known/${name}`);
    }
    expect(urls.skill('catalog-search')).toBe(
      'https://shop.example/.well-known/agent-skills/catalog-search/SKILL.md',
    );
    expect(urls.sitemapPart(2)).toBe('https://shop.example/sitemap-2.xml');
    expect(urls.absolute('/qc/a-123456/1.svg')).toBe('https://shop.example/qc/a-123456/1.svg');
  });

  it('add kept parameters with keeping() and drop them with canonical()', () => {
    const plain = createSiteUrls({ baseUrl: base });
    const kept = plain.keeping({ agent: 'agent_c' });
    expect(kept.category('caps')).toBe('https://shop.example/category/caps?agent=agent_c');
    expect(kept.keeping({ currency: 'EUR' }).home()).toBe(
      'https://shop.example/?agent=agent_c&currency=EUR',
    );
    expect(kept.canonical().category('caps')).toBe('https://shop.example/category/caps');
    expect(plain.category('caps')).toBe('https://shop.example/category/caps');
    // An empty preference keeps nothing.
    expect(plain.keeping({ agent: undefined }).home()).toBe('https://shop.example/');
  });
});
