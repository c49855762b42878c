import {
  type EstimateShippingInput,
  estimateShipping as estimate,
  type WeighedProduct,
} from '@repo/catalog-core';
import type { ToolAnswer, ToolContext } from './tool-context.js';

/**
 * `estimate_shipping`: item slugs are looked up in the catalog first, so the pure estimate gets
 * each product's own weight and category.
 */
export async function estimateShipping(
  args: EstimateShippingInput,
  ctx: ToolContext,
): Promise<ToolAnswer> {
  const slugs = [...new Set((args.items ?? []).flatMap((i) => (i.slug ? [i.slug] : [])))];
  const found = new Map<string, WeighedProduct>();
  for (const product of await Promise.all(slugs.map((s) => ctx.index.getBySlug(s)))) {
    if (product) found.set(product.slug, product);
  }
  const output = estimate(args, {
    resolveProduct: (slug) => found.get(slug),
    agents: ctx.agents,
    rates: ctx.rates,
  });
  const lines = [
    `Shipping to ${output.country}, packed weight ${output.actual_weight_grams} g:`,
    '',
    ...output.quotes.map(
      (q) =>
        `- ${q.agent_name} / ${q.line_name}: ¥${q.price.amount} ≈ ${q.price_converted.amount} ${q.price_converted.currency}, ` +
        `${q.delivery_days.min}-${q.delivery_days.max} days, bills ${q.billable_weight_grams} g` +
        `${q.cheapest ? ' (cheapest)' : ''}${q.fastest ? ' (fastest)' : ''}`,
    ),
  ];
  if (output.unavailable.length > 0) {
    lines.push(
      '',
      'Unavailable:',
      ...output.unavailable.map((u) => `- ${u.agent}/${u.line}: ${u.reason}`),
    );
  }
  lines.push('', 'Assumptions:', ...output.assumptions.map((a) => `- ${a}`));
  return { structuredContent: output, text: lines.join('\n') };
}
