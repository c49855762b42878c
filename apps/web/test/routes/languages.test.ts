import { DEFAULT_CURRENCY_RATES } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../src/i18n/languages.js';
import { MESSAGES } from '../../src/i18n/messages.js';
import { escapeHtml } from '../../src/render/escape.js';
import { build, products } from '../helper.js';
import { adding, pageKinds } from '../page-kinds.js';

const KINDS = pageKinds(products);
const product = products[7]!;
const OTHERS = LANGUAGES.filter((l) => l !== 'en');

type Tree = string | readonly Tree[] | { readonly [key: string]: Tree };

/** Every string of a message tree by path. */
function strings(node: Tree, path = ''): Map<string, string> {
  if (typeof node === 'string') return new Map([[path, node]]);
  const entries = Array.isArray(node)
    ? node.map((v, i) => [String(i), v] as const)
    : Object.entries(node);
  return new Map(
    entries.flatMap(([key, value]) => [...strings(value, path ? `${path}.${key}` : key)]),
  );
}

const ENGLISH = strings(MESSAGES.en as Tree);

/**
 * The English interface text a page in `lang` must not show: the literal parts of every English
 * message that the language says differently, of two words or more (a single word may be a
 * product's, a brand's or a loanword), as the HTML writes them.
 */
function englishFragments(lang: Language): string[] {
  const own = strings(MESSAGES[lang] as Tree);
  const fragments = new Set<string>();
  for (const [path, text] of ENGLISH) {
    if (own.get(path) === text) continue;
    for (const part of text.split(/\{\w+\}|\[[^\]]*\]\([^)]*\)|`[^`]*`|\n/)) {
      const fragment = part.trim().replace(/^[\p{P}\s]+|[\p{P}\s]+$/gu, '');
      if (fragment.includes(' ') && fragment.length >= 8) fragments.add(fragment);
    }
  }
  return [...fragments];
}

/** The page's text as a reader gets it: element text and the attributes read aloud or shown. */
function readable(html: string): string {
  const attributes = [...html.matchAll(/\b(?:aria-label|alt|title|content)="([^"]*)"/g)].map(
    (m) => m[1],
  );
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<div class="prose" lang="en">[\s\S]*?<\/div>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return `${text} ${attributes.join(' ')}`.replace(/\s+/g, ' ');
}

describe('pages in the visitor’s language', () => {
  it('answers Accept-Language: pt-BR on a product page in Portuguese, with reais', async () => {
    const app = await build();
    const res = await app.inject({
      url: `/producto/${product.slug}`,
      headers: { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-language']).toBe('pt');
    expect(res.headers.vary).toMatch(/Accept-Language/);
    expect(res.body).toContain('<html lang="pt">');
    expect(res.body).toContain(escapeHtml(MESSAGES.pt.product.buy));
    expect(res.body).toMatch(/R\$\s?[\d.]+,\d\d/);
    // Its canonical URL is the Portuguese one, and each language has its alternate.
    expect(res.body).toContain(
      `<link rel="canonical" href="http://test.local/producto/${product.slug}?lang=pt">`,
    );
    for (const lang of OTHERS) {
      expect(res.body).toContain(
        `<link rel="alternate" hreflang="${lang}" href="http://test.local/producto/${product.slug}?lang=${lang}">`,
      );
    }
    expect(res.body).toContain(
      `<link rel="alternate" hreflang="x-default" href="http://test.local/producto/${product.slug}">`,
    );
  });

  it('reads q-values and regions: the best language offered wins, es-MX is Spanish', async () => {
    const app = await build();
    const lang = async (header: string) =>
      (await app.inject({ url: '/', headers: { 'accept-language': header } })).headers[
        'content-language'
      ];
    expect(await lang('es-MX')).toBe('es');
    expect(await lang('pl-PL, de;q=0.7, fr;q=0.9')).toBe('fr');
    expect(await lang('ja, *;q=0.1')).toBe('en');
    expect(await lang('de;q=0, it')).toBe('it');
    expect(await lang('')).toBe('en');
    expect(await lang('%%%;;;,,q=x')).toBe('en');
  });

  it('prefers ?lang= to Accept-Language, and answers an unknown lang in English with 200', async () => {
    const app = await build();
    const de = await app.inject({ url: '/?lang=de', headers: { 'accept-language': 'fr' } });
    expect(de.headers['content-language']).toBe('de');
    for (const url of [
      '/?lang=xx',
      '/catalog?lang=',
      `/producto/${product.slug}?lang=${'z'.repeat(30)}`,
    ]) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-language'], url).toBe('en');
      expect(res.body, url).toContain('<html lang="en">');
      // An unknown language is not kept.
      expect(res.body, url).not.toMatch(/[?&]lang=(xx|z)/);
    }
  });

  it('chooses the currency from ?currency=, else the region of the preferred language', async () => {
    const app = await build();
    const converted = async (url: string, header?: string) => {
      const res = await app.inject({ url, headers: header ? { 'accept-language': header } : {} });
      return /<p class="price"><strong>[^<]*¥[^<]*<\/strong> <span>([^<]*)<\/span>/.exec(
        res.body,
      )?.[1];
    };
    expect(await converted('/')).toMatch(/^≈ \$[\d,]+\.\d\d$/);
    expect(await converted('/', 'en-GB,en;q=0.8')).toMatch(/^≈ £[\d,]+\.\d\d$/);
    expect(await converted('/', 'es-MX')).toMatch(/^≈ [\d.]+,\d\d\sMXN$/);
    expect(await converted('/', 'pl')).toMatch(/^≈ PLN\s[\d,]+\.\d\d$/);
    expect(await converted('/?currency=EUR', 'pt-BR')).toMatch(/€/);
    expect((await app.inject('/?currency=XYZ')).statusCode).toBe(400);
  });

  it('shows the rates’ date and currency in the footer', async () => {
    const app = await build();
    const body = (await app.inject({ url: '/?lang=de&currency=GBP' })).body;
    const footer = /<footer[\s\S]*<\/footer>/.exec(body)?.[0] ?? '';
    const date = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${DEFAULT_CURRENCY_RATES.as_of}T00:00:00Z`),
    );
    expect(footer).toContain(date);
    expect(footer).toContain('GBP');
  });

  it('names a category the text stands for in the page’s language', async () => {
    const app = await build();
    const body = (await app.inject('/catalog?q=hoodie&lang=pt')).body;
    expect(body).toContain(
      escapeHtml(
        MESSAGES.pt.interpretation.meansCategory
          .replace('{word}', 'hoodie')
          .replace('{category}', MESSAGES.pt.categories.hoodies.name),
      ),
    );
    expect(body).not.toContain('category Hoodies');
  });

  it('keeps each variant apart in the page cache', async () => {
    const app = await build();
    const url = `/producto/${product.slug}`;
    const en = (await app.inject(url)).body;
    const es = (await app.inject({ url, headers: { 'accept-language': 'es' } })).body;
    const de = (await app.inject(`${url}?lang=de`)).body;
    expect(new Set([en, es, de]).size).toBe(3);
    expect((await app.inject(url)).body).toBe(en);
  });

  describe.each(OTHERS)('in %s', (lang) => {
    const fragments = englishFragments(lang);

    it.each(KINDS)(
      'shows no English interface text on the $kind',
      async ({ kind, url, status }) => {
        const app = await build();
        for (const [format, target] of [
          ['html', adding(url, 'lang', lang)],
          [
            'markdown',
            adding(
              url.replace(/^(\/[^?]*?)(\?|$)/, (_, p, q) => `${p === '/' ? '/index' : p}.md${q}`),
              'lang',
              lang,
            ),
          ],
        ] as const) {
          // The API reference stays in English (its HTML says so with lang="en", left out above).
          if (kind === 'api-docs' && format === 'markdown') continue;
          const res = await app.inject(target);
          expect(res.statusCode, target).toBe(status);
          expect(res.headers['content-language'], target).toBe(lang);
          const text = format === 'html' ? readable(res.body) : res.body;
          const found = fragments.filter((f) =>
            text.includes(format === 'html' ? escapeHtml(f) : f),
          );
          expect(found, `${format} ${target}`).toEqual([]);
        }
      },
    );

    it.each(KINDS.filter((k) => k.affiliate))(
      'shows the affiliate disclosure on the $kind',
      async ({ url }) => {
        const app = await build();
        const html = (await app.inject(adding(url, 'lang', lang))).body;
        expect(html).toContain(escapeHtml(MESSAGES[lang].disclosure.text));
        expect(html).toMatch(/rel="sponsored nofollow noopener"/);
        const md = (
          await app.inject({ url: adding(url, 'lang', lang), headers: { accept: 'text/markdown' } })
        ).body;
        expect(md).toContain(MESSAGES[lang].disclosure.label);
      },
    );
  });
});
