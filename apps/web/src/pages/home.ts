import { type Product, type QueryParams, SERVICE_INFO } from '@repo/catalog-core';
import { marked } from 'marked';
import { faqMarkdown } from '../content/faq.js';
import type { Block, PageModel } from '../render/page-model.js';
import { agentBlocks } from './agents.js';
import type { PageContext } from './page-context.js';
import { preferredFirst } from './preferred-agent.js';
import { categoryLinks, disclosure, keptFields, productCard, section } from './shared.js';
import { jsonLd } from './structured-data.js';

/** How many products the home page features. */
export const FEATURED_COUNT = 12;
/** How many products the "Popular this week" row shows at most. */
export const POPULAR_COUNT = 6;

/** A row of product cards under a heading, and a link to the catalog listing more of them. */
function productRow(
  ctx: PageContext,
  id: string,
  title: string,
  products: readonly Product[],
  more: { readonly params: QueryParams; readonly text: string },
): Block {
  const { urls } = ctx;
  return section(id, title, [
    { kind: 'products', label: title, items: products.map((p) => productCard(ctx, p)) },
    {
      kind: 'paragraph',
      content: [
        {
          href: urls.catalog(more.params),
          mdHref: urls.catalog(more.params, 'md'),
          text: more.text,
        },
      ],
    },
  ]);
}

/**
 * `/`: search, the products clicked most this week (`popular`: their slugs, most first; while
 * there are none, the featured products take their place), the categories, shipping, the featured
 * products, the verified agents and the FAQ.
 */
export async function homePage(ctx: PageContext, popular: readonly string[]): Promise<PageModel> {
  const { site, urls, locale } = ctx;
  const { m } = locale;
  const [counts, featured, clicked] = await Promise.all([
    site.categoryCounts(),
    ctx.catalog.featured(FEATURED_COUNT),
    Promise.all(popular.map((slug) => ctx.catalog.getBySlug(slug))),
  ]);
  // A product clicked before a catalog change may be gone from it.
  const popularProducts = clicked.filter((p) => p !== undefined);
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const faq = faqMarkdown(urls, locale, site.agents, site.contactEmail);
  const featuredRow = productRow(ctx, 'featured', m.home.featured, featured, {
    params: {},
    text: m.home.browseAll,
  });
  const blocks: Block[] = [
    {
      kind: 'form',
      label: m.home.searchLabel,
      action: urls.canonical().catalog(),
      mdHint: locale.t(m.home.searchHint, {
        url: urls.catalog({ q: m.home.searchExample }, 'md'),
      }),
      fields: [
        {
          kind: 'search',
          name: 'q',
          label: locale.t(m.home.searchField, { count: total }),
          value: '',
        },
        ...keptFields(urls),
      ],
      submit: m.common.search,
    },
    // The first row of products right under the search: what a shopper from a link came for.
    // Clicked products lead while there are any; the categories follow.
    ...(popularProducts.length === 0
      ? [featuredRow]
      : [
          productRow(ctx, 'popular', m.home.popular, popularProducts, {
            params: { sort: 'popular' },
            text: m.home.allPopular,
          }),
        ]),
    section('categories', m.home.categories, [
      { kind: 'links', label: m.home.categories, items: categoryLinks(urls, locale, counts) },
    ]),
    section('shipping', m.home.shippingTitle, [
      {
        kind: 'paragraph',
        content: [
          m.home.shippingBefore,
          { href: urls.shipping(), mdHref: urls.shipping({}, 'md'), text: m.home.shippingLink },
          m.home.shippingAfter,
        ],
      },
    ]),
    ...(popularProducts.length === 0 ? [] : [featuredRow]),
    section('agents', m.home.agents, [
      ...agentBlocks(
        urls,
        locale,
        preferredFirst(
          site.agents.filter((a) => a.verified && a.status !== 'closed'),
          ctx.agent,
        ),
        ctx.agent,
      ),
      disclosure(locale),
    ]),
    section('faq', m.home.faq, [
      { kind: 'markdown', source: faq, html: marked.parse(faq, { async: false }) },
    ]),
  ];
  return {
    title: locale.t(m.site.homeTitle, { site: SERVICE_INFO.title }),
    description: m.site.description,
    url: urls.canonical().home(),
    mdUrl: urls.home('md'),
    h1: SERVICE_INFO.title,
    lead: [m.site.description],
    blocks,
    jsonLd: jsonLd([
      {
        '@type': 'WebSite',
        name: SERVICE_INFO.title,
        url: urls.canonical().home(),
        potentialAction: {
          '@type': 'SearchAction',
          // A URL template (RFC 6570), not a link: `{search_term_string}` must stay unencoded.
          target: `${urls.canonical().catalog()}?q={search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      },
    ]),
  };
}
