import { type Static, Type } from 'typebox';
import { CURRENCIES } from '../currency/currencies.js';

/** What an offer gives (a simplified `AgentOffer.kind` of reference/domain.md 5.2). */
export const OFFER_KINDS = [
  'signup_coupons',
  'shipping_discount',
  'balance_credit',
  'first_order',
] as const;
/** One of {@link OFFER_KINDS}. */
export type OfferKind = (typeof OFFER_KINDS)[number];

/** How to read `value_amount`. */
export const OFFER_VALUE_KINDS = [
  'coupon_pack_total',
  'percent_off_shipping',
  'fixed_credit',
] as const;
/** One of {@link OFFER_VALUE_KINDS}. */
export type OfferValueKind = (typeof OFFER_VALUE_KINDS)[number];

/**
 * An offer of an agent: sign-up coupon pack, shipping discount, balance credit. Offers apply to
 * accounts registered through the agent's `signup_url`, which carries the affiliate code, so an
 * offer has no link of its own.
 */
export const AgentOfferSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 60 }),
    kind: Type.Enum(OFFER_KINDS, { type: 'string' }),
    headline: Type.String({ minLength: 1, maxLength: 140 }),
    value_amount: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
    value_currency: Type.Optional(Type.Enum(CURRENCIES, { type: 'string' })),
    value_kind: Type.Optional(Type.Enum(OFFER_VALUE_KINDS, { type: 'string' })),
    conditions: Type.Optional(Type.String({ maxLength: 300 })),
    code: Type.Optional(
      Type.String({ maxLength: 40, description: 'Coupon code to enter, if any.' }),
    ),
    regions: Type.Optional(
      Type.Array(Type.String({ pattern: '^[A-Z]{2}$' }), {
        maxItems: 300,
        description: 'ISO 3166-1 alpha-2 codes the offer is limited to; absent means everywhere.',
      }),
    ),
    valid_until: Type.Optional(
      Type.String({ format: 'date', description: 'Last day, YYYY-MM-DD.' }),
    ),
  },
  { additionalProperties: false },
);

/** An offer of an agent (see {@link AgentOfferSchema}). */
export type AgentOffer = Static<typeof AgentOfferSchema>;

/**
 * What using an agent costs besides the goods and the shipping. Reps-focused agents differ a lot
 * here (0–10 % service fee), so every figure is stored per agent rather than assumed.
 */
export const AgentFeesSchema = Type.Object(
  {
    service_pct: Type.Number({ minimum: 0, maximum: 100, description: 'Percent of item cost.' }),
    service_min_cny: Type.Optional(Type.Number({ minimum: 0, maximum: 10_000 })),
    payment_pct: Type.Number({ minimum: 0, maximum: 100, description: 'Card/PayPal surcharge.' }),
    free_storage_days: Type.Integer({ minimum: 0, maximum: 3650 }),
    notes: Type.Optional(Type.String({ maxLength: 300 })),
  },
  { additionalProperties: false },
);

/** The fees of an agent (see {@link AgentFeesSchema}). */
export type AgentFees = Static<typeof AgentFeesSchema>;
