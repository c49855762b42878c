import {
  AFFILIATE_DISCLOSURE,
  buyLinks,
  CATEGORY_IDS,
  type CategoryId,
  describePastedListing,
  getAgent,
  MARKETPLACE_NAMES,
} from '@repo/catalog-core';
import { lookupPastedLink, type SearchResult } from '@repo/search';
import type { Block, Inline } from '../../render/page-model.js';
import type { PageContext } from '../page-context.js';
import { buyButtons } from '../preferred-agent.js';
import { section } from '../shared.js';

/** A listing page's answer to a pasted link: its card, its heading and its results. */
export interface PastedLinkListing {
  /** The card at the top of the page: what the link was read as, the buy links, or why not. */
  readonly card: Block;
  readonly h1: string;
  /** The listing's catalog products, in the shape of a search result. */
  readonly result: SearchResult;
}

/**
 * What a catalog or category page shows for a `q` that is a link rather than words (see
 * `lookupPastedLink`): the listing read from it, whether the catalog has it (its products are then
 * the results), the agents' buy links for it either way, or a clear reason it cannot be read.
 * `undefined` for words. The link is parsed, never fetched.
 */
export async function pastedLinkListing(
  ctx: PageContext,
  q: string,
): Promise<PastedLinkListing | undefined> {
  const { site, urls } = ctx;
  const lookup = await lookupPastedLink(ctx.catalog, q, site.agents);
  if (!lookup) return undefined;
  const products = lookup.products;
  const categoryCounts = Object.fromEntries(
    CATEGORY_IDS.map((id) => [id, products.filter((p) => p.category === id).length]),
  ) as Record<CategoryId, number>;
  const result: SearchResult = {
    hits: products,
    total: products.length,
    offset: 0,
    limit: products.length,
    categoryCounts,
  };
  const { reading } = lookup;
  if (!reading.ok) {
    const card = section('pasted-link', 'Pasted link', [
      { kind: 'notice', content: [reading.message] },
    ]);
    return { card, h1: 'A link that can’t be read', result };
  }
  const { link } = reading;
  const name = `${MARKETPLACE_NAMES[link.marketplace]} item ${link.itemId}`;
  const first = products[0];
  const readAs: Inline[] =
    link.via === 'agent' && link.agent
      ? [`${getAgent(link.agent, site.agents)?.name ?? link.agent} product link`]
      : link.via === 'embedded'
        ? ['a listing link carried inside another link']
        : [`the ${MARKETPLACE_NAMES[link.marketplace]} listing link`];
  const card = section('pasted-link', 'Pasted link', [
    { kind: 'notice', content: [describePastedListing(link, first !== undefined)] },
    {
      kind: 'facts',
      items: [
        {
          label: 'Listing',
          value: [{ href: link.listingUrl, text: name, external: true }],
        },
        { label: 'Read as', value: readAs },
        {
          label: 'In the catalog',
          value: first
            ? [
                {
                  href: urls.product(first.slug),
                  mdHref: urls.product(first.slug, 'md'),
                  text: first.title,
                },
              ]
            : ['No'],
        },
      ],
    },
    {
      kind: 'buttons',
      label: 'Buy links',
      items: buyButtons(buyLinks(site.agents, link.marketplace, link.itemId), ctx.agent),
    },
    { kind: 'disclosure', text: AFFILIATE_DISCLOSURE },
  ]);
  return { card, h1: `Pasted link: ${name}`, result };
}
