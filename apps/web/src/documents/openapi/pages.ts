import { AGENT_IDS, CATEGORY_IDS, SLUG_PATTERN } from '@repo/catalog-core';
import {
  ListingQuerySchema,
  PageQuerySchema,
  SpreadsheetQuerySchema,
} from '../../schemas/page-queries.js';
import { ShippingQuerySchema } from '../../schemas/shipping-query.js';
import {
  type OpenApiObject,
  pageErrors,
  pageResponses,
  pathParameter,
  queryParameters,
} from './shared.js';

const tags = ['Pages'];
const md = 'Also at the `.md` URL of the path; see the Markdown twin rules in the API docs.';

/** The HTML pages (each with its Markdown twin). */
export function pagePaths(): Record<string, OpenApiObject> {
  const listing = queryParameters(ListingQuerySchema);
  const preference = queryParameters(PageQuerySchema);
  const category = pathParameter(
    'category',
    { type: 'string', enum: [...CATEGORY_IDS] },
    'One of the 14 categories.',
  );
  const slug = pathParameter(
    'slug',
    { type: 'string', pattern: SLUG_PATTERN },
    'Product slug, ending in the marketplace item number.',
  );
  const agent = pathParameter(
    'agent',
    { type: 'string', enum: [...AGENT_IDS] },
    'Agent identifier.',
  );
  return {
    '/': {
      get: {
        tags,
        operationId: 'home',
        summary: 'Home: featured products, verified agents, FAQ',
        description: 'Markdown also at /index.md and /index.html.md.',
        parameters: preference,
        responses: pageResponses('The home page', [400]),
      },
    },
    '/catalog': {
      get: {
        tags,
        operationId: 'catalog',
        summary: 'Search and browse the catalog',
        description: `Also /catalog.html. ${md}`,
        parameters: listing,
        responses: pageResponses('A page of results with the exact total', [400]),
      },
    },
    '/category/{category}': {
      get: {
        tags,
        operationId: 'category',
        summary: 'The products of one category',
        description: md,
        parameters: [category, ...listing.filter((p) => p.name !== 'category')],
        responses: pageResponses('A page of the category', [400, 404]),
      },
    },
    '/producto/{slug}': {
      get: {
        tags,
        operationId: 'product',
        summary: 'A product: price, listing, QC photos, buy links, shipping estimate',
        description: `Also /producto/{slug}.html. ${md}`,
        parameters: [slug, ...preference],
        responses: pageResponses('The product page', [400, 404]),
      },
    },
    '/spreadsheet/{agent}': {
      get: {
        tags,
        operationId: 'spreadsheet',
        summary: 'The whole catalog as a table with one agent’s links',
        description: `100 rows per page. ${md}`,
        parameters: [agent, ...queryParameters(SpreadsheetQuerySchema)],
        responses: pageResponses('A page of the spreadsheet', [400, 404]),
      },
    },
    '/go/{agent}/{slug}': {
      get: {
        tags,
        operationId: 'outbound',
        summary: 'A buy link: 302 to the agent’s affiliate link for a catalog product, counted',
        description:
          'The buy links of pages and of search_products go through here. The Location is the ' +
          'affiliate link the product page names for that agent, made from the catalog and the ' +
          'agents file only. One click per client, product and hour is counted per product, ' +
          'agent and day (no cookie; no address or user agent stored); HEAD, prefetches and ' +
          'crawlers are not counted. Disallowed in robots.txt. An unknown or closed agent, or ' +
          'an unknown slug, is a 404 page.',
        parameters: [agent, slug],
        responses: {
          302: {
            description: 'To the agent’s product page, with the affiliate code.',
            headers: {
              Location: { schema: { type: 'string', format: 'uri' } },
              'X-Robots-Tag': { schema: { type: 'string' }, description: 'Always `noindex`.' },
              'Cache-Control': { schema: { type: 'string' }, description: 'Always `no-store`.' },
            },
          },
          ...pageErrors([404, 429]),
        },
      },
    },
    '/shipping': {
      get: {
        tags,
        operationId: 'shipping',
        summary: 'Shipping calculator: every agent and line to a country, by weight or products',
        description:
          'Quotes in CNY with USD and EUR, delivery days, billable weight and whether volume or ' +
          'weight decided it, cheapest and fastest marked; the estimator of the estimate_shipping ' +
          'tool, with its argument names (`country`, `weight_grams`, `items`). `add` folds one ' +
          'more item into `items` (the canonical URL says so). A value it cannot use (unknown ' +
          'country or slug, a negative weight) is a 400 page naming it; a parameter it does not ' +
          'know (tracking ones aside) is named on the page, with the closest known name, and ' +
          'ignored. Also /shipping.html. ' +
          md,
        parameters: queryParameters(ShippingQuerySchema),
        responses: pageResponses(
          'The calculator, with the quotes once a country and a weight or items are given',
          [400],
        ),
      },
    },
    '/api-docs': {
      get: {
        tags,
        operationId: 'apiDocs',
        summary: 'API and MCP documentation',
        description: md,
        parameters: preference,
        responses: pageResponses('The documentation', [400]),
      },
    },
  };
}
