import type { Block, Field } from '../../render/page-model.js';
import type { PageContext } from '../page-context.js';
import { categoryOptions, keptFields } from '../shared.js';
import { SORT_CHOICES } from './listing-facets.js';
import type { ListingView } from './listing-view.js';

/** The listing's search form (a GET form: every field a query parameter) and its Markdown hint. */
export function listingForm(ctx: PageContext, view: ListingView): Block {
  const { urls, locale } = ctx;
  const { m } = locale;
  const { currency } = ctx;
  const { q, fixedCategory, category, sort, query } = view;
  const fields: Field[] = [
    { kind: 'search', name: 'q', label: m.common.words, value: q },
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
  return {
    kind: 'form',
    label: category
      ? locale.t(m.listing.searchIn, { category: locale.category(category).name })
      : m.home.searchLabel,
    action: view.action,
    mdHint: locale.t(m.common.filterHint, { example }),
    fields,
    submit: m.common.search,
  };
}
