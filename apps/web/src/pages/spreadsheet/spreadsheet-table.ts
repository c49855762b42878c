import { type Agent, convertPrice, type QueryParams, type SortOrder } from '@repo/catalog-core';
import type { SearchResult } from '@repo/search';
import type { Cell, Column } from '../../render/page-model.js';
import type { PageContext } from '../page-context.js';
import { qcSummary } from '../shared.js';

/** A link to this spreadsheet with other parameters, HTML or Markdown. */
export type SpreadsheetHref = (over: QueryParams, md?: boolean) => string;

/**
 * The spreadsheet's columns. Product, price and added date are links that sort by them; the
 * active one says its direction (`aria-sort`), and a second click on price reverses it.
 */
export function spreadsheetColumns(
  ctx: PageContext,
  agent: Agent,
  effective: SortOrder,
  href: SpreadsheetHref,
): Column[] {
  const sortable = (label: string, asc: SortOrder, desc?: SortOrder, numeric = false): Column => {
    const active = effective === asc ? 'ascending' : effective === desc ? 'descending' : undefined;
    const next = effective === asc && desc ? desc : asc;
    return {
      label,
      numeric,
      sort: {
        href: href({ sort: next, page: undefined }),
        mdHref: href({ sort: next, page: undefined }, true),
        ...(active ? { active } : {}),
      },
    };
  };
  const { locale } = ctx;
  const { m } = locale;
  const t = m.spreadsheet;
  return [
    { label: '#', numeric: true },
    sortable(t.product, 'title_asc'),
    { label: t.brand },
    { label: m.common.category },
    sortable(t.priceCny, 'price_asc', 'price_desc', true),
    ...(ctx.currency === 'CNY' ? [] : [{ label: ctx.currency, numeric: true }]),
    { label: m.product.batch },
    { label: locale.t(t.buyColumn, { agent: agent.name }) },
    { label: t.qc },
    sortable(t.added, 'newest'),
  ];
}

/** One row per product of the page: its number, facts, the agent's buy link and its photos. */
export function spreadsheetRows(ctx: PageContext, agent: Agent, result: SearchResult): Cell[][] {
  const { urls, locale, currency } = ctx;
  const { m } = locale;
  return result.hits.map((p, i) => [
    { content: [locale.number(result.offset + i + 1)], numeric: true },
    {
      content: [{ href: urls.product(p.slug), mdHref: urls.product(p.slug, 'md'), text: p.title }],
    },
    { content: [p.brand] },
    { content: [locale.category(p.category).name] },
    { content: [locale.money(p.price, 'CNY')], numeric: true },
    ...(currency === 'CNY'
      ? []
      : [
          {
            content: [locale.money(convertPrice(p.price, currency, ctx.site.rates), currency)],
            numeric: true,
          },
        ]),
    { content: [p.batch ?? m.common.none] },
    {
      content: [
        {
          href: urls.outbound(agent.id, p.slug),
          text: m.spreadsheet.buy,
          sponsored: true,
        },
      ],
    },
    {
      content: [
        {
          href: urls.product(p.slug, 'html', 'qc'),
          mdHref: urls.product(p.slug, 'md'),
          text: qcSummary(urls, locale, p),
        },
      ],
    },
    { content: [p.created_at.slice(0, 10)] },
  ]);
}
