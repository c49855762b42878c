import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageCache } from '../../src/render/page-cache.js';
import type { SiteChrome } from '../../src/render/page-html.js';
import type { PageModel } from '../../src/render/page-model.js';
import { chrome } from './site-chrome.js';

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

const model = (n: number, status?: number): PageModel => ({
  ...(status ? { status } : {}),
  title: `Page ${n}`,
  description: 'd',
  url: `http://x.test/${n}`,
  mdUrl: `http://x.test/${n}.md`,
  h1: `Page ${n}`,
  blocks: [{ kind: 'paragraph', content: ['x'.repeat(1000)] }],
});

describe('PageCache', () => {
  it('builds a page once and renders each representation once, with a stable ETag', async () => {
    const cache = new PageCache(1 << 20, chrome);
    let builds = 0;
    const build = async () => {
      builds++;
      return model(1);
    };
    const a = await cache.get('k', build);
    const b = await cache.get('k', build);
    expect(builds).toBe(1);
    expect(a).toBe(b);
    expect(a.html()).toBe(b.html());
    expect(a.html().etag).toMatch(/^"[\w-]+"$/);
    expect(a.markdown().tokens).toBe(Math.ceil(a.markdown().body.toString().length / 4));
    expect(cache.bytes).toBe(a.html().body.length + a.markdown().body.length);
  });

  it('compresses a representation once per coding, and counts it in its byte budget', async () => {
    const cache = new PageCache(1 << 20, chrome);
    const page = await cache.get('k', async () => model(1));
    const html = page.html();
    const br = page.coded(html, 'br');
    const gzip = page.coded(html, 'gzip');
    expect(page.coded(html, 'br')).toBe(br);
    expect(page.coded(html, 'gzip')).toBe(gzip);
    expect(br.etag).not.toBe(gzip.etag);
    expect(cache.bytes).toBe(html.body.length + br.body.length + gzip.body.length);
  });

  it('takes the bytes and compressed forms of a page the version it follows rendered the same', async () => {
    const old = new PageCache(1 << 20, { ...chrome, version: 'aaaaaaaaaaaaaaaa' });
    const before = await old.get('same', async () => model(1));
    const oldBr = before.coded(before.html(), 'br');
    await old.get('changed', async () => model(2));
    const oldChanged = (await old.get('changed', async () => model(2))).html();

    const cache = new PageCache(1 << 20, { ...chrome, version: 'bbbbbbbbbbbbbbbb' });
    cache.follow(old);
    const same = await cache.get('same', async () => model(1));
    expect(same.html().body).toBe(before.html().body);
    expect(same.html().etag).toBe(
      before.html().etag.replace('aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb'),
    );
    const br = same.coded(same.html(), 'br');
    expect(br.body).toBe(oldBr.body);
    expect(br.etag).toBe(oldBr.etag.replace('aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb'));
    // Compressed anew: the old page was never sent gzipped.
    expect(same.coded(same.html(), 'gzip').body.length).toBeGreaterThan(0);

    const changed = await cache.get('changed', async () => ({ ...model(2), h1: 'Page 2, edited' }));
    expect(changed.html().body).not.toBe(oldChanged.body);
    expect(changed.html().body.toString()).toContain('Page 2, edited');
    expect(changed.html().hash).not.toBe(oldChanged.hash);
  });

  it('replays the request that made a page kept, then the same in each other coding it was sent in', async () => {
    const cache = new PageCache(1 << 20, chrome);
    const requests = (limit: number) =>
      cache.recent(limit, 1 << 20).flatMap(({ page }) => page.replays());
    const plain = { url: '/1', headers: { accept: 'text/html' } };
    const first = await cache.get('1', async () => model(1), plain);
    expect(requests(10)).toEqual([plain]);
    first.coded(first.html(), 'br');
    first.coded(first.html(), 'br');
    const inBrotli = { url: '/1', headers: { accept: 'text/html', 'accept-encoding': 'br' } };
    expect(requests(10)).toEqual([plain, inBrotli]);

    // Asked in brotli first: that request already brings the coding back.
    const brotliFirst = { url: '/2', headers: { 'accept-encoding': 'gzip, br' } };
    const second = await cache.get('2', async () => model(2), brotliFirst);
    second.coded(second.html(), 'br');
    expect(requests(10)).toEqual([brotliFirst, plain, inBrotli]);
    // Whole pages, as many as bring back the limit of requests.
    expect(cache.recent(1, 1 << 20).map(({ key }) => key)).toEqual(['2']);
    expect(cache.recent(2, 1 << 20).map(({ key }) => key)).toEqual(['2', '1']);
  });

  it('drops the least recently used pages past its byte budget', async () => {
    const cache = new PageCache(4000, chrome);
    for (const n of [1, 2, 3]) (await cache.get(String(n), async () => model(n))).html();
    expect(cache.bytes).toBeLessThanOrEqual(4000);
    let rebuilt = 0;
    await cache.get('1', async () => {
      rebuilt++;
      return model(1);
    });
    expect(rebuilt).toBe(1);
  });

  it('keeps nothing with a budget of 0, and never keeps an error page', async () => {
    for (const [budget, status] of [
      [0, undefined],
      [1 << 20, 404],
    ] as const) {
      const cache = new PageCache(budget, chrome);
      let builds = 0;
      for (let i = 0; i < 2; i++) {
        (
          await cache.get('k', async () => {
            builds++;
            return model(1, status);
          })
        ).html();
      }
      expect(builds).toBe(2);
      expect(cache.bytes).toBe(0);
    }
  });
});

