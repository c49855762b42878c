import type { CatalogErrorCode } from '@repo/catalog-core';

/** A box side the calculator reads. */
export type BoxSide = 'length' | 'width' | 'height';

/**
 * Why the calculator cannot use (part of) what it was asked: data, not words, so each code can
 * become one message with these values as its parameters. `problemText` writes them in English.
 * Values are kept as sent (trimmed); shortening them for display is the text's business.
 */
export type ShippingProblem =
  /** `country` is not an ISO 3166-1 alpha-2 code (as sent, before upper-casing). */
  | { readonly code: 'unknown_country'; readonly value: string }
  /** A real country that no agent's line serves. */
  | { readonly code: 'country_not_served'; readonly country: string }
  /** A parameter and its old name (an alias) both given, with different values. */
  | {
      readonly code: 'conflicting_parameters';
      readonly name: string;
      readonly value: string;
      readonly alias: string;
      readonly aliasValue: string;
    }
  /** The weight is not a whole number of grams in range. */
  | { readonly code: 'invalid_weight'; readonly value: string; readonly max: number }
  /** One or two box sides given, not all three. */
  | { readonly code: 'partial_box' }
  /** A box side out of range or not a number. */
  | {
      readonly code: 'invalid_side';
      readonly side: BoxSide;
      readonly value: string;
      readonly max: number;
    }
  /** An `items` entry that is not `slug` or `slug:quantity` with a quantity in range. */
  | { readonly code: 'invalid_item'; readonly entry: string; readonly maxQuantity: number }
  /** An `add` value that names no catalogued product. */
  | { readonly code: 'unknown_add'; readonly value: string }
  /** More different items than a parcel takes. */
  | { readonly code: 'too_many_items'; readonly max: number }
  /** An item slug the catalog does not have. */
  | { readonly code: 'unknown_slug'; readonly slug: string }
  /** Both a weight and items: the two are exclusive. */
  | { readonly code: 'weight_and_items' }
  /** A query parameter the calculator does not know, ignored, close to a known name. */
  | { readonly code: 'unknown_parameter'; readonly name: string; readonly suggestion: string }
  /** Query parameters it does not know, ignored, close to no known name: `known` lists those. */
  | {
      readonly code: 'unknown_parameters';
      readonly names: readonly string[];
      readonly known: readonly string[];
    }
  /** More unknown parameters than a notice names one by one. */
  | { readonly code: 'more_unknown_parameters'; readonly count: number }
  /** The estimator refused the parcel (no line carries it); its message, as the tool gives it. */
  | {
      readonly code: 'estimate_refused';
      readonly catalogCode: CatalogErrorCode;
      readonly country: string;
      readonly message: string;
    };

/** A parameter the calculator ignored: not a reason to refuse the estimate, but said on the page. */
export type IgnoredParameter = Extract<
  ShippingProblem,
  { code: 'unknown_parameter' | 'unknown_parameters' | 'more_unknown_parameters' }
>;
