import {
  type Agent,
  type Currency,
  type CurrencyRates,
  type EstimateShippingInput,
  type EstimateShippingOutput,
  estimateShipping,
  isCatalogError,
} from '@repo/catalog-core';
import type { ShippingProblem } from './shipping-problem.js';
import type { ShippingRequest } from './shipping-request.js';

/** The calculator's request as `estimate_shipping` arguments: the same input, the same quotes. */
export function toEstimateInput(
  request: ShippingRequest & { readonly country: string },
  currency: Currency,
): EstimateShippingInput {
  return {
    country: request.country,
    ...(request.weightGrams === undefined
      ? {
          items: request.items.map((item) =>
            item.kind === 'product'
              ? { slug: item.product.slug, quantity: item.quantity }
              : { category: item.category, quantity: item.quantity },
          ),
        }
      : { weight_grams: request.weightGrams }),
    ...(request.box ? { dimensions_cm: { ...request.box } } : {}),
    currency,
  };
}

/** A calculator answer: the estimate, or why the agents' lines cannot give one. */
export type ShippingAnswer =
  | { readonly ok: true; readonly output: EstimateShippingOutput }
  | { readonly ok: false; readonly problem: ShippingProblem };

/**
 * Runs the one estimator `estimate_shipping` runs, on a checked request with a country and a
 * weight or items. A parcel no line can carry (too heavy, too long) is a problem to show, with the
 * estimator's reasons.
 */
export function estimate(
  request: ShippingRequest & { readonly country: string },
  agents: readonly Agent[],
  currency: Currency,
  rates: CurrencyRates,
): ShippingAnswer {
  const products = new Map(
    request.items.flatMap((i) => (i.kind === 'product' ? [[i.product.slug, i.product]] : [])),
  );
  try {
    const output = estimateShipping(toEstimateInput(request, currency), {
      agents,
      rates,
      resolveProduct: (slug) => products.get(slug),
    });
    return { ok: true, output };
  } catch (err) {
    if (isCatalogError(err)) {
      return {
        ok: false,
        problem: {
          code: 'estimate_refused',
          catalogCode: err.code,
          country: request.country,
          message: err.message,
        },
      };
    }
    throw err;
  }
}
