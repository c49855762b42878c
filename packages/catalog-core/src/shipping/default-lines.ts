import type { ShippingLine, ShippingRate } from './shipping-line.js';

// Figures: reference/domain.md 5.3 (third-party estimates, no live agent quote). The US/EU row of
// each line is the sourced figure; other destinations scale it by the factors below because no
// sourced per-country rates exist for them (domain.md: "seed them as copies of the EU rows").
// Operators replace all of this with their agents' real tables through the agents file.

/** Price factor per destination relative to the sourced US/EU row; `*` covers every other country. */
const DESTINATION_FACTORS: Readonly<Record<string, number>> = {
  US: 1,
  CA: 1.1,
  GB: 0.95,
  DE: 0.95,
  FR: 0.95,
  NL: 0.95,
  ES: 1,
  IT: 1,
  AU: 1.05,
  '*': 1.2,
};

const EU_TAX_FREE = ['DE', 'FR', 'ES', 'IT', 'NL', 'BE', 'AT', 'IE', 'PT'];

// CN: the agents' warehouses are in China, so there is no international parcel to quote.
// KP: no postal exchange. AQ, BV, HM: no resident population to ship to.
const NOT_SERVED = ['CN', 'KP', 'AQ', 'BV', 'HM'];

interface Base {
  readonly first: number;
  readonly step: number;
  readonly firstGrams?: number;
  readonly stepGrams?: number;
}

/** Builds one rate row per destination from a sourced base row and the factors. */
function zoneRates(base: Base, countries: readonly string[] = Object.keys(DESTINATION_FACTORS)) {
  return countries.map(
    (country): ShippingRate => ({
      country,
      first_grams: base.firstGrams ?? 500,
      first_price: Math.round(base.first * (DESTINATION_FACTORS[country] ?? 1)),
      step_grams: base.stepGrams ?? 100,
      step_price: Math.round(base.step * (DESTINATION_FACTORS[country] ?? 1)),
    }),
  );
}

const dhl = (id: string, name: string, base: Base, days: [number, number]): ShippingLine => ({
  id,
  name,
  family: 'express',
  tax_included: false,
  currency: 'CNY',
  volumetric: { divisor: 5000, rule: 'always' },
  max_weight_grams: 30_000,
  delivery_days: { min: days[0], max: days[1] },
  rates: zoneRates(base),
  excluded_countries: NOT_SERVED,
  notes: 'Courier: duties and import VAT are collected from the recipient on delivery.',
});

const ems = (id: string, name: string, base: Base, days: [number, number]): ShippingLine => ({
  id,
  name,
  family: 'postal_express',
  tax_included: false,
  currency: 'CNY',
  volumetric: { divisor: 8000, rule: 'side_gt_60cm' },
  max_weight_grams: 30_000,
  delivery_days: { min: days[0], max: days[1] },
  rates: zoneRates(base),
  excluded_countries: NOT_SERVED,
});

const eub = (id: string, maxGrams: number, base: Base, days: [number, number]): ShippingLine => ({
  id,
  name: 'E-UB (ePacket)',
  family: 'economy',
  tax_included: false,
  currency: 'CNY',
  volumetric: { divisor: 6000, rule: 'never' },
  max_weight_grams: maxGrams,
  max_side_cm: 60,
  delivery_days: { min: days[0], max: days[1] },
  rates: zoneRates(base),
  excluded_countries: NOT_SERVED,
  notes: 'Small-packet air mail: billed by actual weight, no side over 60 cm.',
});

/** Default shipping lines of `agent_a`: US tax-free, GD-EMS, E-UB (2 kg), DHL. */
export const AGENT_A_LINES: readonly ShippingLine[] = [
  {
    id: 'us-tax-free',
    name: 'US Tax-Free Line',
    family: 'special_ddp',
    tax_included: true,
    currency: 'CNY',
    // The source gives no volume rule; /6000 is the air-freight default (domain.md 5.3 note).
    volumetric: { divisor: 6000, rule: 'always' },
    max_weight_grams: 20_000,
    delivery_days: { min: 15, max: 30 },
    rates: zoneRates({ first: 150, step: 11 }, ['US']),
    notes: 'Duties prepaid (DDP). US rates changed with the end of de minimis in 2025.',
  },
  ems('gd-ems', 'GD-EMS', { first: 160, step: 12 }, [10, 20]),
  eub('e-ub', 2000, { first: 130, step: 10 }, [15, 35]),
  dhl('dhl', 'DHL Express', { first: 230, step: 20 }, [5, 10]),
];

/** Default shipping lines of `agent_b`: EU tax-free, China EMS, SAL, FedEx. */
export const AGENT_B_LINES: readonly ShippingLine[] = [
  {
    id: 'eu-tax-free',
    name: 'EU Tax-Free Line',
    family: 'special_ddp',
    tax_included: true,
    currency: 'CNY',
    volumetric: { divisor: 6000, rule: 'always' },
    max_weight_grams: 20_000,
    delivery_days: { min: 10, max: 20 },
    // Sourced as 80 CNY per kg; first 500 g at 40 + 8 per 100 g gives the same 160 CNY at 2 kg.
    rates: EU_TAX_FREE.map((country) => ({
      country,
      first_grams: 500,
      first_price: 40,
      step_grams: 100,
      step_price: 8,
    })),
    notes: 'Duties and VAT prepaid (DDP) for EU destinations.',
  },
  ems('china-ems', 'China EMS', { first: 180, step: 14 }, [10, 20]),
  {
    id: 'sal',
    name: 'SAL Economy',
    family: 'economy',
    tax_included: false,
    currency: 'CNY',
    volumetric: { divisor: 6000, rule: 'never' },
    max_weight_grams: 20_000,
    delivery_days: { min: 20, max: 45 },
    rates: zoneRates({ first: 100, step: 9 }),
    excluded_countries: NOT_SERVED,
  },
  dhl('fedex', 'FedEx International Priority', { first: 220, step: 19 }, [5, 12]),
];

/** Default shipping lines of `agent_c`: UK tax-free, HZ-EMS, E-UB (3 kg), DHL. */
export const AGENT_C_LINES: readonly ShippingLine[] = [
  {
    id: 'gb-tax-free',
    name: 'UK Tax-Free Line',
    family: 'special_ddp',
    tax_included: true,
    currency: 'CNY',
    volumetric: { divisor: 6000, rule: 'always' },
    max_weight_grams: 20_000,
    delivery_days: { min: 10, max: 18 },
    rates: zoneRates({ first: 120, step: 10 }, ['GB']),
    notes: 'Import VAT prepaid (DDP) for Great Britain and Northern Ireland.',
  },
  ems('hz-ems', 'HZ-EMS', { first: 170, step: 13 }, [8, 18]),
  eub('e-ub', 3000, { first: 125, step: 10 }, [15, 30]),
  dhl('dhl', 'DHL Express', { first: 225, step: 19 }, [4, 9]),
];
