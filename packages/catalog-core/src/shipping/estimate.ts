import type { Agent } from '../agents/agent.js';
import { DEFAULT_AGENTS } from '../agents/default-agents.js';
import type {
  EstimateShippingInput,
  EstimateShippingOutput,
  ShippingQuote,
  UnavailableLine,
} from '../contracts/tools/estimate-shipping-contract.js';
import { convertPrice } from '../currency/convert.js';
import type { Currency, CurrencyRates } from '../currency/currencies.js';
import { DEFAULT_CURRENCY_RATES } from '../currency/default-rates.js';
import { CatalogError } from '../errors.js';
import { priceForWeight, volumetricWeightGrams } from './billable-weight.js';
import { normalizeCountry } from './countries.js';
import { itemsWeight, type ResolveProduct } from './parcel-weight.js';
import { rateFor } from './shipping-line.js';

/** What {@link estimateShipping} needs besides the tool arguments. */
export interface EstimateShippingOptions {
  /** Looks up catalog products for `items[].slug`; without it, slugs are unknown. */
  readonly resolveProduct?: ResolveProduct;
  /** The agents to quote; the defaults unless the operator configured others. */
  readonly agents?: readonly Agent[];
  readonly rates?: CurrencyRates;
}

type Quote = Omit<ShippingQuote, 'cheapest' | 'fastest'>;

function packedWeight(input: EstimateShippingInput, resolve?: ResolveProduct) {
  const hasWeight = input.weight_grams !== undefined;
  if (hasWeight === (input.items !== undefined)) {
    throw new CatalogError('INVALID_INPUT', 'Give exactly one of weight_grams and items.');
  }
  if (input.weight_grams !== undefined) {
    const grams = Math.ceil(input.weight_grams);
    if (!(grams >= 1)) throw new CatalogError('INVALID_INPUT', 'weight_grams must be at least 1.');
    return { grams, assumptions: [`${grams} g is the packed parcel weight, packaging included.`] };
  }
  return itemsWeight(input.items ?? [], resolve);
}

function pickAgents(input: EstimateShippingInput, agents: readonly Agent[]): Agent[] {
  let picked = agents.filter((a) => a.status === 'active');
  if (input.agent !== undefined) {
    picked = picked.filter((a) => a.id === input.agent);
    if (picked.length === 0) {
      throw new CatalogError('UNKNOWN_AGENT', `Unknown or inactive agent "${input.agent}".`);
    }
  }
  const line = input.line;
  if (line !== undefined && !picked.some((a) => a.shipping_lines.some((l) => l.id === line))) {
    const known = [...new Set(picked.flatMap((a) => a.shipping_lines.map((l) => l.id)))];
    throw new CatalogError(
      'UNKNOWN_SHIPPING_LINE',
      `No shipping line "${line}"${input.agent ? ` at ${input.agent}` : ''}; lines: ${known.join(', ')}.`,
    );
  }
  return picked;
}

function flag(quotes: Quote[]): ShippingQuote[] {
  const sorted = [...quotes].sort(
    (a, b) => a.price.amount - b.price.amount || a.delivery_days.max - b.delivery_days.max,
  );
  const cheapest = sorted[0]?.price.amount;
  const fastestDays = Math.min(...sorted.map((q) => q.delivery_days.max));
  // Ties share the flag: two lines at the same price are equally "cheapest" to the shopper.
  return sorted.map((q) => ({
    ...q,
    cheapest: q.price.amount === cheapest,
    fastest: q.delivery_days.max === fastestDays,
  }));
}

/**
 * Estimates what a parcel costs to ship to a country with each agent and line: packed weight
 * (given, or items summed with their own or their category's weight, ×1.10 packaging), the
 * volumetric weight each line applies, billable = max(actual, volumetric) rounded up to the line's
 * step, priced with the line's first-weight + step rate for the country, converted for display.
 * Lines that cannot carry the parcel are listed in `unavailable` with a reason; quotes are sorted
 * cheapest first and carry `cheapest`/`fastest` flags. Pure: no I/O, no clock.
 *
 * @throws {CatalogError} `UNKNOWN_COUNTRY` for a code that is not ISO 3166-1 alpha-2;
 *   `SHIPPING_UNAVAILABLE` when no line at all can carry the parcel (the message gives each
 *   reason); `INVALID_INPUT`, `UNKNOWN_PRODUCT`, `UNKNOWN_AGENT`, `UNKNOWN_SHIPPING_LINE` for bad
 *   arguments; `CURRENCY_UNSUPPORTED` for a currency without a rate.
 * @example
 * estimateShipping({ country: 'DE', items: [{ category: 'sneakers', quantity: 1 }] }).quotes[0]
 * // { agent: 'agent_b', line: 'eu-tax-free', price: { amount: 144, currency: 'CNY' }, cheapest: true, ... }
 */
