import { type Static, Type } from 'typebox';

/** How a line's carriers group, from the fastest and dearest to the slowest and cheapest. */
export const LINE_FAMILIES = [
  'express',
  'postal_express',
  'special_ddp',
  'economy',
  'sea',
] as const;
/** One of {@link LINE_FAMILIES}. */
export type LineFamily = (typeof LINE_FAMILIES)[number];

/**
 * When a line bills volumetric weight: couriers always do (`always`), China EMS only once a side
 * exceeds 60 cm (`side_gt_60cm`), air small-packet lines bill actual weight only (`never`).
 */
export const VOLUMETRIC_RULES = ['always', 'side_gt_60cm', 'never'] as const;
/** One of {@link VOLUMETRIC_RULES}. */
export type VolumetricRule = (typeof VOLUMETRIC_RULES)[number];

/** A line identifier: lower-case words joined by hyphens. Agents may share ids (`dhl`, `e-ub`). */
export const LINE_ID_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';

/**
 * The price of one line to one destination, billed as "first weight + each further step":
 * a parcel of `first_grams` or less costs `first_price`; every started `step_grams` above it adds
 * `step_price`. Prices are in CNY, like every rate the agents publish. `country` is an ISO 3166-1
 * alpha-2 code or `*`, the zone for every other country the line serves.
 */
export const ShippingRateSchema = Type.Object(
  {
    country: Type.String({
      pattern: '^(?:[A-Z]{2}|\\*)$',
      description: 'ISO 3166-1 alpha-2 or *.',
    }),
    first_grams: Type.Integer({ minimum: 1, maximum: 5000 }),
    first_price: Type.Number({ minimum: 0, maximum: 100_000 }),
    step_grams: Type.Integer({ minimum: 1, maximum: 5000 }),
    step_price: Type.Number({ minimum: 0, maximum: 100_000 }),
  },
  { additionalProperties: false },
);

/** One destination rate of a line (see {@link ShippingRateSchema}). */
export type ShippingRate = Static<typeof ShippingRateSchema>;

/**
 * A shipping line of an agent (EMS, DHL, a tax-free special line...), as data an operator file can
 * replace. A line serves the countries of its `rates`; `*` extends it to every other assigned ISO
 * country except those in `excluded_countries`.
 */
export const ShippingLineSchema = Type.Object(
  {
    id: Type.String({ pattern: LINE_ID_PATTERN, maxLength: 40 }),
    name: Type.String({ minLength: 1, maxLength: 80 }),
    family: Type.Enum(LINE_FAMILIES, { type: 'string' }),
    tax_included: Type.Boolean({
      description: 'Duties and import VAT are paid by the line (DDP), not by the recipient.',
    }),
    currency: Type.Enum(['CNY'], { type: 'string' }),
    volumetric: Type.Object(
      {
        divisor: Type.Integer({
          minimum: 1000,
          maximum: 10_000,
          description: 'L×W×H (cm) / divisor = kg.',
        }),
        rule: Type.Enum(VOLUMETRIC_RULES, { type: 'string' }),
      },
      { additionalProperties: false },
    ),
    max_weight_grams: Type.Integer({ minimum: 1, maximum: 100_000 }),
    max_side_cm: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 400 })),
    delivery_days: Type.Object(
      {
        min: Type.Integer({ minimum: 1, maximum: 120 }),
        max: Type.Integer({ minimum: 1, maximum: 120 }),
      },
      { additionalProperties: false },
    ),
    rates: Type.Array(ShippingRateSchema, { minItems: 1, maxItems: 300 }),
    excluded_countries: Type.Optional(
      Type.Array(Type.String({ pattern: '^[A-Z]{2}$' }), { maxItems: 300 }),
    ),
    notes: Type.Optional(Type.String({ maxLength: 300 })),
  },
  { additionalProperties: false },
);

/** A shipping line of an agent (see {@link ShippingLineSchema}). */
export type ShippingLine = Static<typeof ShippingLineSchema>;

/**
 * The rate a line charges to a country: the country's own row, else the `*` row unless the
 * country is excluded. `undefined` means the line does not serve the country.
 *
 * @example rateFor(line, 'US')?.first_price // 150
 */
export function rateFor(line: ShippingLine, country: string): ShippingRate | undefined {
  const own = line.rates.find((r) => r.country === country);
  if (own) return own;
  if (line.excluded_countries?.includes(country)) return undefined;
  return line.rates.find((r) => r.country === '*');
}

/**
 * The countries a line lists by name, plus `*` when it serves all others: what tool results show
 * instead of the full rate table.
 *
 * @example servedCountries(line) // ['US'] or ['GB', 'DE', '*']
 */
export function servedCountries(line: ShippingLine): string[] {
  return line.rates.map((r) => r.country);
}
