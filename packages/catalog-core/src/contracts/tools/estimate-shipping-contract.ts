import { type Static, Type } from 'typebox';
import { LINE_FAMILIES, LINE_ID_PATTERN } from '../../shipping/shipping-line.js';
import {
  agentIdSchema,
  categoryIdSchema,
  cnyAmountSchema,
  convertedAmountSchema,
  currencySchema,
} from './shared-schemas.js';

const side = (name: string) =>
  Type.Number({ exclusiveMinimum: 0, maximum: 300, description: `${name} in centimetres.` });

/**
 * Arguments of `estimate_shipping`. Give exactly one of `weight_grams` and `items`; the rule lives
 * in {@link estimateShipping} rather than in a root `oneOf`, because several MCP clients reject
 * combinators at the root of an input schema.
 */
export const EstimateShippingInputSchema = Type.Object(
  {
    country: Type.String({
      pattern: '^[A-Za-z]{2}$',
      description: 'Destination, ISO 3166-1 alpha-2 code: US, GB (not UK), DE, FR, AU...',
    }),
    weight_grams: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100_000,
        description: 'Packed parcel weight in grams. Give this or items, not both.',
      }),
    ),
    items: Type.Optional(
      Type.Array(
        Type.Object(
          {
            slug: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 160,
                description: 'A product slug from search_products. Give slug or category.',
              }),
            ),
            category: Type.Optional(
              categoryIdSchema(
                'A category, to use its typical item weight. Give slug or category.',
              ),
            ),
            quantity: Type.Optional(
              Type.Integer({ minimum: 1, maximum: 100, default: 1, description: 'How many.' }),
            ),
          },
          { additionalProperties: false },
        ),
        {
          minItems: 1,
          maxItems: 50,
          description:
            'Items of the parcel; weights come from the catalog or category defaults, plus 10% packaging.',
        },
      ),
    ),
    dimensions_cm: Type.Optional(
      Type.Object(
        { length: side('Length'), width: side('Width'), height: side('Height') },
        {
          additionalProperties: false,
          description: 'Parcel size. Needed for volumetric weight (large light boxes bill more).',
        },
      ),
    ),
    agent: Type.Optional(agentIdSchema('Only quote this agent. Default: all agents.')),
    line: Type.Optional(
      Type.String({
        pattern: LINE_ID_PATTERN,
        maxLength: 40,
        description:
          'Only quote this shipping line id (from get_agent_offers), e.g. "dhl" or "e-ub".',
      }),
    ),
    currency: Type.Optional(currencySchema('Currency for converted prices. Default USD.')),
  },
  { additionalProperties: false },
);

/** Arguments of `estimate_shipping` (see {@link EstimateShippingInputSchema}). */
export type EstimateShippingInput = Static<typeof EstimateShippingInputSchema>;

/** The price of one line of one agent for the parcel. */
export const ShippingQuoteSchema = Type.Object(
  {
    agent: agentIdSchema('Agent identifier.'),
    agent_name: Type.String(),
    line: Type.String({ description: 'Shipping line identifier.' }),
    line_name: Type.String(),
    family: Type.Enum(LINE_FAMILIES, { type: 'string' }),
    billable_weight_grams: Type.Integer({
      minimum: 1,
      description: 'Weight the line bills: max(actual, volumetric), rounded up to its weight step.',
    }),
    volumetric_weight_grams: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Volumetric weight, when this line applies it.' }),
    ),
    price: cnyAmountSchema('Price in CNY, as the agent charges it.'),
    price_converted: convertedAmountSchema('Indicative price in the requested currency.'),
    delivery_days: Type.Object(
      { min: Type.Integer({ minimum: 0 }), max: Type.Integer({ minimum: 0 }) },
      { additionalProperties: false },
    ),
    tax_included: Type.Boolean({ description: 'Duties and import VAT prepaid (DDP).' }),
    cheapest: Type.Boolean({ description: 'The lowest price of all quotes.' }),
    fastest: Type.Boolean({ description: 'The shortest maximum delivery time of all quotes.' }),
  },
  { additionalProperties: false },
);

/** The price of one line of one agent (see {@link ShippingQuoteSchema}). */
export type ShippingQuote = Static<typeof ShippingQuoteSchema>;

/** Why a line cannot carry the parcel. */
export const UNAVAILABLE_REASONS = [
  'country_not_served',
  'over_max_weight',
  'over_max_side',
] as const;

/** A line that cannot carry the parcel, and why. */
export const UnavailableLineSchema = Type.Object(
  {
    agent: agentIdSchema('Agent identifier.'),
    line: Type.String(),
    reason_code: Type.Enum(UNAVAILABLE_REASONS, { type: 'string' }),
    reason: Type.String({ description: 'Explanation for the user.' }),
  },
  { additionalProperties: false },
);

/** A line that cannot carry the parcel (see {@link UnavailableLineSchema}). */
export type UnavailableLine = Static<typeof UnavailableLineSchema>;

/** Result of `estimate_shipping`. */
export const EstimateShippingOutputSchema = Type.Object(
  {
    country: Type.String({ description: 'Destination, ISO 3166-1 alpha-2.' }),
    actual_weight_grams: Type.Integer({
      minimum: 1,
      description: 'Packed weight: given, or items summed with 10% packaging.',
    }),
    quotes: Type.Array(ShippingQuoteSchema, { description: 'Cheapest first.' }),
    unavailable: Type.Array(UnavailableLineSchema),
    assumptions: Type.Array(Type.String(), {
      description: 'What the estimate assumed: default weights, packaging, volumetric divisors.',
    }),
    rates_as_of: Type.String({ description: 'Date of the exchange rates used, YYYY-MM-DD.' }),
  },
  { additionalProperties: false },
);

/** Result of `estimate_shipping` (see {@link EstimateShippingOutputSchema}). */
export type EstimateShippingOutput = Static<typeof EstimateShippingOutputSchema>;
