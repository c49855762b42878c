import {
  AFFILIATE_DISCLOSURE,
  type Agent,
  CATEGORIES,
  SERVICE_INFO,
  type SortOrder,
  SPREADSHEET_PAGE_SIZE,
} from '@repo/catalog-core';
import type { Block, Link, PageModel } from '../../render/page-model.js';
import type { SpreadsheetQuery } from '../../schemas/page-queries.js';
import type { PageContext } from '../page-context.js';
import { count, homeCrumb } from '../shared.js';
import { type SpreadsheetHref, spreadsheetColumns, spreadsheetRows } from './spreadsheet-table.js';

/** The filter form: words and category; the order of the column headers rides along hidden. */
function filterForm(ctx: PageContext, agent: Agent, query: SpreadsheetQuery): Block {
  const q = (query.q ?? '').trim();
  const sort = query.sort || undefined;
  return {
    kind: 'form',
    label: 'Filter the spreadsheet',
    action: ctx.urls.spreadsheet(agent.id),
    mdHint: `Filter with query parameters: ${ctx.urls.spreadsheet(agent.id, {}, 'md')}?q=words&category=sneakers&sort=price_asc&page=2.`,
    fields: [
      { kind: 'search', name: 'q', label: 'Words', value: q },
      {
        kind: 'select',
        name: 'category',
        label: 'Category',
        value: query.category || '',
        options: [
          { value: '', label: 'All categories' },
          ...CATEGORIES.map((c) => ({ value: c.id, label: c.name })),
        ],
      },
      ...(sort ? [{ kind: 'hidden' as const, name: 'sort', value: sort }] : []),
    ],
    submit: 'Filter',
  };
}

/**
 * `/spreadsheet/{agent}`: the whole catalog as a table with that agent's buy links, paged,
 * sortable by its column headers and filterable, all with plain links and a GET form.
 */
export async function spreadsheetPage(
  ctx: PageContext,
  agent: Agent,
  query: SpreadsheetQuery,
): Promise<PageModel> {
  const { urls } = ctx;
  const q = (query.q ?? '').trim();
  const category = query.category || undefined;
  const sort = query.sort || undefined;
  const pageNo = query.page ?? 1;
  const result = await ctx.catalog.search({
    ...(q ? { q } : {}),
    ...(category ? { category } : {}),
    ...(sort ? { sort } : {}),
    offset: (pageNo - 1) * SPREADSHEET_PAGE_SIZE,
    limit: SPREADSHEET_PAGE_SIZE,
  });
  const params = { q, category, sort };
  const href: SpreadsheetHref = (over, md = false) =>
    urls.spreadsheet(agent.id, { ...params, ...over }, md ? 'md' : 'html');
  const lastPage = Math.max(1, Math.ceil(result.total / SPREADSHEET_PAGE_SIZE));
  const pageLink = (n: number, text: string): Link => ({
    href: href({ page: n }),
    mdHref: href({ page: n }, true),
    text,
  });
  const effective: SortOrder = sort ?? (q ? 'relevance' : 'newest');
  const rows = spreadsheetRows(urls, agent, result);
  const shown = rows.length;
  const summary = shown
    ? `Rows ${count(result.offset + 1)}–${count(result.offset + shown)} of ${count(result.total)} · page ${count(pageNo)} of ${count(lastPage)}`
    : result.total
      ? `Page ${count(pageNo)} is past the last page (${count(lastPage)}).`
      : 'No rows match these filters.';
  const others = ctx.site.agents.filter((a) => a.id !== agent.id && a.status !== 'closed');
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
        { href: urls.spreadsheet(a.id), mdHref: urls.spreadsheet(a.id, {}, 'md'), text: a.name },
      ]),
      '.',
    ],
    breadcrumbs: [homeCrumb(urls)],
    blocks: [
      filterForm(ctx, agent, query),
      { kind: 'disclosure', text: AFFILIATE_DISCLOSURE },
      shown
        ? {
            kind: 'table',
            caption: `${agent.name} spreadsheet, ${summary}`,
            columns: spreadsheetColumns(agent, effective, href),
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
