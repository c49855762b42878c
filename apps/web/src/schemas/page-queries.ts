import {
  AGENT_IDS,
  CATEGORY_IDS,
  CURRENCIES,
  POPULAR_WINDOW_DAYS,
  SORT_ORDERS,
} from '@repo/catalog-core';
import { type Static, Type } from 'typebox';
import { LANGUAGES } from '../i18n/languages.js';

// One schema per page query: Fastify validates with it (a bad value is a 400 page, never a 500)
// and the OpenAPI document lists the same parameters. HTML forms send empty fields as `name=`,
// so every optional value also accepts the empty string, which means "not set".

const EMPTY = '';
/** An amount as a form sends it: digits with up to two decimals, or empty. Negative is a 400. */
const amount = (description: string) =>
  Type.String({ pattern: '^(|[0-9]{1,9}(\\.[0-9]{1,2})?)$', maxLength: 12, description });

const q = Type.String({
  maxLength: 1000,
  description:
    'Free text in a shopper’s words: nicknames, typos, everyday and Spanish/Portuguese/French ' +
    'words, prices ("under $50"). Filler words are dropped; every other word must match (the ' +
    'last one as a prefix, typos tolerated), and when no product matches them all, the least ' +
    'informative are left out. The page says how the text was read. A pasted listing link ' +
    '(Weidian, Taobao, Tmall, 1688, or an agent product link) is read instead, never opened: ' +
    'the listing comes first when catalogued, with every agent’s buy link either way.',
});
const literal = Type.Union([Type.Literal('1'), Type.Literal(EMPTY)], {
  description:
    '1: search the words of q exactly as typed (no price or filler reading, nothing left out or ' +
    'corrected).',
});
const sort = Type.Union([Type.Enum(SORT_ORDERS, { type: 'string' }), Type.Literal(EMPTY)], {
  description: `Order: ${SORT_ORDERS.join(', ')}. Default: relevance with text, else newest. popular: the products clicked through to an agent most in the last ${POPULAR_WINDOW_DAYS} days first, the rest in the default order.`,
});
const page = Type.Integer({
  minimum: 1,
  maximum: 1_000_000_000,
  description: 'Page number, from 1.',
});
const category = Type.Union([Type.Enum(CATEGORY_IDS, { type: 'string' }), Type.Literal(EMPTY)], {
  description: 'Only this category.',
});

const agent = Type.Union([Type.Enum(AGENT_IDS, { type: 'string' }), Type.Literal(EMPTY)], {
  description:
    'A preferred shopping agent: its buy links come first, marked "your agent", and every link ' +
    'of the page to another page keeps it, so it survives navigation (no cookie is set). A ' +
    'preference, not another page: canonical links and the sitemap never carry it. An agent ' +
    'that is not taking orders is a 400.',
});

const lang = Type.String({
  maxLength: 35,
  description:
    `The page's language: ${LANGUAGES.join(', ')}. Default: the best of Accept-Language, else ` +
    'en; any other value is English (never an error). Kept on every link of the page.',
});

const currency = Type.Union([Type.Enum(CURRENCIES, { type: 'string' }), Type.Literal(EMPTY)], {
  description:
    'The currency prices are converted into (beside CNY), and of min_price, max_price and ' +
    'prices in q. Default: the region of the preferred Accept-Language (pt-BR: BRL, en-GB: GBP, ' +
    'es-MX: MXN, pl: PLN), else USD. Kept on every link of the page.',
});

/** The visitor's preferences every page reads: agent, language, currency. */
const KEPT = {
  agent: Type.Optional(agent),
  lang: Type.Optional(lang),
  currency: Type.Optional(currency),
};

/** Query of the pages without filters: `/`, `/producto/{slug}`, `/api-docs`. */
export const PageQuerySchema = Type.Object({ ...KEPT });
/** A validated page query. */
export type PageQuery = Static<typeof PageQuerySchema>;

/** Query of `/catalog` and `/category/{category}`. */
export const ListingQuerySchema = Type.Object({
  q: Type.Optional(q),
  category: Type.Optional(category),
  sort: Type.Optional(sort),
  min_price: Type.Optional(amount('Lowest price, in `currency`.')),
  max_price: Type.Optional(amount('Highest price, in `currency`.')),
  literal: Type.Optional(literal),
  page: Type.Optional(page),
  ...KEPT,
});
/** A validated listing query. */
export type ListingQuery = Static<typeof ListingQuerySchema>;

/** Query of `/spreadsheet/{agent}`. */
export const SpreadsheetQuerySchema = Type.Object({
  q: Type.Optional(q),
  category: Type.Optional(category),
  sort: Type.Optional(sort),
  page: Type.Optional(page),
  ...KEPT,
});
/** A validated spreadsheet query. */
export type SpreadsheetQuery = Static<typeof SpreadsheetQuerySchema>;
