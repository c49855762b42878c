import type { Agent, SiteUrls } from '@repo/catalog-core';
import type { Site } from '../../plugins/site.js';
import type { Block, Field } from '../../render/page-model.js';
import type { ShippingQuery } from '../../schemas/shipping-query.js';
import type { PageContext } from '../page-context.js';
import { keptFields } from '../shared.js';
import { servedCountries } from './served-countries.js';
import type { ShippingRequest } from './shipping-request.js';

type SelectOption = Extract<Field, { kind: 'select' }>['options'][number];

const optionLists = new WeakMap<readonly Agent[], readonly SelectOption[]>();

// One array per agents list: the renderer keeps a list's HTML by its identity.
function countryOptions(agents: readonly Agent[]): readonly SelectOption[] {
  let options = optionLists.get(agents);
  if (options === undefined) {
    options = [
      { value: '', label: 'Choose a country' },
      ...servedCountries(agents).map((c) => ({ value: c.code, label: c.name })),
    ];
    optionLists.set(agents, options);
  }
  return options;
}

/** The `country` select of every served country, by English name; shared by the product page. */
export function countryField(ctx: Pick<PageContext, 'site'>, value: string): Field {
  return {
    kind: 'select',
    name: 'country',
    label: 'Ship to',
    value,
    options: countryOptions(ctx.site.agents),
  };
}

/**
 * The calculator's GET form: country, then a weight (only while no items are listed: the two are
 * exclusive), the box, and a field to add one more product; the items travel in a hidden field.
 * What was typed is shown back as typed, so a wrong value can be corrected in place.
 */
export function shippingForm(
  site: Site,
  urls: SiteUrls,
  query: ShippingQuery,
  request: ShippingRequest,
  items: string,
): Block {
  const side = (name: 'length' | 'width' | 'height', label: string): Field => ({
    kind: 'number',
    name,
    label,
    value: query[name] ?? '',
  });
  return {
    kind: 'form',
    label: 'Shipping estimate',
    action: urls.canonical().shipping(),
    mdHint:
      `Ask with query parameters: ${urls.shipping({ country: 'PL', items: 'slug:2,other-slug' }, 'md')}` +
      ', or weight_grams=1500 instead of items; add length, width and height in cm for a boxed parcel.',
    fields: [
      countryField({ site }, request.country ?? (query.country ?? '').trim().toUpperCase()),
      ...(request.items.length === 0
        ? [
            {
              kind: 'number',
              name: 'weight_grams',
              label: 'Weight (g)',
              // An old link's `weight` is shown here and sent on under its new name.
              value: query.weight_grams || query.weight || '',
            } as const,
          ]
        : [{ kind: 'hidden', name: 'items', value: items } as const]),
      side('length', 'Length (cm)'),
      side('width', 'Width (cm)'),
      side('height', 'Height (cm)'),
      { kind: 'search', name: 'add', label: 'Add a product (slug or link)', value: '' },
      ...keptFields(urls),
    ],
    submit: 'Estimate',
  };
}
