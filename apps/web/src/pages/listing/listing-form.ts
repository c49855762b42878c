import type { SearchResult } from '@repo/search';
import type { ActiveFilter, Block, Field } from '../../render/page-model.js';
import type { PageContext } from '../page-context.js';
import { categoryOptions, keptFields } from '../shared.js';
import { listingFacets, SORT_CHOICES } from './listing-facets.js';
import type { ListingView } from './listing-view.js';

/**
 * The listing's search form (a GET form: every field a query parameter) and its Markdown hint.
 * The text field leads; category, price bounds and order fold under it with the category and
 * order links (`result`: none under a pasted link's card), and the filters in force show as links
 * that remove them, one tap each.
 */
export function listingForm(ctx: PageContext, view: ListingView, result?: SearchResult): Block {
  const { urls, locale } = ctx;
  const { m } = locale;
  const { currency } = ctx;
  const { q, fixedCategory, category, sort, query } = view;
  const refine: Field[] = [
    ...(fixedCategory
      ? []
      : [
          {
            kind: 'select' as const,
            name: 'category',
            label: m.common.category,
            value: category ?? '',
            options: categoryOptions(locale),
          },
        ]),
    {
      kind: 'number',
      name: 'min_price',
      label: locale.t(m.listing.minPrice, { currency }),
      value: query.min_price ?? '',
    },
    {
      kind: 'number',
      name: 'max_price',
      label: locale.t(m.listing.maxPrice, { currency }),
      value: query.max_price ?? '',
    },
    {
      kind: 'select',
      name: 'sort',
      label: m.listing.sort,
      value: sort ?? '',
      options: [
        { value: '', label: m.listing.defaultSort },
        ...SORT_CHOICES.map((value) => ({ value, label: m.listing.sorts[value] })),
      ],
    },
  ];
  const fields: Field[] = [
    { kind: 'search', name: 'q', label: m.common.words, value: q },
    // The currency of the prices typed rides along, chosen or not, so the next page reads them
    // in the currency their labels named.
    ...(urls.kept.currency === undefined && currency !== 'USD'
      ? [{ kind: 'hidden' as const, name: 'currency', value: currency }]
      : []),
    ...keptFields(urls),
  ];
  const example = view.at(
    {
      q: 'words',
      sort: 'price_asc',
      min_price: 10,
      max_price: 50,
      page: 2,
      category: fixedCategory ? undefined : 'sneakers',
    },
    'md',
  );
  const active = activeFilters(ctx, view);
  return {
    kind: 'form',
    label: category
      ? locale.t(m.listing.searchIn, { category: locale.category(category).name })
      : m.home.searchLabel,
    action: view.action,
    mdHint: locale.t(m.common.filterHint, { example }),
    fields,
    submit: m.common.search,
    refine: {
      summary:
        active.length > 0
          ? locale.t(m.listing.refineActive, { count: active.length })
          : m.listing.refine,
      fields: refine,
      submit: m.listing.apply,
      blocks: result ? listingFacets(ctx, view, result) : [],
    },
    active: { label: m.listing.activeFilters, items: active },
  };
}

/** The filters of the URL in force, each with the link to the same listing without it. */
function activeFilters(ctx: PageContext, view: ListingView): ActiveFilter[] {
  const { locale } = ctx;
  const { m } = locale;
  const t = m.interpretation;
  const { query } = view;
  const money = (amount: string) => {
    const n = Number(amount);
    return Number.isFinite(n) ? locale.money(n, ctx.currency) : amount;
  };
  const items: { text: string; without: Parameters<ListingView['href']>[0] }[] = [];
  if (view.category && !view.fixedCategory) {
    items.push({ text: locale.category(view.category).name, without: { category: undefined } });
  }
  if (query.min_price) {
    items.push({
      text: locale.t(t.from, { min: money(query.min_price) }),
      without: { min_price: undefined },
    });
  }
  if (query.max_price) {
    items.push({
      text: locale.t(t.upTo, { max: money(query.max_price) }),
      without: { max_price: undefined },
    });
  }
  if (view.sort) items.push({ text: m.listing.sorts[view.sort], without: { sort: undefined } });
  return items.map(({ text, without }) => ({
    text,
    remove: locale.t(m.listing.removeFilter, { filter: text }),
    href: view.href({ ...without, page: undefined }),
  }));
}
