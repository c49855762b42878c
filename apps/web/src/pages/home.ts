import { AFFILIATE_DISCLOSURE, SERVICE_INFO } from '@repo/catalog-core';
import { marked } from 'marked';
import { faqMarkdown } from '../content/faq.js';
import type { Block, PageModel } from '../render/page-model.js';
import { agentBlocks } from './agents.js';
import type { PageContext } from './page-context.js';
import { preferredFirst } from './preferred-agent.js';
import { categoryLinks, count, keptFields, productCard, section } from './shared.js';

/** How many products the home page features. */
export const FEATURED_COUNT = 12;

/** `/`: search, the categories, featured products, the verified agents and the FAQ. */
export async function homePage(ctx: PageContext): Promise<PageModel> {
  const { site, urls } = ctx;
  const [counts, featured] = await Promise.all([
    site.categoryCounts(),
    ctx.catalog.featured(FEATURED_COUNT),
  ]);
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const faq = faqMarkdown(urls, site.agents, site.contactEmail);
  const blocks: Block[] = [
    {
      kind: 'form',
      label: 'Search the catalog',
      action: urls.canonical().catalog(),
      mdHint: `Search: ${urls.catalog({ q: 'your words' }, 'md')} (also category, sort, min_price, max_price, page); q may also be a pasted listing or agent link.`,
      fields: [
        { kind: 'search', name: 'q', label: `Search ${count(total)} products`, value: '' },
        ...keptFields(urls),
      ],
      submit: 'Search',
    },
    section('categories', 'Categories', [
      { kind: 'links', label: 'Categories', items: categoryLinks(urls, counts) },
    ]),
    section('shipping', 'Shipping to your country', [
      {
        kind: 'paragraph',
        content: [
          'What your haul costs to ship to any country, with every agent’s lines side by side: ',
          {
            href: urls.shipping(),
            mdHref: urls.shipping({}, 'md'),
            text: 'the shipping calculator',
          },
          '. Paste any Weidian, Taobao, 1688 or agent link into the search box to find that item.',
        ],
      },
    ]),
    section('featured', 'Featured products', [
      {
        kind: 'products',
        label: 'Featured products',
        items: featured.map((p) => productCard(urls, p)),
      },
      {
        kind: 'paragraph',
        content: [
          {
            href: urls.catalog(),
            mdHref: urls.catalog({}, 'md'),
            text: 'Browse the whole catalog',
          },
        ],
      },
    ]),
    section('agents', 'Verified shopping agents', [
      ...agentBlocks(
        urls,
        preferredFirst(
          site.agents.filter((a) => a.verified && a.status !== 'closed'),
          ctx.agent,
        ),
        ctx.agent,
      ),
      { kind: 'disclosure', text: AFFILIATE_DISCLOSURE },
    ]),
    section('faq', 'Questions and answers', [
      { kind: 'markdown', source: faq, html: marked.parse(faq, { async: false }) },
    ]),
  ];
  return {
    title: `${SERVICE_INFO.title}: curated products with QC photos and shopping agents`,
    description: SERVICE_INFO.description,
    url: urls.canonical().home(),
    mdUrl: urls.home('md'),
    h1: SERVICE_INFO.title,
    lead: [SERVICE_INFO.description],
    blocks,
    jsonLd: {
      '@context': 'https://schema.org',
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
  };
}
