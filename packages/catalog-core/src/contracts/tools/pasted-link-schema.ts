import { type TSchema, Type } from 'typebox';
import { LINK_FAILURES } from '../../listing-link/read-listing-link.js';
import { agentIdSchema, marketplaceSchema, urlSchema } from './shared-schemas.js';

/** How a readable link was read: the marketplace's own link, an agent's, or one carried inside. */
export const LINK_SOURCES = ['listing', 'agent', 'embedded'] as const;

/**
 * The `link` of a `search_products` result whose `query` was a listing link: what was read (never
 * fetched) and, for a listing, its buy links and whether the catalog has it. A function of the
 * buy-link schema so that the one definition of a buy link stays in `search-products.ts`.
 */
export function pastedLinkSchema<BuyLink extends TSchema>(buyLink: BuyLink) {
  return Type.Object(
    {
      readable: Type.Boolean({
        description: 'The link was read as a marketplace listing. When false, see failure.',
      }),
      marketplace: Type.Optional(marketplaceSchema()),
      item_id: Type.Optional(
        Type.String({ pattern: '^[0-9]{5,20}$', description: 'The marketplace item number.' }),
      ),
      listing_url: Type.Optional(
        urlSchema('The canonical marketplace listing URL (not an affiliate link).'),
      ),
      read_as: Type.Optional(
        Type.Enum(LINK_SOURCES, {
          type: 'string',
          description:
            "listing: the marketplace's own link; agent: an agent's product link; embedded: " +
            "another site's link carrying the listing.",
        }),
      ),
      agent: Type.Optional(agentIdSchema('The agent whose product link was pasted.')),
      catalogued: Type.Optional(
        Type.Boolean({
          description: 'The catalog has this listing; its products come first in items.',
        }),
      ),
      buy_links: Type.Optional(
        Type.Array(buyLink, {
          description: 'Affiliate links to this listing, one per agent, catalogued or not.',
        }),
      ),
      failure: Type.Optional(
        Type.Enum(LINK_FAILURES, {
          type: 'string',
          description:
            'Why the link was not read: short_link (only opening it would tell, and links are ' +
            'never opened), not_an_item (a shop or search page), unknown_site, not_a_link, empty.',
        }),
      ),
      message: Type.String({
        description: 'What was read, or why not and which link forms are understood.',
      }),
    },
    {
      additionalProperties: false,
      description:
        'Present when query was a link: a Weidian, Taobao, Tmall or 1688 listing in any form, ' +
        'or an agent product link. The link is parsed, never opened.',
    },
  );
}
