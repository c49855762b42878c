import {
  CATEGORIES,
  type CategoryId,
  type Currency,
  catalogUrl,
  getCategory,
  SERVICE_INFO,
  toCny,
} from '@repo/catalog-core';
import type { SortOrder } from '@repo/search';
import type { FastifyInstance } from 'fastify';
import type { Block, Field, Link, PageModel } from '../render/page-model.js';
import type { ListingQuery } from '../schemas/page-queries.js';
import { interpretationBlocks } from './listing-interpretation.js';
import { pastedLinkListing } from './listing-link-card.js';
import { categoryLinks, count, productCard, section, withQuery } from './shared.js';

/** The page-cache key of a listing query: only the parameters that change the page. */
export function listingKey(query: ListingQuery): string {
  const { q, category, sort, min_price, max_price, currency, page, literal } = query;
  return JSON.stringify([q, category, sort, min_price, max_price, currency, page, literal]);
}

/** Products per listing page. */
export const LISTING_PAGE_SIZE = 24;

const SORT_LABELS: Record<SortOrder, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  price_asc: 'Price, low to high',
  price_desc: 'Price, high to low',
  title_asc: 'Name, A to Z',
};

/**
 * `/catalog` (every category) and `/category/{id}` (one): text search, price filters, sort and
 * pages with the exact total. An empty result says so and offers ways out.
 */
