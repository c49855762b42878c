import { type Product, shippingUrl } from '@repo/catalog-core';
import type { Site } from '../../plugins/site.js';
import type { Block } from '../../render/page-model.js';
import { countryField } from './shipping-form.js';

/**
 * Under a product's shipping table: a country selector (a GET form, no script) that opens the
 * calculator with this item, and a link that starts an estimate with it.
 */
export function productShippingBlocks(site: Site, product: Product): Block[] {
  const base = site.baseUrl;
  const items = { items: product.slug };
  return [
    {
      kind: 'form',
      label: 'Estimate shipping to your country',
      action: shippingUrl(base),
      mdHint: `Another country, or more items: ${shippingUrl(base, { country: 'PL', ...items }, 'md')} (any ISO country code; add items as slug:quantity, comma-separated).`,
      fields: [countryField(site, ''), { kind: 'hidden', name: 'items', value: product.slug }],
      submit: 'Estimate shipping',
    },
    {
      kind: 'paragraph',
      content: [
        {
          href: shippingUrl(base, items),
          mdHref: shippingUrl(base, items, 'md'),
          text: 'Add to a shipping estimate',
        },
        ' with other products, a box size and any country.',
      ],
    },
  ];
}
