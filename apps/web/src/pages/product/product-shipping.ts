import {
  type Agent,
  type CatalogError,
  estimateShipping,
  formatPrice,
  type Product,
} from '@repo/catalog-core';
import type { Block, Cell } from '../../render/page-model.js';
import { section } from '../shared.js';

/** Countries the product page quotes shipping to. */
export const SHIPPING_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'CA', 'AU'] as const;

/** One row per country: the cheapest line with its price and delivery, and the fastest line. */
export function shippingRows(agents: readonly Agent[], p: Product): Cell[][] {
  return SHIPPING_COUNTRIES.map((country) => {
    try {
      const { quotes } = estimateShipping(
        { country, items: [{ slug: p.slug, quantity: 1 }], currency: 'USD' },
        { agents, resolveProduct: (slug) => (slug === p.slug ? p : undefined) },
      );
      const cheapest = quotes.find((q) => q.cheapest);
      const fastest = quotes.find((q) => q.fastest);
      if (!cheapest || !fastest) throw new Error('no quote');
      const days = (d: { min: number; max: number }) => `${d.min}–${d.max} days`;
      return [
        { content: [country] },
        { content: [`${cheapest.agent_name}, ${cheapest.line_name}`] },
        {
          content: [
            `${formatPrice(cheapest.price.amount, 'CNY')} (≈ ${formatPrice(cheapest.price_converted.amount, 'USD')})`,
          ],
          numeric: true,
        },
        { content: [days(cheapest.delivery_days)] },
        {
          content: [`${fastest.agent_name}, ${fastest.line_name}: ${days(fastest.delivery_days)}`],
        },
      ];
    } catch (err) {
      const reason =
        (err as CatalogError).code === 'SHIPPING_UNAVAILABLE'
          ? 'No line takes this parcel'
          : 'Not available';
      return [
        { content: [country] },
        { content: [reason] },
        { content: ['–'], numeric: true },
        { content: ['–'] },
        { content: ['–'] },
      ];
    }
  });
}

/**
 * The shipping section of a product page: the table of {@link shippingRows}, its caveat, then
 * `more` (the calculator's country selector).
 */
export function shippingSection(
  rows: readonly (readonly Cell[])[],
  more: readonly Block[] = [],
): Block {
  return section('shipping', 'Shipping estimate', [
    {
      kind: 'table',
      caption: `One item, packed, cheapest and fastest line per country (USD indicative)`,
      columns: [
        { label: 'Country' },
        { label: 'Cheapest line' },
        { label: 'Price', numeric: true },
        { label: 'Delivery' },
        { label: 'Fastest' },
      ],
      rows,
    },
    {
      kind: 'paragraph',
      content: [
        'Estimates; the agent quotes the final price after weighing your parcel. Several items in one parcel cost less per item.',
      ],
    },
    ...more,
  ]);
}