export async function listingPage(
  fastify: FastifyInstance,
  query: ListingQuery,
  fixedCategory?: CategoryId,
): Promise<PageModel> {
  const base = fastify.site.baseUrl;
  const q = (query.q ?? '').trim();
  const category = fixedCategory ?? (query.category || undefined);
  const currency: Currency = query.currency || 'USD';
  const sort = query.sort || undefined;
  const pageNo = query.page ?? 1;
  const literal = query.literal === '1';
  const min = query.min_price ? toCny(Number(query.min_price), currency) : undefined;
  const max = query.max_price ? toCny(Number(query.max_price), currency) : undefined;
  // A pasted listing link is read and looked up, not searched as words.
  const pasted = q ? await pastedLinkListing(fastify, q) : undefined;
  const result =
    pasted?.result ??
    (await fastify.catalog.search({
      ...(q ? { q } : {}),
      ...(category ? { category } : {}),
      ...(min === undefined ? {} : { minPrice: min }),
      ...(max === undefined ? {} : { maxPrice: max }),
      ...(sort ? { sort } : {}),
      ...(literal ? { literal } : {}),
      currency,
      offset: (pageNo - 1) * LISTING_PAGE_SIZE,
      limit: LISTING_PAGE_SIZE,
    }));
  const cat = category ? getCategory(category) : undefined;
  const path = fixedCategory ? `${base}/category/${fixedCategory}` : `${base}/catalog`;
  const params = {
    q,
    category: fixedCategory ? undefined : category,
    sort,
    min_price: query.min_price,
    max_price: query.max_price,
    currency: query.currency && query.currency !== 'USD' ? query.currency : undefined,
    literal: literal ? '1' : undefined,
  };
  const href = (over: Record<string, string | number | undefined>, md = false) =>
    withQuery(md ? `${path}.md` : path, { ...params, ...over });
  const lastPage = Math.max(1, Math.ceil(result.total / LISTING_PAGE_SIZE));
  const pageLink = (n: number, text: string): Link => ({
    href: href({ page: n }),
    mdHref: href({ page: n }, true),
    text,
  });

  const fields: Field[] = [
    { kind: 'search', name: 'q', label: 'Words', value: q },
    ...(fixedCategory
      ? []
      : [
          {
            kind: 'select' as const,
            name: 'category',
            label: 'Category',
            value: category ?? '',
            options: [
              { value: '', label: 'All categories' },
              ...CATEGORIES.map((c) => ({ value: c.id, label: c.name })),
            ],
          },
        ]),
    {
      kind: 'number',
      name: 'min_price',
      label: `Min price (${currency})`,
      value: query.min_price ?? '',
    },
    {
      kind: 'number',
      name: 'max_price',
      label: `Max price (${currency})`,
      value: query.max_price ?? '',
    },
    {
      kind: 'select',
      name: 'sort',
      label: 'Sort',
      value: sort ?? '',
      options: [
        { value: '', label: 'Default' },
        ...Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label })),
      ],
    },
    ...(params.currency
      ? [{ kind: 'hidden' as const, name: 'currency', value: params.currency }]
      : []),
  ];
  const listingLink = (over: Record<string, string | number | undefined>, text: string): Link => ({
    href: href(over),
    mdHref: href(over, true),
    text,
  });
  const shown = result.hits.length;
  const summary =
    result.total === 0
      ? 'No products'
      : shown === 0
        ? `${count(result.total)} products; page ${count(pageNo)} is past the last page (${count(lastPage)}).`
        : `Products ${count(result.offset + 1)}–${count(result.offset + shown)} of ${count(result.total)} · page ${count(pageNo)} of ${count(lastPage)}`;

  const blocks: Block[] = [
    ...(pasted ? [pasted.card] : []),
    {
      kind: 'form',
      label: cat ? `Search ${cat.name}` : 'Search the catalog',
      action: path,
      mdHint: `Filter with query parameters: ${path}.md?q=words&sort=price_asc&min_price=10&max_price=50&page=2${fixedCategory ? '' : '&category=sneakers'}.`,
      fields,
      submit: 'Search',
    },
  ];
  // A link names one listing: neither categories nor an order narrow it further.
  if (!fixedCategory && !pasted) {
    const counts = Object.entries(result.categoryCounts).map(([id, n]) => ({
      id: id as CategoryId,
      count: n,
    }));
    const links = categoryLinks(base, counts, category).flatMap((l, i) => {
      const id = CATEGORIES[i]?.id;
      // While searching, categories without a match are noise (and a long list on a phone).
      if (q && l.note === '0' && id !== category) return [];
      return {
        ...l,
        href: href({ category: id, page: undefined }),
        mdHref: href({ category: id, page: undefined }, true),
      };
    });
    blocks.push({ kind: 'links', label: 'Matches per category', items: links });
  }
  if (!pasted)
    blocks.push({
      kind: 'links',
      label: 'Sort by',
      items: Object.entries(SORT_LABELS)
        .filter(([s]) => q || s !== 'relevance')
        .map(([s, label]) => ({
          href: href({ sort: s }),
          mdHref: href({ sort: s }, true),
          text: label,
          current: s === (sort ?? (q ? 'relevance' : 'newest')),
        })),
    });
  const results: Block[] = [...interpretationBlocks(result.interpretation, q, listingLink)];
  if (result.total === 0 && pasted) {
    // The card above says what the link is and how to buy it.
  } else if (result.total === 0) {
    results.push({
      kind: 'notice',
      content: [
        q
          ? `No products match “${q}”${cat ? ` in ${cat.name}` : ''}.`
          : 'No products match these filters.',
        ' Try fewer or shorter words, check the spelling, widen the price range, or browse a category:',
      ],
    });
    results.push({
      kind: 'links',
      label: 'Browse a category',
      items: categoryLinks(base, await fastify.site.categoryCounts()),
    });
    const firstWord = q.split(/\s+/)[0];
    if (firstWord && firstWord !== q) {
      results.push({
        kind: 'paragraph',
        content: [
          'Or search for ',
          {
            href: catalogUrl(base, firstWord),
            mdHref: catalogUrl(base, firstWord, 'md'),
            text: firstWord,
          },
          ' alone.',
        ],
      });
    }
  } else if (shown === 0) {
    results.push({
      kind: 'notice',
      content: [
        `Page ${count(pageNo)} is past the last page. `,
        pageLink(lastPage, `Go to page ${count(lastPage)}`),
      ],
    });
  } else {
    results.push({
      kind: 'products',
      label: 'Products',
      items: result.hits.map((p) => productCard(base, p)),
    });
  }
  results.push({
    kind: 'pager',
    label: 'Pages',
    summary,
    ...(pageNo > 1 && pageNo <= lastPage ? { prev: pageLink(pageNo - 1, 'Previous page') } : {}),
    ...(pageNo < lastPage ? { next: pageLink(pageNo + 1, 'Next page') } : {}),
  });
  blocks.push(section('results', q ? `Results for “${q}”` : 'Products', results));

  const where = cat ? cat.name : 'the catalog';
  const h1 = pasted ? pasted.h1 : q ? `“${q}” in ${where}` : cat ? cat.name : 'Catalog';
  return {
    title: `${h1}${pageNo > 1 ? ` (page ${count(pageNo)})` : ''}: ${SERVICE_INFO.title}`,
    description: cat
      ? `${cat.description} ${count(result.total)} products with QC photos and agent links.`
      : `${count(result.total)} products with prices, QC photos and agent links.`,
    url: href({ page: pageNo > 1 ? pageNo : undefined }),
    mdUrl: href({ page: pageNo > 1 ? pageNo : undefined }, true),
    h1,
    lead: [cat ? `${cat.description} ` : '', `${count(result.total)} products.`],
    breadcrumbs: [
      { href: `${base}/`, mdHref: `${base}/index.md`, text: 'Home' },
      ...(fixedCategory
        ? [{ href: `${base}/catalog`, mdHref: `${base}/catalog.md`, text: 'Catalog' }]
        : []),
    ],
    blocks,
    noindex: shown === 0 || Boolean(q),
  };
}
