import type { Currency } from '../currency/currencies.js';
import { CURRENCY_SYMBOLS, CURRENCY_WORDS } from './currency-words.js';
import { type Parsed, show } from './fields.js';

/** An amount in the currency it was written in. */
export interface Money {
  readonly amount: number;
  readonly currency: Currency;
  /** `range`: the cell held a range (`¥199-299`), its lower end was kept. */
  readonly range?: true;
}

const ok = (value: Money): Parsed<Money> => ({ ok: true, value });
const fail = (reason: string): Parsed<never> => ({ ok: false, reason });

/** A number as written: `1,299`, `1,299.50`, `1.299,50`, `28,50`, `499`. */
const NUMBER = /\d+(?:[.,]\d+)*/g;

function parseNumber(text: string): number | undefined {
  // Thousands in groups of three, with the other mark (if any) the decimal one.
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) return Number(text.replaceAll(',', ''));
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(text)) {
    return Number(text.replaceAll('.', '').replace(',', '.'));
  }
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  // A decimal comma only with cents ("28,50"): "129,9" could be either, so it is refused.
  if (/^\d+,\d{2}$/.test(text)) return Number(text.replace(',', '.'));
  return undefined;
}

/** The currencies a text names, with symbols spelled out as words first. */
function currenciesIn(text: string): Currency[] {
  let spelled = text;
  for (const [symbol, word] of CURRENCY_SYMBOLS) spelled = spelled.replaceAll(symbol, word);
  const found = spelled
    .toLowerCase()
    .split(/[^a-z]+/)
    .map((word) => CURRENCY_WORDS[word])
    .filter((currency) => currency !== undefined);
  return [...new Set(found)];
}

/**
 * A price as written in a sheet, in its own currency: `¥499`, `499元`, `389 CNY`, `RMB 120`,
 * `$28.50`, `US$30`, `€25`, `28,50 €`, `£20`, `R$149,90`, `MX$899`, `49,99 zł`. The currency comes from the cell, else from the
 * column's header (`columnCurrency`), else it is CNY, the marketplaces' currency. A range
 * (`¥199-299`) gives its lower end; a cell with a price in CNY and another (`¥199 ($28)`) gives
 * the CNY one.
 *
 * @example parseMoney('$28.50') // { ok: true, value: { amount: 28.5, currency: 'USD' } }
 */
export function parseMoney(value: unknown, columnCurrency?: Currency): Parsed<Money> {
  const bad = () => fail(`must be a positive number, got ${show(value)}`);
  if (typeof value === 'number') {
    return Number.isFinite(value) && value > 0
      ? ok({ amount: value, currency: columnCurrency ?? 'CNY' })
      : bad();
  }
  if (typeof value !== 'string') return bad();
  const text = value.trim();
  const numbers = [...text.matchAll(NUMBER)];
  const first = numbers[0];
  // A minus sign before the first digits, not between two amounts, makes it negative.
  if (!first || /-\s*$/.test(text.slice(0, first.index))) return bad();
  const currencies = currenciesIn(text);
  const amountOf = (match: RegExpMatchArray) => parseNumber(match[0]);

  if (numbers.length === 1) {
    const amount = amountOf(first);
    if (amount === undefined || amount <= 0) return bad();
    if (currencies.length > 1) {
      return fail(`names several currencies (${currencies.join(', ')}), got ${show(value)}`);
    }
    return ok({ amount, currency: currencies[0] ?? columnCurrency ?? 'CNY' });
  }
  const second = numbers[1] as RegExpMatchArray;
  const between = text.slice(first.index + first[0].length, second.index);
  if (numbers.length === 2 && /^\s*[^\d\s]{0,4}\s*[-–~]\s*[^\d\s]{0,4}\s*$/.test(between)) {
    const amount = amountOf(first);
    if (amount === undefined || amount <= 0 || currencies.length > 1) return bad();
    return ok({ amount, currency: currencies[0] ?? columnCurrency ?? 'CNY', range: true });
  }
  // "¥199 ($28)": the marketplace price is the one in CNY.
  const cny = /(?:¥|￥|cny|rmb)\s*(\d+(?:[.,]\d+)*)|(\d+(?:[.,]\d+)*)\s*(?:元|cny|rmb|yuan)/i.exec(
    text,
  );
  const amount = cny ? parseNumber(cny[1] ?? cny[2] ?? '') : undefined;
  if (amount !== undefined && amount > 0) return ok({ amount, currency: 'CNY' });
  return fail(`holds several amounts and none in CNY, got ${show(value)}`);
}
