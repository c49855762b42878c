import {
  type Agent,
  agentProductUrl,
  convertPrice,
  formatPrice,
  getCategory,
  type QueryParams,
  type SiteUrls,
  type SortOrder,
} from '@repo/catalog-core';
import type { SearchResult } from '@repo/search';
import type { Cell, Column } from '../../render/page-model.js';
import { qcSummary } from '../shared.js';

/** A link to this spreadsheet with other parameters, HTML or Markdown. */
export type SpreadsheetHref = (over: QueryParams, md?: boolean) => string;

/**
 * The spreadsheet's columns. Product, price and added date are links that sort by them; the
 * active one says its direction (`aria-sort`), and a second click on price reverses it.
 */
export function spreadsheetColumns(
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
  return [
    { label: '#', numeric: true },
    sortable('Product', 'title_asc'),
    { label: 'Brand' },
    { label: 'Category' },
    sortable('Price (CNY)', 'price_asc', 'price_desc', true),
    { label: 'USD', numeric: true },
    { label: 'Batch' },
    { label: `Buy (${agent.name})` },
    { label: 'QC' },
    sortable('Added', 'newest'),
  ];
}

/** One row per product of the page: its number, facts, the agent's buy link and its photos. */
export function spreadsheetRows(urls: SiteUrls, agent: Agent, result: SearchResult): Cell[][] {
  return result.hits.map((p, i) => [
    { content: [String(result.offset + i + 1)], numeric: true },
    {
      content: [{ href: urls.product(p.slug), mdHref: urls.product(p.slug, 'md'), text: p.title }],
    },
    { content: [p.brand] },
    { content: [getCategory(p.category)?.name ?? p.category] },
    { content: [formatPrice(p.price, 'CNY')], numeric: true },
    { content: [formatPrice(convertPrice(p.price, 'USD'), 'USD')], numeric: true },
    { content: [p.batch ?? '–'] },
    {
      content: [
        { href: agentProductUrl(agent, p.marketplace, p.item_id), text: 'Buy', sponsored: true },
      ],
    },
    {
      content: [
        {
          href: urls.product(p.slug, 'html', 'qc'),
          mdHref: urls.product(p.slug, 'md'),
          text: qcSummary(urls, p),
        },
      ],
    },
    { content: [p.created_at.slice(0, 10)] },
  ]);
}
