import { CATEGORIES } from '@repo/catalog-core';
import type { Block, Field } from '../../render/page-model.js';
import { SORT_LABELS } from './listing-facets.js';
import type { ListingView } from './listing-view.js';

/** The listing's search form (a GET form: every field a query parameter) and its Markdown hint. */
export function listingForm(view: ListingView): Block {
  const { q, fixedCategory, category, currency, sort, query, cat } = view;
  const fields: Field[] = [
    { kind: 'search', name: 'q', label: 'Words', value: q },
    ...(fixedCategory
      ? []
      : [
          {
            kind: 'select' as const,
            name: 'category',
            label: 'Category',
            value: category ?? '',
            options: [
              { value: '', label: 'All categories' },
              ...CATEGORIES.map((c) => ({ value: c.id, label: c.name })),
            ],
          },
        ]),
    {
      kind: 'number',
      name: 'min_price',
      label: `Min price (${currency})`,
      value: query.min_price ?? '',
    },
    {
      kind: 'number',
      name: 'max_price',
      label: `Max price (${currency})`,
      value: query.max_price ?? '',
    },
    {
      kind: 'select',
      name: 'sort',
      label: 'Sort',
      value: sort ?? '',
      options: [
        { value: '', label: 'Default' },
        ...Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label })),
      ],
    },
    ...(query.currency && query.currency !== 'USD'
      ? [{ kind: 'hidden' as const, name: 'currency', value: query.currency }]
      : []),
  ];
  const md = view.path('md');
  return {
    kind: 'form',
    label: cat ? `Search ${cat.name}` : 'Search the catalog',
    action: view.path(),
    mdHint: `Filter with query parameters: ${md}?q=words&sort=price_asc&min_price=10&max_price=50&page=2${fixedCategory ? '' : '&category=sneakers'}.`,
    fields,
    submit: 'Search',
  };
}
