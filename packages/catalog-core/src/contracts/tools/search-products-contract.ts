import { type Static, Type } from 'typebox';
import {
  MAX_OFFSET,
  POPULAR_WINDOW_DAYS,
  TOOL_DEFAULT_LIMIT,
  TOOL_MAX_LIMIT,
  TOOL_SORT_ORDERS,
} from '../search-query.js';
import { pastedLinkSchema } from './pasted-link-schema.js';
import {
  agentIdSchema,
  categoryIdSchema,
  cnyAmountSchema,
  currencySchema,
  disclosureSchema,
  marketplaceSchema,
  urlSchema,
} from './shared-schemas.js';

/** Arguments of `search_products`. Every property is optional; no arguments lists the catalog. */
export const SearchProductsInputSchema = Type.Object(
  {
    query: Type.Optional(
      Type.String({
        maxLength: 1000,
        description:
          'What to look for, in the words a shopper would use: brand, model, colour, nicknames ' +
          '("aj4 black cat"), everyday or Spanish/Portuguese/French words ("running shoes", ' +
          '"zapatillas"), even a whole request with a budget ("cheap hoodie under $40"). Prices ' +
          'in it apply unless min_price/max_price are given. Or a pasted listing link (Weidian, ' +
          'Taobao, Tmall, 1688, or an agent product link): see link in the result. Omit to browse.',
      }),
    ),
    literal: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'Search the words of query exactly as given: no reading of prices, fillers or ' +
          'nicknames, no dropped or corrected words.',
      }),
    ),
    category: Type.Optional(categoryIdSchema('Only products of this category.')),
    min_price: Type.Optional(
      Type.Number({ minimum: 0, maximum: 1_000_000, description: 'Lowest price, in `currency`.' }),
    ),
    max_price: Type.Optional(
      Type.Number({ minimum: 0, maximum: 1_000_000, description: 'Highest price, in `currency`.' }),
    ),
    currency: Type.Optional(
      currencySchema(
        'Currency of min_price and max_price (prices are stored in CNY). Default USD.',
      ),
    ),
    sort: Type.Optional(
      Type.Enum(TOOL_SORT_ORDERS, {
        type: 'string',
        default: 'relevance',
        description:
          'Order of results. relevance needs a query; without one it means newest. popular: the ' +
          `products shoppers clicked through to an agent most in the last ${POPULAR_WINDOW_DAYS} days first (ties ` +
          'and the never clicked in the default order), e.g. "what is popular in hoodies". Left ' +
          'out, a budget word in the query ("cheap", "barato") orders by price, lowest first.',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: TOOL_MAX_LIMIT,
        default: TOOL_DEFAULT_LIMIT,
        description: `Page size, 1-${TOOL_MAX_LIMIT}.`,
      }),
    ),
    offset: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_OFFSET,
        default: 0,
        description: 'Number of results to skip; pass next_offset of the previous page.',
      }),
    ),
    agent: Type.Optional(
      agentIdSchema('Only return buy links through this agent. Default: links for every agent.'),
    ),
  },
  { additionalProperties: false },
);

/** Arguments of `search_products` (see {@link SearchProductsInputSchema}). */
export type SearchProductsInput = Static<typeof SearchProductsInputSchema>;

/** A link to buy a product through one agent. */
export const BuyLinkSchema = Type.Object(
  {
    agent: agentIdSchema('Agent identifier.'),
    name: Type.String({ description: 'Display name of the agent.' }),
    url: urlSchema(
      "Affiliate link to the product on the agent (sponsored). For a catalog product it is this catalog's counted redirect /go/{agent}/{slug}, which answers 302 to the agent's link with the affiliate code; for a pasted listing that is not in the catalog, the agent's link itself.",
    ),
  },
  { additionalProperties: false },
);

/** One product of a search result. */
export const ProductSummarySchema = Type.Object(
  {
    slug: Type.String({ description: 'Product identifier; use it with estimate_shipping.' }),
    title: Type.String(),
    brand: Type.String(),
    category: categoryIdSchema('Category identifier.'),
    price: cnyAmountSchema('Marketplace price in CNY.'),
    prices: Type.Object(
      {
        USD: Type.Number({ minimum: 0 }),
        EUR: Type.Number({ minimum: 0 }),
      },
      { additionalProperties: false, description: 'Indicative conversions of the CNY price.' },
    ),
    marketplace: marketplaceSchema(),
    listing_url: urlSchema('The original marketplace listing (not an affiliate link).'),
    product_url: urlSchema('The product page on this catalog.'),
    markdown_url: urlSchema('The Markdown version of the product page.'),
    qc_photos: Type.Array(urlSchema('A quality-check photo: an https image URL.'), {
      description: 'Quality-check photos taken by agents’ warehouses, as images to show.',
    }),
    qc_albums: Type.Array(
      Type.Object(
        {
          url: urlSchema('The album or gallery page (https).'),
          label: Type.String({ description: 'Where the link goes: "QC album on Imgur".' }),
        },
        { additionalProperties: false },
      ),
      {
        description:
          'Pages with more QC photos (Imgur and Yupoo albums, Google Drive folders): links to open, never images.',
      },
    ),
    buy_links: Type.Array(BuyLinkSchema, { description: 'Affiliate links, one per agent.' }),
    batch: Type.Optional(Type.String({ description: 'Factory batch name, when known.' })),
    seller: Type.Optional(Type.String({ description: 'Marketplace seller, when known.' })),
    created_at: Type.String({ format: 'date-time', description: 'When the product was added.' }),
  },
  { additionalProperties: false },
);