// A new object each time, as each version builds its own.
const product = (price: string): PageModel => ({
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
    before = await old.get('product:dunk-low', async () => product('¥328.00'));
    before.html();
    before.markdown();
    rendered.html = 0;
    rendered.markdown = 0;
  });

  it('renders nothing for a page whose model and chrome are the same, its ETags naming the new version', async () => {
    const page = await pageAfter(old, { ...chrome, version: 'bbbbbbbbbbbbbbbb' }, () =>
      product('¥328.00'),
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

  it('holds the earlier model in place of its own once they are found the same, and not before', async () => {
    const page = await pageAfter(old, { ...chrome, version: 'bbbbbbbbbbbbbbbb' }, () =>
      product('¥328.00'),
    );
    const own = page.model;
    expect(own).not.toBe(before.model);
    page.html();
    expect(page.model).toBe(before.model);
    const changed = await pageAfter(old, { ...chrome, version: 'bbbbbbbbbbbbbbbb' }, () =>
      product('¥299.00'),
    );
    const built = changed.model;
    changed.html();
    expect(changed.model).toBe(built);
  });

  it('renders a page whose model changed', async () => {
    const page = await pageAfter(old, { ...chrome, version: 'bbbbbbbbbbbbbbbb' }, () =>
      product('¥299.00'),
    );
    expect(page.html().body.toString()).toContain('¥299.00');
    expect(page.markdown().body.toString()).toContain('¥299.00');
    expect(rendered).toEqual({ html: 1, markdown: 1 });
  });

  it('renders a page whose chrome changed, though its model did not', async () => {
    const links = { ...chrome.links, nav: [{ href: '/shipping', text: 'Shipping' }] };
    const page = await pageAfter(old, { ...chrome, links, version: 'bbbbbbbbbbbbbbbb' }, () =>
      product('¥328.00'),
    );
    expect(page.html().body.toString()).toContain('/shipping');
    expect(rendered.html).toBe(1);
  });

  it('renders a page the earlier version no longer keeps', async () => {
    const page = await pageAfter(
      new PageCache(1 << 20, { ...chrome, version: 'aaaaaaaaaaaaaaaa' }),
      { ...chrome, version: 'bbbbbbbbbbbbbbbb' },
      () => product('¥328.00'),
    );
    expect(page.html().body.equals(before.html().body)).toBe(true);
    expect(rendered.html).toBe(1);
  });

  it('does not keep the page it took its renderings from', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const page = await pageAfter(old, { ...chrome, version: 'bbbbbbbbbbbbbbbb' }, () =>
      product('¥328.00'),
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
