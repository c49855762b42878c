import type { ShippingLine, ShippingRate } from './shipping-line.js';

/** Parcel size in centimetres. */
export interface DimensionsCm {
  readonly length: number;
  readonly width: number;
  readonly height: number;
}

/** China EMS starts counting volume once any side exceeds this (reference/domain.md 2.1). */
const EMS_SIDE_LIMIT_CM = 60;

/**
 * The volumetric weight a line bills for a parcel, in grams (L×W×H / divisor, in kg), or
 * `undefined` when the line's rule does not apply: no dimensions, rule `never`, or rule
 * `side_gt_60cm` with every side at 60 cm or less.
 *
 * @example volumetricWeightGrams({ length: 36, width: 26, height: 15 }, line) // 2808 at /5000
 */
export function volumetricWeightGrams(
  dims: DimensionsCm | undefined,
  line: Pick<ShippingLine, 'volumetric'>,
): number | undefined {
  if (!dims) return undefined;
  const { rule, divisor } = line.volumetric;
  if (rule === 'never') return undefined;
  if (
    rule === 'side_gt_60cm' &&
    Math.max(dims.length, dims.width, dims.height) <= EMS_SIDE_LIMIT_CM
  ) {
    return undefined;
  }
  return Math.ceil(((dims.length * dims.width * dims.height) / divisor) * 1000);
}

/** Weight a line bills and what it costs, before currency conversion. */
export interface LinePrice {
  readonly billableGrams: number;
  readonly priceCny: number;
}

/**
 * Prices a chargeable weight with a first-weight + step rate: at least the first bracket, then
 * every started step. The billable weight is the chargeable weight rounded up the same way, so
 * that it explains the price.
 *
 * @example priceForWeight({ first_grams: 500, first_price: 150, step_grams: 100, step_price: 11 }, 2000)
 * // { billableGrams: 2000, priceCny: 315 }
 */
export function priceForWeight(
  rate: Pick<ShippingRate, 'first_grams' | 'first_price' | 'step_grams' | 'step_price'>,
  chargeableGrams: number,
): LinePrice {
  const steps = Math.max(0, Math.ceil((chargeableGrams - rate.first_grams) / rate.step_grams));
  return {
    billableGrams: rate.first_grams + steps * rate.step_grams,
    // Rates may carry cents (scaled zone rates); round so that sums do not show float noise.
    priceCny: Math.round((rate.first_price + steps * rate.step_price) * 100) / 100,
  };
}