export function estimateShipping(
  input: EstimateShippingInput,
  options: EstimateShippingOptions = {},
): EstimateShippingOutput {
  const country = normalizeCountry(input.country);
  const currency: Currency = input.currency ?? 'USD';
  const rates = options.rates ?? DEFAULT_CURRENCY_RATES;
  const parcel = packedWeight(input, options.resolveProduct);
  const dims = input.dimensions_cm;
  const assumptions = [...parcel.assumptions];
  if (!dims) assumptions.push('No dimensions given: volumetric weight was not applied.');

  const quotes: Quote[] = [];
  const unavailable: UnavailableLine[] = [];
  const divisorsUsed = new Set<number>();
  for (const agent of pickAgents(input, options.agents ?? DEFAULT_AGENTS)) {
    for (const line of agent.shipping_lines) {
      if (input.line !== undefined && line.id !== input.line) continue;
      const where = { agent: agent.id, line: line.id };
      const rate = rateFor(line, country);
      if (!rate) {
        unavailable.push({
          ...where,
          reason_code: 'country_not_served',
          reason: `${line.name} does not ship to ${country}.`,
        });
        continue;
      }
      const longest = dims ? Math.max(dims.length, dims.width, dims.height) : 0;
      if (line.max_side_cm !== undefined && longest > line.max_side_cm) {
        unavailable.push({
          ...where,
          reason_code: 'over_max_side',
          reason: `${line.name} takes no side over ${line.max_side_cm} cm; the parcel has ${longest} cm.`,
        });
        continue;
      }
      const volumetric = volumetricWeightGrams(dims, line);
      if (volumetric !== undefined) divisorsUsed.add(line.volumetric.divisor);
      const chargeable = Math.max(parcel.grams, volumetric ?? 0);
      if (chargeable > line.max_weight_grams) {
        unavailable.push({
          ...where,
          reason_code: 'over_max_weight',
          reason: `${line.name} carries at most ${line.max_weight_grams} g; the parcel bills ${chargeable} g.`,
        });
        continue;
      }
      const { billableGrams, priceCny } = priceForWeight(rate, chargeable);
      quotes.push({
        agent: agent.id,
        agent_name: agent.name,
        line: line.id,
        line_name: line.name,
        family: line.family,
        billable_weight_grams: billableGrams,
        ...(volumetric !== undefined && { volumetric_weight_grams: volumetric }),
        price: { amount: priceCny, currency: 'CNY' },
        price_converted: { amount: convertPrice(priceCny, currency, rates), currency },
        delivery_days: { min: line.delivery_days.min, max: line.delivery_days.max },
        tax_included: line.tax_included,
      });
    }
  }

  if (quotes.length === 0) {
    const reasons = unavailable.map((u) => `${u.agent}/${u.line}: ${u.reason}`).join(' ');
    throw new CatalogError(
      'SHIPPING_UNAVAILABLE',
      `No shipping line can carry this parcel to ${country}. ${reasons}`.trim(),
    );
  }
  if (divisorsUsed.size > 0) {
    const list = [...divisorsUsed].sort((a, b) => a - b).map((d) => `/${d}`);
    assumptions.push(
      `Volumetric weight = L×W×H cm / divisor (${list.join(', ')} by line); lines bill the greater of actual and volumetric.`,
    );
  }
  assumptions.push(
    `Prices are estimates in CNY; conversions use rates as of ${rates.as_of}. Agents may add fees and re-weigh the parcel.`,
  );
  return {
    country,
    actual_weight_grams: parcel.grams,
    quotes: flag(quotes),
    unavailable,
    assumptions,
    rates_as_of: rates.as_of,
  };
}
