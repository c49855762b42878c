import type { Product, SiteUrls } from '@repo/catalog-core';
import type { Site } from '../../plugins/site.js';
import type { Block } from '../../render/page-model.js';
import { keptFields } from '../shared.js';
import { countryField } from './shipping-form.js';

/**
 * Under a product's shipping table: a country selector (a GET form, no script) that opens the
 * calculator with this item, and a link that starts an estimate with it.
 */
export function productShippingBlocks(site: Site, urls: SiteUrls, product: Product): Block[] {
  const items = { items: product.slug };
  return [
    {
      kind: 'form',
      label: 'Estimate shipping to your country',
      // A GET form drops its action's query: the kept preference rides as a hidden field.
      action: urls.canonical().shipping(),
      mdHint: `Another country, or more items: ${urls.shipping({ country: 'PL', ...items }, 'md')} (any ISO country code; add items as slug:quantity, comma-separated).`,
      fields: [
        countryField(site, ''),
        { kind: 'hidden', name: 'items', value: product.slug },
        ...keptFields(urls),
      ],
      submit: 'Estimate shipping',
    },
    {
      kind: 'paragraph',
      content: [
        {
          href: urls.shipping(items),
          mdHref: urls.shipping(items, 'md'),
          text: 'Add to a shipping estimate',
        },
        ' with other products, a box size and any country.',
      ],
    },
  ];
}
