import type { Product } from '@repo/catalog-core';
import type { Block } from '../../render/page-model.js';
import type { PageContext } from '../page-context.js';
import { keptFields } from '../shared.js';
import { countryField } from './shipping-form.js';

/**
 * Under a product's shipping table: a country selector (a GET form, no script) that opens the
 * calculator with this item, and a link that starts an estimate with it.
 */
export function productShippingBlocks(ctx: PageContext, product: Product): Block[] {
  const { urls, locale } = ctx;
  const t = locale.m.productShipping;
  const items = { items: product.slug };
  return [
    {
      kind: 'form',
      label: t.formLabel,
      // A GET form drops its action's query: the kept preference rides as a hidden field.
      action: urls.canonical().shipping(),
      mdHint: locale.t(t.formHint, { url: urls.shipping({ country: 'PL', ...items }, 'md') }),
      fields: [
        countryField(ctx, ''),
        { kind: 'hidden', name: 'items', value: product.slug },
        ...keptFields(urls),
      ],
      submit: t.submit,
    },
    {
      kind: 'paragraph',
      content: [
        { href: urls.shipping(items), mdHref: urls.shipping(items, 'md'), text: t.addLink },
        t.addAfter,
      ],
    },
  ];
}
