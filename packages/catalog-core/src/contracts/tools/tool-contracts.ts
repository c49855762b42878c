import type { TSchema } from 'typebox';
import {
  EstimateShippingInputSchema,
  EstimateShippingOutputSchema,
} from './estimate-shipping-contract.js';
import {
  GetAgentOffersInputSchema,
  GetAgentOffersOutputSchema,
} from './get-agent-offers-contract.js';
import {
  ListCategoriesInputSchema,
  ListCategoriesOutputSchema,
} from './list-categories-contract.js';
import {
  SearchProductsInputSchema,
  SearchProductsOutputSchema,
} from './search-products-contract.js';

/** The names of the four tools. */
export const TOOL_NAMES = [
  'search_products',
  'list_categories',
  'get_agent_offers',
  'estimate_shipping',
] as const;
/** One of {@link TOOL_NAMES}. */
export type ToolName = (typeof TOOL_NAMES)[number];

/**
 * One tool as every surface describes it: MCP `tools/list`, request validation, the OpenAPI
 * document and the API docs page all read this object, so they cannot drift apart.
 */
export interface ToolContract {
  readonly name: ToolName;
  readonly title: string;
  /** Written for the calling AI agent: when to use the tool and what comes back. */
  readonly description: string;
  readonly inputSchema: TSchema;
  readonly outputSchema: TSchema;
  /** MCP tool annotations: every tool only reads a closed catalog. */
  readonly annotations: {
    readonly readOnlyHint: true;
    readonly destructiveHint: false;
    readonly idempotentHint: true;
    readonly openWorldHint: false;
  };
}

const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

const DISCLOSE =
  'Links to agents are affiliate links: show the returned `disclosure` text to the user wherever ' +
  'you show them.';

/** The four tools, in the order `tools/list` presents them. */
export const TOOL_CONTRACTS: readonly ToolContract[] = Object.freeze([
  {
    name: 'search_products',
    title: 'Search products',
    description:
      'Search the catalog of products sold on Weidian, Taobao and 1688 and bought through shopping ' +
      'agents. Use it to find items by words (brand, model, colour), to browse a category, or to ' +
      'filter by price (min_price/max_price in `currency`, default USD). `query` may be the ' +
      "user's own words: nicknames (aj1, tnf), typos, everyday or Spanish/Portuguese/French " +
      'words, a budget ("under $50"); filler words are dropped and, when no product matches ' +
      'every word, the least informative words are left out. `interpretation` says how the ' +
      'query was read (words searched, prices read, words dropped or corrected, suggestions ' +
      'when nothing matched); correct the query from it, or pass literal: true. Returns ' +
      '`total`, a page of `items` (slug, title, brand, price in CNY with USD/EUR conversions, QC ' +
      'photos, the original listing and a buy link per agent) and `next_offset` for the next ' +
      "page (null at the end). A Weidian, Taobao, Tmall or 1688 listing link, or an agent's " +
      'product link, pasted as `query` is read (never opened): `link` says which listing it is, ' +
      'whether the catalog has it (its products are then the items) and gives every agent’s buy ' +
      `link for it. Pass an item's slug to estimate_shipping. ${DISCLOSE}`,
    inputSchema: SearchProductsInputSchema,
    outputSchema: SearchProductsOutputSchema,
    annotations: READ_ONLY,
  },
  {
    name: 'list_categories',
    title: 'List categories',
    description:
      'List the 14 catalog categories with their product counts and page URLs. Use it before ' +
      'search_products to pick a valid `category` value. Takes no arguments.',
    inputSchema: ListCategoriesInputSchema,
    outputSchema: ListCategoriesOutputSchema,
    annotations: READ_ONLY,
  },
  {
    name: 'get_agent_offers',
    title: 'Get agent offers',
    description:
      'Compare the three shopping agents that buy and ship the products: sign-up coupons and ' +
      'other offers, fees (service, payment, free storage days), shipping lines (delivery days, ' +
      'countries served, weight limit, whether duties are prepaid), a sign-up link and a ' +
      `spreadsheet of the catalog with that agent's links. Use it when the user asks which agent ` +
      `to use or what coupons exist. ${DISCLOSE}`,
    inputSchema: GetAgentOffersInputSchema,
    outputSchema: GetAgentOffersOutputSchema,
    annotations: READ_ONLY,
  },
  {
    name: 'estimate_shipping',
    title: 'Estimate shipping',
    description:
      'Estimate international shipping from the agents’ China warehouses to a country (ISO ' +
      '3166-1 alpha-2 code, e.g. US, GB, DE). Give either `weight_grams` (packed parcel) or ' +
      '`items` (product slugs from search_products or categories, with quantities); add ' +
      '`dimensions_cm` for boxed items such as sneakers, because large light parcels bill by ' +
      'volume. Returns one quote per agent and line (price in CNY and converted, billable ' +
      'weight, delivery days, whether duties are prepaid) with the cheapest and fastest marked, ' +
      'the lines that cannot take the parcel and why, and the assumptions made. Figures are ' +
      'estimates; the agent quotes the final price after weighing the parcel.',
    inputSchema: EstimateShippingInputSchema,
    outputSchema: EstimateShippingOutputSchema,
    annotations: READ_ONLY,
  },
] satisfies ToolContract[]);

/**
 * The contract of a tool by name, or `undefined` for an unknown name (a JSON-RPC -32602 upstream).
 *
 * @example getToolContract('estimate_shipping')?.inputSchema
 */
export function getToolContract(name: string): ToolContract | undefined {
  return TOOL_CONTRACTS.find((t) => t.name === name);
}
