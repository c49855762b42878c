import { LISTING_PAGE_SIZE } from '@repo/catalog-core';
import type { SearchResult } from '@repo/search';
import type { Block, Link } from '../../render/page-model.js';
import type { PageContext } from '../page-context.js';
import { categoryLinks, count, productCard, section } from '../shared.js';
import { interpretationBlocks } from './listing-interpretation.js';
import type { ListingView } from './listing-view.js';

/** The number of the last listing page of a result, at least 1. */
function lastPageOf(result: SearchResult): number {
  return Math.max(1, Math.ceil(result.total / LISTING_PAGE_SIZE));
}

/** "Products 25–48 of 1,204 · page 2 of 51", or what to say when there is nothing to show. */
function summaryOf(view: ListingView, result: SearchResult): string {
  const shown = result.hits.length;
  const lastPage = lastPageOf(result);
  if (result.total === 0) return 'No products';
  if (shown === 0)
    return `${count(result.total)} products; page ${count(view.pageNo)} is past the last page (${count(lastPage)}).`;
  return `Products ${count(result.offset + 1)}–${count(result.offset + shown)} of ${count(result.total)} · page ${count(view.pageNo)} of ${count(lastPage)}`;
}

/** What to offer when nothing matches: the reason, every category, the first word alone. */
async function noResults(ctx: PageContext, view: ListingView): Promise<Block[]> {
  const { q, cat } = view;
  const blocks: Block[] = [
    {
      kind: 'notice',
      content: [
        q
          ? `No products match “${q}”${cat ? ` in ${cat.name}` : ''}.`
          : 'No products match these filters.',
        ' Try fewer or shorter words, check the spelling, widen the price range, or browse a category:',
      ],
    },
    {
      kind: 'links',
      label: 'Browse a category',
      items: categoryLinks(ctx.urls, await ctx.site.categoryCounts()),
    },
  ];
  const firstWord = q.split(/\s+/)[0];
  if (firstWord && firstWord !== q) {
    blocks.push({
      kind: 'paragraph',
      content: [
        'Or search for ',
        {
          href: ctx.urls.catalog({ q: firstWord }),
          mdHref: ctx.urls.catalog({ q: firstWord }, 'md'),
          text: firstWord,
        },
        ' alone.',
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
  const { q, pageNo } = view;
  const lastPage = lastPageOf(result);
  const pageLink = (n: number, text: string): Link => view.link({ page: n }, text);
  const blocks: Block[] = [...interpretationBlocks(result.interpretation, q, view.link)];
  if (result.total === 0) {
    if (!linkCard) blocks.push(...(await noResults(ctx, view)));
  } else if (result.hits.length === 0) {
    blocks.push({
      kind: 'notice',
      content: [
        `Page ${count(pageNo)} is past the last page. `,
        pageLink(lastPage, `Go to page ${count(lastPage)}`),
      ],
    });
  } else {
    blocks.push({
      kind: 'products',
      label: 'Products',
      items: result.hits.map((p) => productCard(ctx.urls, p)),
    });
  }
  blocks.push({
    kind: 'pager',
    label: 'Pages',
    summary: summaryOf(view, result),
    ...(pageNo > 1 && pageNo <= lastPage ? { prev: pageLink(pageNo - 1, 'Previous page') } : {}),
    ...(pageNo < lastPage ? { next: pageLink(pageNo + 1, 'Next page') } : {}),
  });
  return section('results', q ? `Results for “${q}”` : 'Products', blocks);
}