/** One product of a search result (see {@link ProductSummarySchema}). */
export type ProductSummary = Static<typeof ProductSummarySchema>;

/** Why a word of the query was not searched. */
export const DROP_REASONS = [
  'filler',
  'price',
  'size',
  'budget',
  'no_match',
  'relaxed',
  'overridden',
  'limit',
] as const;

const textPriceSchema = (description: string) =>
  Type.Object(
    {
      amount: Type.Number({ minimum: 0 }),
      currency: Type.String({ description: 'USD, EUR or CNY, as typed.' }),
    },
    { additionalProperties: false, description },
  );

/** How the query text was understood (see {@link SearchProductsOutputSchema}). */
export const QueryInterpretationSchema = Type.Object(
  {
    searched_words: Type.Array(Type.String(), {
      description: 'The words searched, as typed or as corrected; every one must match.',
    }),
    understood: Type.Array(
      Type.Object({ word: Type.String(), means: Type.String() }, { additionalProperties: false }),
      { description: 'Nicknames, brand spellings and category words, and what they stand for.' },
    ),
    min_price: Type.Optional(textPriceSchema('Lowest price read from the query and applied.')),
    max_price: Type.Optional(textPriceSchema('Highest price read from the query and applied.')),
    sizes: Type.Array(Type.String(), {
      description: 'Sizes mentioned. Not filtered: listings carry every size.',
    }),
    cheapest_first: Type.Boolean({
      description: 'A budget word ("cheap", "barato") ordered results by price, lowest first.',
    }),
    dropped_words: Type.Array(
      Type.Object(
        {
          word: Type.String(),
          reason: Type.Enum(DROP_REASONS, {
            type: 'string',
            description:
              'filler, price, size, budget: read, not searched; no_match: matches no product; ' +
              'relaxed: left out so the other words match; overridden: an explicit argument ' +
              'won; limit: past 10 words.',
          }),
        },
        { additionalProperties: false },
      ),
    ),
    corrections: Type.Array(
      Type.Object({ from: Type.String(), to: Type.String() }, { additionalProperties: false }),
      {
        description:
          'Words that matched nothing, replaced by the catalog word they most likely meant.',
      },
    ),
    suggestions: Type.Array(Type.String(), {
      description: 'When nothing matched: queries to try, from the catalog’s own words.',
    }),
    relaxed: Type.Boolean({
      description: 'No product matched every word, so some were left out (see dropped_words).',
    }),
    literal: Type.Boolean({ description: 'The words were searched exactly as given.' }),
  },
  {
    additionalProperties: false,
    description:
      'How query was understood. Present when a query was given. To search otherwise, send ' +
      'other words, explicit filters, or literal: true.',
  },
);

/** How the query text was understood (see {@link QueryInterpretationSchema}). */
export type QueryInterpretationOutput = Static<typeof QueryInterpretationSchema>;

/** Result of `search_products`. */
export const SearchProductsOutputSchema = Type.Object(
  {
    total: Type.Integer({ minimum: 0, description: 'Number of matching products.' }),
    offset: Type.Integer({ minimum: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: TOOL_MAX_LIMIT }),
    // `anyOf` with `null` is the only JSON Schema way to say "integer or null"; OpenAPI 3.0 output
    // goes through toOpenApiSchema, which rewrites it as `nullable: true`.
    next_offset: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'Offset of the next page, or null on the last page.',
    }),
    items: Type.Array(ProductSummarySchema),
    interpretation: Type.Optional(QueryInterpretationSchema),
    link: Type.Optional(pastedLinkSchema(BuyLinkSchema)),
    disclosure: disclosureSchema(),
  },
  { additionalProperties: false },
);

/** Result of `search_products` (see {@link SearchProductsOutputSchema}). */
export type SearchProductsOutput = Static<typeof SearchProductsOutputSchema>;
