import {
  AFFILIATE_DISCLOSURE,
  type Agent,
  type AgentId,
  describePastedListing,
  isAgentId,
  listingBuyLinks,
  type ProductSummary,
  type SearchProductsOutput,
} from '@repo/catalog-core';
import type { PastedLinkLookup } from '@repo/search';
import type { ToolAnswer } from './tool-context.js';

type LinkOutput = NonNullable<SearchProductsOutput['link']>;

/**
 * The `link` object of a result: what the pasted link was read as, or why it was not. Its buy
 * links go through the catalog's counted redirect when the listing is catalogued.
 */
function toLinkOutput(
  lookup: PastedLinkLookup,
  agents: readonly Agent[],
  baseUrl: string,
): LinkOutput {
  const { reading } = lookup;
  if (!reading.ok) return { readable: false, failure: reading.failure, message: reading.message };
  const { link } = reading;
  const catalogued = lookup.products.length > 0;
  return {
    readable: true,
    marketplace: link.marketplace,
    item_id: link.itemId,
    listing_url: link.listingUrl,
    read_as: link.via,
    ...(link.agent && { agent: link.agent }),
    catalogued,
    buy_links: listingBuyLinks(agents, baseUrl, link, lookup.products[0]?.slug).filter(
      (l): l is typeof l & { agent: AgentId } => isAgentId(l.agent),
    ),
    message: describePastedListing(link, catalogued),
  };
}

/**
 * `search_products` for a query that is a link: the listing's catalog products (paged like any
 * result), and the `link` object with the buy links of the listing, catalogued or not.
 */
export function pastedLinkAnswer(
  lookup: PastedLinkLookup,
  all: readonly ProductSummary[],
  page: { readonly offset: number; readonly limit: number },
  agents: readonly Agent[],
  baseUrl: string,
): ToolAnswer {
  const items = all.slice(page.offset, page.offset + page.limit);
  const next = page.offset + items.length;
  const output: SearchProductsOutput = {
    total: all.length,
    offset: page.offset,
    limit: page.limit,
    next_offset: items.length > 0 && next < all.length ? next : null,
    items,
    link: toLinkOutput(lookup, agents, baseUrl),
    disclosure: AFFILIATE_DISCLOSURE,
  };
  return { structuredContent: output, text: renderLink(output) };
}

function renderLink(out: SearchProductsOutput): string {
  const link = out.link;
  if (!link?.readable) return `${link?.message ?? 'The link could not be read.'}`;
  const lines = [`Link read: ${link.listing_url}. ${link.message}`];
  if (out.items.length > 0) {
    lines.push('');
    for (const item of out.items) {
      lines.push(
        `- **${item.title}** (${item.brand}) CNY ${item.price.amount} | slug \`${item.slug}\` | ${item.product_url}`,
      );
    }
  }
  lines.push(
    '',
    'Buy links (affiliate):',
    ...(link.buy_links ?? []).map((l) => `- ${l.name}: ${l.url}`),
  );
  lines.push('', out.disclosure);
  return lines.join('\n');
}
