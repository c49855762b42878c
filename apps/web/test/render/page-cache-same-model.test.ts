import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageCache } from '../../src/render/page-cache.js';
import type { SiteChrome } from '../../src/render/page-html.js';
import type { PageModel } from '../../src/render/page-model.js';

// Counts the renderings, rendering as always.
const rendered = vi.hoisted(() => ({ html: 0, markdown: 0 }));
vi.mock('../../src/render/page-html.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/render/page-html.js')>();
  return {
    ...original,
    renderHtml: (...args: Parameters<typeof original.renderHtml>) => {
      rendered.html++;
      return original.renderHtml(...args);
    },
  };
});
vi.mock('../../src/render/page-markdown.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/render/page-markdown.js')>();
  return {
    ...original,
    renderMarkdown: (...args: Parameters<typeof original.renderMarkdown>) => {
      rendered.markdown++;
      return original.renderMarkdown(...args);
    },
  };
});

const chrome: SiteChrome = {
  baseUrl: 'http://x.test',
  siteName: 'Test',
  cssHref: '/a.css',
  cssIntegrity: 'sha384-x',
  iconHref: '/i.svg',
  links: { home: '/', nav: [{ href: '/catalog', text: 'Catalog' }], footer: [] },
};

// A new object each time, as each version builds its own.
const model = (price: string): PageModel => ({
  title: 'Dunk Low',
  description: 'd',
  url: 'http://x.test/producto/dunk-low',
  mdUrl: 'http://x.test/producto/dunk-low/index.md',
  h1: 'Dunk Low',
  blocks: [
    { kind: 'price', label: 'Price', price, converted: '≈ $46.07' },
    { kind: 'paragraph', content: ['x'.repeat(1000), { href: '/category/shoes', text: 'Shoes' }] },
  ],
});

/** The page `key` kept in a version that followed `old`, with `next` as its chrome. */
async function pageAfter(old: PageCache, next: SiteChrome, build: () => PageModel) {
  const cache = new PageCache(1 << 20, next);
  cache.follow(old);
  return cache.get('product:dunk-low', async () => build());
}

describe('PageCache across versions', () => {
  let old: PageCache;
  let before: Awaited<ReturnType<PageCache['get']>>;
  beforeEach(async () => {
    old = new PageCache(1 << 20, { ...chrome, version: 'aaaaaaaaaaaaaaaa' });
    before = await old.get('product:dunk-low', async () => model('¥328.00'));
    before.html();
    before.markdown();
    rendered.html = 0;
    rendered.markdown = 0;
  });

  it('renders nothing for a page whose model and chrome are the same, its ETags naming the new version', async () => {
    const page = await pageAfter(old, { ...chrome, version: 'bbbbbbbbbbbbbbbb' }, () =>
      model('¥328.00'),
    );
    const html = page.html();
    const markdown = page.markdown();
    expect(rendered).toEqual({ html: 0, markdown: 0 });
    expect(html.body).toBe(before.html().body);
    expect(markdown.body).toBe(before.markdown().body);
    expect(html.etag).toBe(before.html().etag.replace('aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb'));
    expect(markdown.etag).toBe(
      before.markdown().etag.replace('aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb'),
    );
    expect(markdown.tokens).toBe(before.markdown().tokens);
  });

  it('renders a page whose model changed', async () => {
    const page = await pageAfter(old, { ...chrome, version: 'bbbbbbbbbbbbbbbb' }, () =>
      model('¥299.00'),
    );
    expect(page.html().body.toString()).toContain('¥299.00');
    expect(page.markdown().body.toString()).toContain('¥299.00');
    expect(rendered).toEqual({ html: 1, markdown: 1 });
  });

  it('renders a page whose chrome changed, though its model did not', async () => {
    const links = { ...chrome.links, nav: [{ href: '/shipping', text: 'Shipping' }] };
    const page = await pageAfter(old, { ...chrome, links, version: 'bbbbbbbbbbbbbbbb' }, () =>
      model('¥328.00'),
    );
    expect(page.html().body.toString()).toContain('/shipping');
    expect(rendered.html).toBe(1);
  });

  it('renders a page the earlier version no longer keeps', async () => {
    const page = await pageAfter(
      new PageCache(1 << 20, { ...chrome, version: 'aaaaaaaaaaaaaaaa' }),
      { ...chrome, version: 'bbbbbbbbbbbbbbbb' },
      () => model('¥328.00'),
    );
    expect(page.html().body.equals(before.html().body)).toBe(true);
    expect(rendered.html).toBe(1);
  });

  it('does not keep the page it took its renderings from', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const page = await pageAfter(old, { ...chrome, version: 'bbbbbbbbbbbbbbbb' }, () =>
      model('¥328.00'),
    );
    page.html();
    const earlier = new WeakRef(before);
    // The test's own references to the version before go, as a swapped-out version's do.
    old = undefined as unknown as PageCache;
    before = undefined as unknown as typeof before;
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(earlier.deref()).toBeUndefined();
    expect(page.markdown().body.toString()).toContain('¥328.00');
  });
});
