import { type Static, type TNumber, Type } from 'typebox';
import { CURRENCIES, type Currency } from './currencies.js';

/** A currency that has a rate of its own: every one but CNY, the base. */
type QuotedCurrency = Exclude<Currency, 'CNY'>;

/** The currencies a rates file must give a rate for. */
export const QUOTED_CURRENCIES = CURRENCIES.filter(
  (currency): currency is QuotedCurrency => currency !== 'CNY',
);

const Rate = (currency: QuotedCurrency) =>
  Type.Number({
    exclusiveMinimum: 0,
    description: `CNY per ${currency}: what one ${currency} costs in CNY, mid-market.`,
  });

const rates = Object.fromEntries(QUOTED_CURRENCIES.map((c) => [c, Rate(c)])) as Record<
  QuotedCurrency,
  TNumber
>;

/**
 * A rates file (`src/currency/rates.json`, or an operator's `RATES_FILE`): the day the figures
 * were taken and what one unit of each currency costs in CNY. Every currency of `CURRENCIES` but
 * CNY needs a rate; CNY, the base, may be left out or written as 1. What JSON Schema cannot say
 * (a real calendar day) `parseCurrencyRates` checks.
 */
export const CurrencyRatesFileSchema = Type.Object(
  {
    as_of: Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: 'Day the figures were taken, YYYY-MM-DD.',
    }),
    cny_per_unit: Type.Object(
      {
        ...rates,
        CNY: Type.Optional(Type.Literal(1, { description: 'The base: always 1.' })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
/** A rates file as {@link CurrencyRatesFileSchema} describes it. */
export type CurrencyRatesFile = Static<typeof CurrencyRatesFileSchema>;
