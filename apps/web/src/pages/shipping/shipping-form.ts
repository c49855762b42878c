import type { Agent } from '@repo/catalog-core';
import type { Locale } from '../../i18n/locale.js';
import type { Block, Field } from '../../render/page-model.js';
import type { ShippingQuery } from '../../schemas/shipping-query.js';
import type { PageContext } from '../page-context.js';
import { keptFields } from '../shared.js';
import { servedCountries } from './served-countries.js';
import type { ShippingRequest } from './shipping-request.js';

type SelectOption = Extract<Field, { kind: 'select' }>['options'][number];

const optionLists = new WeakMap<readonly Agent[], Map<Locale, readonly SelectOption[]>>();

// One array per agents list and language, by name in that language: the renderer keeps a list's
// HTML by its identity.
function countryOptions(agents: readonly Agent[], locale: Locale): readonly SelectOption[] {
  let byLocale = optionLists.get(agents);
  if (byLocale === undefined) {
    byLocale = new Map();
    optionLists.set(agents, byLocale);
  }
  let options = byLocale.get(locale);
  if (options === undefined) {
    const collator = new Intl.Collator(locale.lang);
    options = [
      { value: '', label: locale.m.shipping.form.chooseCountry },
      ...servedCountries(agents)
        .map((c) => ({ value: c.code, label: locale.country(c.code) }))
        .sort((a, b) => collator.compare(a.label, b.label)),
    ];
    byLocale.set(locale, options);
  }
  return options;
}

/** The `country` select of every served country, in the page's language; shared by the product page. */
export function countryField(ctx: Pick<PageContext, 'site' | 'locale'>, value: string): Field {
  return {
    kind: 'select',
    name: 'country',
    label: ctx.locale.m.shipping.form.shipTo,
    value,
    options: countryOptions(ctx.site.agents, ctx.locale),
  };
}

/**
 * The calculator's GET form: country, then a weight (only while no items are listed: the two are
 * exclusive), the box, and a field to add one more product; the items travel in a hidden field.
 * What was typed is shown back as typed, so a wrong value can be corrected in place.
 */
export function shippingForm(
  ctx: PageContext,
  query: ShippingQuery,
  request: ShippingRequest,
  items: string,
): Block {
  const { urls, locale } = ctx;
  const t = locale.m.shipping.form;
  const side = (name: 'length' | 'width' | 'height', label: string): Field => ({
    kind: 'number',
    name,
    label,
    value: query[name] ?? '',
  });
  return {
    kind: 'form',
    label: t.label,
    action: urls.canonical().shipping(),
    mdHint: locale.t(t.hint, {
      url: urls.shipping({ country: 'PL', items: 'slug:2,other-slug' }, 'md'),
    }),
    fields: [
      countryField(ctx, request.country ?? (query.country ?? '').trim().toUpperCase()),
      ...(request.items.length === 0
        ? [
            {
              kind: 'number',
              name: 'weight_grams',
              label: t.weight,
              // An old link's `weight` is shown here and sent on under its new name.
              value: query.weight_grams || query.weight || '',
            } as const,
          ]
        : [{ kind: 'hidden', name: 'items', value: items } as const]),
      side('length', t.length),
      side('width', t.width),
      side('height', t.height),
      { kind: 'search', name: 'add', label: t.add, value: '' },
      ...keptFields(urls),
    ],
    submit: t.submit,
  };
}
