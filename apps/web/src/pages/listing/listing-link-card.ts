import {
  CATEGORY_IDS,
  type CategoryId,
  getAgent,
  listingBuyLinks,
  MARKETPLACE_NAMES,
} from '@repo/catalog-core';
import { lookupPastedLink, type SearchResult } from '@repo/search';
import type { Block, Inline } from '../../render/page-model.js';
import type { PageContext } from '../page-context.js';
import { buyButtons } from '../preferred-agent.js';
import { disclosure, section } from '../shared.js';

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
  const { site, urls, locale } = ctx;
  const t = locale.m.pasted;
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
    // In English, the reader's own sentence, which names the forms of links it understands.
    const message =
      locale.lang === 'en'
        ? reading.message
        : reading.failure === 'short_link'
          ? t.shortLink
          : t.unreadable;
    const card = section('pasted-link', t.title, [{ kind: 'notice', content: [message] }]);
    return { card, h1: t.unreadableH1, result };
  }
  const { link } = reading;
  const marketplace = MARKETPLACE_NAMES[link.marketplace];
  const name = locale.t(t.item, { marketplace, id: link.itemId });
  const first = products[0];
  const readAs: Inline[] =
    link.via === 'agent' && link.agent
      ? [locale.t(t.agentLink, { agent: getAgent(link.agent, site.agents)?.name ?? link.agent })]
      : link.via === 'embedded'
        ? [t.embedded]
        : [locale.t(t.marketplaceLink, { marketplace })];
  const card = section('pasted-link', t.title, [
    {
      kind: 'notice',
      content: [locale.t(first === undefined ? t.notCatalogued : t.catalogued, { item: name })],
    },
    {
      kind: 'facts',
      items: [
        { label: t.listing, value: [{ href: link.listingUrl, text: name, external: true }] },
        { label: t.readAs, value: readAs },
        {
          label: t.inCatalog,
          value: first
            ? [
                {
                  href: urls.product(first.slug),
                  mdHref: urls.product(first.slug, 'md'),
                  text: first.title,
                },
              ]
            : [t.no],
        },
      ],
    },
    {
      kind: 'buttons',
      label: locale.m.common.buyLinks,
      items: buyButtons(
        locale,
        listingBuyLinks(site.agents, site.baseUrl, link, first?.slug),
        ctx.agent,
      ),
    },
    disclosure(locale),
  ]);
  return { card, h1: locale.t(t.h1, { item: name }), result };
}
