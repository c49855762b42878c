import type { CategoryId } from '../categories.js';
import { type Currency, DEFAULT_CURRENCY_RATES, formatPrice, toCny } from '../currency.js';
import { categoryNamedIn, type Parsed, parseCategory, show } from './fields.js';
import { type Money, parseMoney } from './money.js';
import { type NormalizeRowContext, UNBRANDED } from './row-context.js';

/** A value a row gets, and what was inferred or converted to get it (a warning), if anything. */
export type Inferred<T> =
  | { readonly ok: true; readonly value: T; readonly warning?: string }
  | { readonly ok: false; readonly reason: string };

/**
 * The brand: the given one (canonicalised by the lexicon: `LV` → `Louis Vuitton`), else the one
 * the title names, else {@link UNBRANDED} with a warning.
 */
export function inferBrand(
  given: string | undefined,
  title: string | undefined,
  context: NormalizeRowContext,
): Inferred<string> {
  if (given !== undefined) return { ok: true, value: context.recognizeBrand?.(given) ?? given };
  const fromTitle = title === undefined ? undefined : context.recognizeBrand?.(title);
  if (fromTitle !== undefined) return { ok: true, value: fromTitle };
  return {
    ok: true,
    value: UNBRANDED,
    warning: `brand: none given or recognised in the title; loaded as "${UNBRANDED}"`,
  };
}

/**
 * The category: the given one read as a category name or, through the lexicon, a category or
 * product-type word (`Trainers`); else the one the title's words point to, with a warning; else
 * the row cannot be placed and is refused.
 */
export function inferCategory(
  given: unknown,
  title: string | undefined,
  context: NormalizeRowContext,
): Inferred<CategoryId> {
  if (given !== undefined) {
    const parsed = parseCategory(given);
    if (parsed.ok) return parsed;
    const word = typeof given === 'string' ? context.recognizeCategory?.(given) : undefined;
    if (word) return { ok: true, value: word };
    const fromTitle = categoryOfTitle(title, context);
    if (fromTitle) {
      return {
        ok: true,
        value: fromTitle,
        warning: `category: ${show(given)} is no category; "${fromTitle}" from the title`,
      };
    }
    return { ok: false, reason: `category: ${parsed.reason}, and the title names none` };
  }
  const fromTitle = categoryOfTitle(title, context);
  if (fromTitle) {
    return {
      ok: true,
      value: fromTitle,
      warning: `category: none given; "${fromTitle}" from the title`,
    };
  }
  return { ok: false, reason: 'category: required (none given, and the title names none)' };
}

function categoryOfTitle(
  title: string | undefined,
  context: NormalizeRowContext,
): CategoryId | undefined {
  if (title === undefined) return undefined;
  return context.recognizeCategory?.(title) ?? categoryNamedIn(title);
}

const MAX_PRICE_CNY = 1_000_000;

/**
 * The price in CNY: written in CNY (or a bare number) it is kept; in another currency (from
 * the cell, or the column's header) it is converted at the rates the pages display, with a
 * warning saying so.
 */
export function inferPrice(
  value: unknown,
  columnCurrency: Currency | undefined,
  context: NormalizeRowContext,
): Inferred<number> {
  const parsed: Parsed<Money> = parseMoney(value, columnCurrency);
  if (!parsed.ok) return { ok: false, reason: `price: ${parsed.reason}` };
  const { amount, currency, range } = parsed.value;
  const rates = context.rates ?? DEFAULT_CURRENCY_RATES;
  const cny = currency === 'CNY' ? Math.round(amount * 100) / 100 : toCny(amount, currency, rates);
  if (cny > MAX_PRICE_CNY) {
    return { ok: false, reason: `price: must be at most 1,000,000 CNY, got ${show(value)}` };
  }
  const notes: string[] = [];
  if (range) notes.push(`a range, its lower end ${formatPrice(amount, currency)} kept`);
  if (currency !== 'CNY') {
    notes.push(
      `${formatPrice(amount, currency)} converted to ${formatPrice(cny, 'CNY')} at ${rates.cny_per_unit[currency]} CNY per ${currency} (rates of ${rates.as_of})`,
    );
  }
  return notes.length > 0
    ? { ok: true, value: cny, warning: `price: ${notes.join('; ')}` }
    : { ok: true, value: cny };
}
