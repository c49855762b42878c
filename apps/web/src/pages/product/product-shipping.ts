import { type CatalogError, estimateShipping, type Product } from '@repo/catalog-core';
import type { Block, Cell } from '../../render/page-model.js';
import type { PageContext } from '../page-context.js';
import { section } from '../shared.js';

/** Countries the product page quotes shipping to. */
export const SHIPPING_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'CA', 'AU'] as const;

/**
 * One row per country: the cheapest line with its price (CNY and the visitor's currency) and
 * delivery, and the fastest line.
 */
export function shippingRows(ctx: PageContext, p: Product): Cell[][] {
  const { locale, site } = ctx;
  const { m } = locale;
  const days = (d: { min: number; max: number }) => locale.t(m.common.days, d);
  return SHIPPING_COUNTRIES.map((country) => {
    try {
      const { quotes } = estimateShipping(
        { country, items: [{ slug: p.slug, quantity: 1 }], currency: ctx.currency },
        {
          agents: site.agents,
          rates: site.rates,
          resolveProduct: (slug) => (slug === p.slug ? p : undefined),
        },
      );
      const cheapest = quotes.find((q) => q.cheapest);
      const fastest = quotes.find((q) => q.fastest);
      if (!cheapest || !fastest) throw new Error('no quote');
      const { price, converted } = ctx.prices(cheapest.price.amount);
      return [
        { content: [locale.country(country)] },
        {
          content: [
            locale.t(m.productShipping.agentLine, {
              agent: cheapest.agent_name,
              line: cheapest.line_name,
            }),
          ],
        },
        { content: [converted ? `${price} (${converted})` : price], numeric: true },
        { content: [days(cheapest.delivery_days)] },
        {
          content: [
            locale.t(m.productShipping.fastestLine, {
              agent: fastest.agent_name,
              line: fastest.line_name,
              days: days(fastest.delivery_days),
            }),
          ],
        },
      ];
    } catch (err) {
      const reason =
        (err as CatalogError).code === 'SHIPPING_UNAVAILABLE'
          ? m.productShipping.noLine
          : m.productShipping.unavailable;
      const none = m.common.none;
      return [
        { content: [locale.country(country)] },
        { content: [reason] },
        { content: [none], numeric: true },
        { content: [none] },
        { content: [none] },
      ];
    }
  });
}

/**
 * The shipping section of a product page: the table of {@link shippingRows}, its caveat, then
 * `more` (the calculator's country selector).
 */
export function shippingSection(
  ctx: PageContext,
  rows: readonly (readonly Cell[])[],
  more: readonly Block[] = [],
): Block {
  const { locale } = ctx;
  const t = locale.m.productShipping;
  return section('shipping', t.title, [
    {
      kind: 'table',
      caption: locale.t(t.caption, { currency: ctx.currency }),
      columns: [
        { label: t.country },
        { label: t.cheapestLine },
        { label: t.price, numeric: true },
        { label: t.delivery },
        { label: t.fastest },
      ],
      rows,
    },
    { kind: 'paragraph', content: [t.caveat] },
    ...more,
  ]);
}
