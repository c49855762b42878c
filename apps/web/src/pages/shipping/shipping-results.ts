import {
  convertPrice,
  type EstimateShippingOutput,
  getCategory,
  type ShippingQuote,
} from '@repo/catalog-core';
import type { Locale } from '../../i18n/locale.js';
import type { Block, Cell, Inline } from '../../render/page-model.js';
import type { PageContext } from '../page-context.js';
import { section } from '../shared.js';
import type { ShippingRequest } from './shipping-request.js';

/** Whether the line billed the box's volume or the parcel's weight, and the volume's weight. */
function billedBy(locale: Locale, quote: ShippingQuote, actualGrams: number): string {
  const t = locale.m.shipping;
  const volume = quote.volumetric_weight_grams;
  return volume !== undefined && volume > actualGrams
    ? locale.t(t.results.byVolume, { grams: locale.t(t.grams, { grams: volume }) })
    : t.results.byWeight;
}

function marks(locale: Locale, quote: ShippingQuote): Inline[] {
  const t = locale.m.shipping.results;
  const words = [quote.cheapest && t.cheapest, quote.fastest && t.fastest].filter(Boolean);
  return words.length > 0 ? [{ strong: words.join(', ') }] : [''];
}

function quoteRow(ctx: PageContext, quote: ShippingQuote, actualGrams: number): Cell[] {
  const { locale, currency } = ctx;
  const t = locale.m.shipping;
  const cny = quote.price.amount;
  return [
    { content: [quote.agent_name] },
    { content: [quote.line_name, quote.tax_included ? t.results.dutiesPrepaid : ''] },
    { content: [locale.money(cny, 'CNY')], numeric: true },
    ...(currency === 'CNY'
      ? []
      : [
          {
            content: [locale.money(convertPrice(cny, currency, ctx.site.rates), currency)],
            numeric: true,
          },
        ]),
    { content: [locale.t(locale.m.common.days, quote.delivery_days)] },
    { content: [locale.t(t.grams, { grams: quote.billable_weight_grams })], numeric: true },
    { content: [billedBy(locale, quote, actualGrams)] },
    { content: marks(locale, quote) },
  ];
}

/**
 * The estimator's notes. In English, its own words (those `estimate_shipping` gives); in another
 * language, the same facts from the request and the answer.
 */
function assumptions(
  ctx: PageContext,
  out: EstimateShippingOutput,
  request: ShippingRequest,
): readonly string[] {
  const { locale } = ctx;
  if (locale.lang === 'en') return out.assumptions;
  const t = locale.m.shipping.assumptions;
  const notes: string[] = [];
  if (request.weightGrams !== undefined) {
    notes.push(locale.t(t.weight, { grams: out.actual_weight_grams }));
  } else {
    for (const item of request.items) {
      const category = item.kind === 'product' ? item.product.category : item.category;
      if (item.kind === 'category' || item.product.weight_grams === undefined) {
        notes.push(
          locale.t(t.typical, {
            category: locale.category(category).name,
            grams: typicalWeight(category) ?? 0,
          }),
        );
      }
    }
    notes.push(locale.t(t.items, { grams: out.actual_weight_grams }));
  }
  notes.push(request.box ? t.volumetric : t.noBox);
  notes.push(locale.t(t.rates, { date: locale.date(out.rates_as_of) }));
  return notes;
}

/**
 * The estimate as the calculator shows it: the parcel, a quote per agent and line (CNY as the
 * agent charges, the visitor's currency indicative, delivery days, billable weight, whether
 * volume or weight decided it, cheapest and fastest marked), the lines that cannot take it, and
 * the assumptions.
 */
export function resultBlocks(
  ctx: PageContext,
  out: EstimateShippingOutput,
  request: ShippingRequest,
): Block[] {
  const { locale, currency, site } = ctx;
  const t = locale.m.shipping;
  const r = t.results;
  const actual = out.actual_weight_grams;
  const box = request.box;
  const country = locale.country(out.country);
  const blocks: Block[] = [
    {
      kind: 'facts',
      items: [
        { label: r.destination, value: [`${country} (${out.country})`] },
        { label: r.packedWeight, value: [locale.t(t.grams, { grams: actual })] },
        {
          label: r.box,
          value: [box ? locale.t(r.boxSize, { ...box }) : r.notGiven],
        },
      ],
    },
    {
      kind: 'table',
      caption: locale.plural(r.caption, out.quotes.length, { country, currency }),
      columns: [
        { label: r.agent },
        { label: r.line },
        { label: r.priceCny, numeric: true },
        ...(currency === 'CNY' ? [] : [{ label: currency, numeric: true }]),
        { label: r.delivery },
        { label: r.billable, numeric: true },
        { label: r.billedBy },
        { label: r.best },
      ],
      rows: out.quotes.map((q) => quoteRow(ctx, q, actual)),
    },
  ];
  if (out.unavailable.length > 0) {
    blocks.push({
      kind: 'table',
      caption: r.unavailableCaption,
      columns: [{ label: r.agent }, { label: r.line }, { label: r.why }],
      rows: out.unavailable.map((u) => {
        const agent = site.agents.find((a) => a.id === u.agent);
        const line = agent?.shipping_lines.find((l) => l.id === u.line);
        const name = line?.name ?? u.line;
        const why =
          locale.lang === 'en' || line === undefined
            ? u.reason
            : u.reason_code === 'over_max_side'
              ? locale.t(t.unavailable.over_max_side, { line: name, max: line.max_side_cm ?? 0 })
              : u.reason_code === 'over_max_weight'
                ? locale.t(t.unavailable.over_max_weight, {
                    line: name,
                    max: line.max_weight_grams,
                  })
                : locale.t(t.unavailable.country_not_served, { line: name, country });
        return [{ content: [agent?.name ?? u.agent] }, { content: [name] }, { content: [why] }];
      }),
    });
  }
  blocks.push(
    section(
      'assumptions',
      r.assumptions,
      assumptions(ctx, out, request).map((a) => ({ kind: 'paragraph', content: [a] })),
    ),
  );
  return blocks;
}

/** A category's typical item weight, for items given by category. */
export function typicalWeight(category: string): number | undefined {
  return getCategory(category)?.defaultWeightGrams;
}
