import {
  type Agent,
  SERVICE_INFO,
  type SortOrder,
  SPREADSHEET_PAGE_SIZE,
} from '@repo/catalog-core';
import type { Block, Link, PageModel } from '../../render/page-model.js';
import type { SpreadsheetQuery } from '../../schemas/page-queries.js';
import type { PageContext } from '../page-context.js';
import { categoryOptions, disclosure, homeCrumb, keptFields } from '../shared.js';
import { type SpreadsheetHref, spreadsheetColumns, spreadsheetRows } from './spreadsheet-table.js';

/** The filter form: words and category; the order of the column headers rides along hidden. */
function filterForm(ctx: PageContext, agent: Agent, query: SpreadsheetQuery): Block {
  const { locale } = ctx;
  const { m } = locale;
  const q = (query.q ?? '').trim();
  const sort = query.sort || undefined;
  return {
    kind: 'form',
    label: m.spreadsheet.formLabel,
    action: ctx.urls.canonical().spreadsheet(agent.id),
    mdHint: locale.t(m.common.filterHint, {
      example: ctx.urls.spreadsheet(
        agent.id,
        { q: 'words', category: 'sneakers', sort: 'price_asc', page: 2 },
        'md',
      ),
    }),
    fields: [
      { kind: 'search', name: 'q', label: m.common.words, value: q },
      {
        kind: 'select',
        name: 'category',
        label: m.common.category,
        value: query.category || '',
        options: categoryOptions(locale),
      },
      ...(sort ? [{ kind: 'hidden' as const, name: 'sort', value: sort }] : []),
      ...keptFields(ctx.urls),
    ],
    submit: m.spreadsheet.submit,
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
  const { urls, locale } = ctx;
  const { m } = locale;
  const t = m.spreadsheet;
  const q = (query.q ?? '').trim();
  const category = query.category || undefined;
  const sort = query.sort || undefined;
  const pageNo = query.page ?? 1;
  const result = await ctx.catalog.search({
    ...(q ? { q } : {}),
    ...(category ? { category } : {}),
    ...(sort ? { sort } : {}),
    ...(sort === 'popular' ? { popularity: ctx.popularity } : {}),
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
  const rows = spreadsheetRows(ctx, agent, result);
  const shown = rows.length;
  const summary = shown
    ? locale.t(t.summary, {
        from: result.offset + 1,
        to: result.offset + shown,
        total: result.total,
        page: pageNo,
        last: lastPage,
      })
    : result.total
      ? locale.t(t.pastLast, { page: pageNo, last: lastPage })
      : t.noRows;
  const others = ctx.site.agents.filter((a) => a.id !== agent.id && a.status !== 'closed');
  return {
    title: locale.t(t.title, {
      agent: agent.name,
      page: pageNo > 1 ? locale.t(m.common.pageSuffix, { page: pageNo }) : '',
      site: SERVICE_INFO.title,
    }),
    description: locale.t(t.description, {
      products: locale.plural(m.common.products, result.total),
      agent: agent.name,
      currency: ctx.currency,
    }),
    url: urls
      .canonical()
      .spreadsheet(agent.id, { ...params, page: pageNo > 1 ? pageNo : undefined }),
    mdUrl: href({ page: pageNo > 1 ? pageNo : undefined }, true),
    h1: locale.t(t.h1, { agent: agent.name }),
    lead: [
      locale.t(t.leadBefore, { agent: agent.name }),
      ...others.flatMap((a, i) => [
        i ? ', ' : '',
        { href: urls.spreadsheet(a.id), mdHref: urls.spreadsheet(a.id, {}, 'md'), text: a.name },
      ]),
      '.',
    ],
    breadcrumbs: [homeCrumb(urls, locale)],
    blocks: [
      filterForm(ctx, agent, query),
      disclosure(locale),
      shown
        ? {
            kind: 'table',
            caption: locale.t(t.caption, { agent: agent.name, summary }),
            columns: spreadsheetColumns(ctx, agent, effective, href),
            rows,
            wide: true,
          }
        : {
            kind: 'notice',
            content: [
              summary,
              ...(result.total
                ? [' ', pageLink(lastPage, locale.t(m.common.goToPage, { page: lastPage }))]
                : []),
            ],
          },
      {
        kind: 'pager',
        label: t.pages,
        summary,
        ...(pageNo > 1 && pageNo <= lastPage
          ? { prev: pageLink(pageNo - 1, m.common.previousPage) }
          : {}),
        ...(pageNo < lastPage
          ? {
              next: pageLink(pageNo + 1, m.common.nextPage),
              last: pageLink(lastPage, locale.t(m.common.lastPage, { page: lastPage })),
            }
          : {}),
      },
    ],
    noindex: shown === 0,
  };
}
