import {
  AFFILIATE_DISCLOSURE,
  type Agent,
  agentProductUrl,
  CATEGORIES,
  convertPrice,
  formatPrice,
  getCategory,
  productUrl,
  SERVICE_INFO,
  spreadsheetUrl,
} from '@repo/catalog-core';
import type { SortOrder } from '@repo/search';
import type { FastifyInstance } from 'fastify';
import type { Cell, Column, Link, PageModel } from '../render/page-model.js';
import type { SpreadsheetQuery } from '../schemas/page-queries.js';
import { count, withQuery } from './shared.js';

/** Rows per spreadsheet page: the search engine's largest page, 180 pages for 17,917 rows. */
export const SPREADSHEET_PAGE_SIZE = 100;

/**
 * `/spreadsheet/{agent}`: the whole catalog as a table with that agent's buy links, paged,
 * sortable by its column headers and filterable, all with plain links and a GET form.
 */
export async function spreadsheetPage(
  fastify: FastifyInstance,
  agent: Agent,
  query: SpreadsheetQuery,
): Promise<PageModel> {
  const base = fastify.site.baseUrl;
  const q = (query.q ?? '').trim();
  const category = query.category || undefined;
  const sort = query.sort || undefined;
  const pageNo = query.page ?? 1;
  const result = await fastify.catalog.search({
    ...(q ? { q } : {}),
    ...(category ? { category } : {}),
    ...(sort ? { sort } : {}),
    offset: (pageNo - 1) * SPREADSHEET_PAGE_SIZE,
    limit: SPREADSHEET_PAGE_SIZE,
  });
  const path = spreadsheetUrl(base, agent.id);
  const params = { q, category, sort };
  const href = (over: Record<string, string | number | undefined>, md = false) =>
    withQuery(md ? spreadsheetUrl(base, agent.id, 'md') : path, { ...params, ...over });
  const lastPage = Math.max(1, Math.ceil(result.total / SPREADSHEET_PAGE_SIZE));
  const pageLink = (n: number, text: string): Link => ({
    href: href({ page: n }),
    mdHref: href({ page: n }, true),
    text,
  });
  const effective: SortOrder = sort ?? (q ? 'relevance' : 'newest');
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
  const columns: Column[] = [
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
  const rows: Cell[][] = result.hits.map((p, i) => [
    { content: [String(result.offset + i + 1)], numeric: true },
    {
      content: [
        { href: productUrl(base, p.slug), mdHref: productUrl(base, p.slug, 'md'), text: p.title },
      ],
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
          href: `${productUrl(base, p.slug)}#qc`,
          mdHref: productUrl(base, p.slug, 'md'),
          text: `${p.qc_photos.length} photos`,
        },
      ],
    },
    { content: [p.created_at.slice(0, 10)] },
  ]);
  const shown = rows.length;
  const summary = shown
    ? `Rows ${count(result.offset + 1)}–${count(result.offset + shown)} of ${count(result.total)} · page ${count(pageNo)} of ${count(lastPage)}`
    : result.total
      ? `Page ${count(pageNo)} is past the last page (${count(lastPage)}).`
      : 'No rows match these filters.';
  const others = fastify.site.agents.filter((a) => a.id !== agent.id && a.status !== 'closed');
  return {
    title: `${agent.name} spreadsheet${pageNo > 1 ? ` (page ${count(pageNo)})` : ''}: ${SERVICE_INFO.title}`,
    description: `The whole catalog (${count(result.total)} products) with ${agent.name} buy links, prices in CNY and USD, batches and QC photos.`,
    url: href({ page: pageNo > 1 ? pageNo : undefined }),
    mdUrl: href({ page: pageNo > 1 ? pageNo : undefined }, true),
    h1: `${agent.name} spreadsheet`,
    lead: [
      `Every product with a ${agent.name} buy link. Sort with the column headers; other agents: `,
      ...others.flatMap((a, i) => [
        i ? ', ' : '',
        {
          href: spreadsheetUrl(base, a.id),
          mdHref: spreadsheetUrl(base, a.id, 'md'),
          text: a.name,
        },
      ]),
      '.',
    ],
    breadcrumbs: [{ href: `${base}/`, mdHref: `${base}/index.md`, text: 'Home' }],
    blocks: [
      {
        kind: 'form',
        label: 'Filter the spreadsheet',
        action: path,
        mdHint: `Filter with query parameters: ${spreadsheetUrl(base, agent.id, 'md')}?q=words&category=sneakers&sort=price_asc&page=2.`,
        fields: [
          { kind: 'search', name: 'q', label: 'Words', value: q },
          {
            kind: 'select',
            name: 'category',
            label: 'Category',
            value: category ?? '',
            options: [
              { value: '', label: 'All categories' },
              ...CATEGORIES.map((c) => ({ value: c.id, label: c.name })),
            ],
          },
          ...(sort ? [{ kind: 'hidden' as const, name: 'sort', value: sort }] : []),
        ],
        submit: 'Filter',
      },
      { kind: 'disclosure', text: AFFILIATE_DISCLOSURE },
      shown
        ? {
            kind: 'table',
            caption: `${agent.name} spreadsheet, ${summary}`,
            columns,
            rows,
            wide: true,
          }
        : {
            kind: 'notice',
            content: [
              summary,
              ...(result.total ? [' ', pageLink(lastPage, `Go to page ${count(lastPage)}`)] : []),
            ],
          },
      {
        kind: 'pager',
        label: 'Spreadsheet pages',
        summary,
        ...(pageNo > 1 && pageNo <= lastPage
          ? { prev: pageLink(pageNo - 1, 'Previous page') }
          : {}),
        ...(pageNo < lastPage
          ? {
              next: pageLink(pageNo + 1, 'Next page'),
              last: pageLink(lastPage, `Last page (${count(lastPage)})`),
            }
          : {}),
      },
    ],
    noindex: shown === 0,
  };
}
