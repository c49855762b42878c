import { LISTING_PAGE_SIZE } from '@repo/catalog-core';
import type { SearchResult } from '@repo/search';
import type { Block, Link } from '../../render/page-model.js';
import type { PageContext } from '../page-context.js';
import { categoryLinks, productCard, section } from '../shared.js';
import { interpretationBlocks } from './listing-interpretation.js';
import type { ListingView } from './listing-view.js';

/** The number of the last listing page of a result, at least 1. */
function lastPageOf(result: SearchResult): number {
  return Math.max(1, Math.ceil(result.total / LISTING_PAGE_SIZE));
}

/** "Products 25–48 of 1,204 · page 2 of 51", or what to say when there is nothing to show. */
function summaryOf(ctx: PageContext, view: ListingView, result: SearchResult): string {
  const { locale } = ctx;
  const { m } = locale;
  const shown = result.hits.length;
  const last = lastPageOf(result);
  if (result.total === 0) return m.listing.noProducts;
  if (shown === 0) {
    return locale.t(m.listing.pastLastSummary, {
      products: locale.plural(m.common.products, result.total),
      page: view.pageNo,
      last,
    });
  }
  return locale.t(m.listing.summary, {
    from: result.offset + 1,
    to: result.offset + shown,
    total: result.total,
    page: view.pageNo,
    last,
  });
}

/** What to offer when nothing matches: the reason, every category, the first word alone. */
async function noResults(ctx: PageContext, view: ListingView): Promise<Block[]> {
  const { locale } = ctx;
  const { m } = locale;
  const { q, category } = view;
  const blocks: Block[] = [
    {
      kind: 'notice',
      content: [
        q
          ? category
            ? locale.t(m.listing.noMatchQueryIn, { q, category: locale.category(category).name })
            : locale.t(m.listing.noMatchQuery, { q })
          : m.listing.noMatchFilters,
        m.listing.tryInstead,
      ],
    },
    {
      kind: 'links',
      label: m.listing.browseCategory,
      items: categoryLinks(ctx.urls, locale, await ctx.site.categoryCounts()),
    },
  ];
  const firstWord = q.split(/\s+/)[0];
  if (firstWord && firstWord !== q) {
    blocks.push({
      kind: 'paragraph',
      content: [
        m.listing.firstWordBefore,
        {
          href: ctx.urls.catalog({ q: firstWord }),
          mdHref: ctx.urls.catalog({ q: firstWord }, 'md'),
          text: firstWord,
        },
        m.listing.firstWordAfter,
      ],
    });
  }
  return blocks;
}

/**
 * The results section: how the text was read, the products (or why there are none) and the
 * pager. Under a pasted link's card (`linkCard`), no products needs no more words.
 */
export async function listingResults(
  ctx: PageContext,
  view: ListingView,
  result: SearchResult,
  linkCard = false,
): Promise<Block> {
  const { locale } = ctx;
  const { m } = locale;
  const { q, pageNo } = view;
  const lastPage = lastPageOf(result);
  const pageLink = (n: number, text: string): Link => view.link({ page: n }, text);
  const blocks: Block[] = [...interpretationBlocks(ctx, result.interpretation, q, view.link)];
  if (result.total === 0) {
    if (!linkCard) blocks.push(...(await noResults(ctx, view)));
  } else if (result.hits.length === 0) {
    blocks.push({
      kind: 'notice',
      content: [
        locale.t(m.listing.pastLast, { page: pageNo }),
        pageLink(lastPage, locale.t(m.common.goToPage, { page: lastPage })),
      ],
    });
  } else {
    blocks.push({ kind: 'count', text: summaryOf(ctx, view, result) });
    blocks.push({
      kind: 'products',
      label: m.listing.results,
      items: result.hits.map((p) => productCard(ctx, p)),
    });
  }
  blocks.push({
    kind: 'pager',
    label: m.listing.pages,
    summary: summaryOf(ctx, view, result),
    ...(pageNo > 1 && pageNo <= lastPage
      ? { prev: pageLink(pageNo - 1, m.common.previousPage) }
      : {}),
    ...(pageNo < lastPage ? { next: pageLink(pageNo + 1, m.common.nextPage) } : {}),
  });
  return section('results', q ? locale.t(m.listing.resultsFor, { q }) : m.listing.results, blocks);
}
