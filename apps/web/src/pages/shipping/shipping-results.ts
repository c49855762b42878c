import {
  type Agent,
  convertPrice,
  countryName,
  type EstimateShippingOutput,
  formatPrice,
  getCategory,
  type ShippingQuote,
} from '@repo/catalog-core';
import type { Block, Cell, Inline } from '../../render/page-model.js';
import { count, section } from '../shared.js';
import type { BoxCm } from './shipping-request.js';

const grams = (g: number) => `${count(g)} g`;

/** Whether the line billed the box's volume or the parcel's weight, and the volume's weight. */
export function billedBy(quote: ShippingQuote, actualGrams: number): string {
  const volume = quote.volumetric_weight_grams;
  return volume !== undefined && volume > actualGrams ? `volume (${grams(volume)})` : 'weight';
}

function marks(quote: ShippingQuote): Inline[] {
  const words = [quote.cheapest && 'Cheapest', quote.fastest && 'Fastest'].filter(Boolean);
  return words.length > 0 ? [{ strong: words.join(', ') }] : [''];
}

function quoteRow(quote: ShippingQuote, actualGrams: number): Cell[] {
  const cny = quote.price.amount;
  return [
    { content: [quote.agent_name] },
    { content: [quote.line_name, quote.tax_included ? ' (duties prepaid)' : ''] },
    { content: [formatPrice(cny, 'CNY')], numeric: true },
    { content: [formatPrice(convertPrice(cny, 'USD'), 'USD')], numeric: true },
    { content: [formatPrice(convertPrice(cny, 'EUR'), 'EUR')], numeric: true },
    { content: [`${quote.delivery_days.min}–${quote.delivery_days.max} days`] },
    { content: [grams(quote.billable_weight_grams)], numeric: true },
    { content: [billedBy(quote, actualGrams)] },
    { content: marks(quote) },
  ];
}

/**
 * The estimate as the calculator shows it: the parcel, a quote per agent and line (CNY as the
 * agent charges, USD and EUR indicative, delivery days, billable weight, whether volume or weight
 * decided it, cheapest and fastest marked), the lines that cannot take it, and the assumptions.
 */
export function resultBlocks(
  out: EstimateShippingOutput,
  box: BoxCm | undefined,
  agents: readonly Agent[],
): Block[] {
  const actual = out.actual_weight_grams;
  const blocks: Block[] = [
    {
      kind: 'facts',
      items: [
        { label: 'Destination', value: [`${countryName(out.country)} (${out.country})`] },
        { label: 'Packed weight', value: [grams(actual)] },
        {
          label: 'Box',
          value: [box ? `${box.length} × ${box.width} × ${box.height} cm` : 'not given'],
        },
      ],
    },
    {
      kind: 'table',
      caption: `${out.quotes.length} quotes to ${countryName(out.country)}, cheapest first (USD and EUR are indicative)`,
      columns: [
        { label: 'Agent' },
        { label: 'Line' },
        { label: 'Price (CNY)', numeric: true },
        { label: 'USD', numeric: true },
        { label: 'EUR', numeric: true },
        { label: 'Delivery' },
        { label: 'Billable', numeric: true },
        { label: 'Billed by' },
        { label: 'Best' },
      ],
      rows: out.quotes.map((q) => quoteRow(q, actual)),
    },
  ];
  if (out.unavailable.length > 0) {
    blocks.push({
      kind: 'table',
      caption: 'Lines that cannot take this parcel',
      columns: [{ label: 'Agent' }, { label: 'Line' }, { label: 'Why' }],
      rows: out.unavailable.map((u) => {
        const agent = agents.find((a) => a.id === u.agent);
        const line = agent?.shipping_lines.find((l) => l.id === u.line);
        return [
          { content: [agent?.name ?? u.agent] },
          { content: [line?.name ?? u.line] },
          { content: [u.reason] },
        ];
      }),
    });
  }
  blocks.push(
    section(
      'assumptions',
      'Assumptions',
      out.assumptions.map((a) => ({ kind: 'paragraph', content: [a] })),
    ),
  );
  return blocks;
}

/** A category's typical item weight, for items given by category. */
export function typicalWeight(category: string): number | undefined {
  return getCategory(category)?.defaultWeightGrams;
}
