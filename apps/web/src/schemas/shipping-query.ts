import { type Static, Type } from 'typebox';
import { PageQuerySchema } from './page-queries.js';

// The calculator reads its own values (pages/shipping/shipping-request.ts) so that a wrong one
// (a negative weight, an unknown country or slug) gets a 400 page naming it in words, with the
// form filled in to correct it; the schema only bounds sizes. Empty means "not set", as forms send.

const side = (name: string) =>
  Type.String({ maxLength: 12, description: `${name} of the box in cm (all three, or none).` });

/** Query of `/shipping`. */
export const ShippingQuerySchema = Type.Object({
  country: Type.Optional(
    Type.String({
      maxLength: 40,
      description:
        'Destination, ISO 3166-1 alpha-2 code (PL, US, GB…): any country a shipping line serves.',
    }),
  ),
  weight_grams: Type.Optional(
    Type.String({
      maxLength: 12,
      description:
        'Packed parcel weight in grams, 1-100000, as estimate_shipping’s weight_grams. Give this ' +
        'or items, not both.',
    }),
  ),
  weight: Type.Optional(
    Type.String({
      maxLength: 12,
      deprecated: true,
      description:
        'The old name of weight_grams, still read so old links work; given with a different ' +
        'weight_grams, it is a 400.',
    }),
  ),
  items: Type.Optional(
    Type.String({
      maxLength: 4000,
      description:
        'Comma-separated product slugs, each optionally with :quantity (slug:2); a category id ' +
        '(sneakers:2) stands for a typical item of it. Up to 50 entries.',
    }),
  ),
  add: Type.Optional(
    Type.String({
      maxLength: 1000,
      description:
        'One more item: a product slug, its page URL, or a listing link of a catalogued product.',
    }),
  ),
  length: Type.Optional(side('Length')),
  width: Type.Optional(side('Width')),
  height: Type.Optional(side('Height')),
  ...PageQuerySchema.properties,
});

/** A validated `/shipping` query. */
export type ShippingQuery = Static<typeof ShippingQuerySchema>;

/**
 * Old names the calculator still reads, each with the name that replaced it: its own URLs, form
 * and documents use only the new one. `weight` became `weight_grams`, the name of the
 * `estimate_shipping` argument, so the page and the tool share one vocabulary.
 */
export const SHIPPING_QUERY_ALIASES = {
  weight: 'weight_grams',
} as const satisfies Record<string, keyof ShippingQuery>;
