import { Compile } from 'typebox/compile';
import { CatalogError } from '../errors.js';
import { CURRENCIES, type Currency, type CurrencyRates } from './currencies.js';
import { CurrencyRatesFileSchema, QUOTED_CURRENCIES } from './rates-schema.js';

const checkFile = Compile(CurrencyRatesFileSchema);

// As for the agents and lexicon files: the first few problems are enough to fix and re-run.
const MAX_REPORTED = 8;
// A rates table pasted whole from a provider names a hundred and more currencies: one line
// names the codes this service does not know, and only the first few of them.
const LISTED_CODES = 10;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SHAPE = '{"as_of": "YYYY-MM-DD", "cny_per_unit": {"USD": 7.08, ...}}';
const FIELDS: Readonly<Record<string, string>> = {
  as_of: 'the day the figures were taken, YYYY-MM-DD',
  cny_per_unit: `what one unit of each currency costs in CNY (${QUOTED_CURRENCIES.join(', ')})`,
};

function fail(problems: readonly string[]): never {
  const shown = problems.slice(0, MAX_REPORTED);
  const more =
    problems.length > shown.length ? `\n  ...and ${problems.length - shown.length} more` : '';
  throw new CatalogError(
    'RATES_INVALID',
    `Invalid currency rates:\n  ${shown.join('\n  ')}${more}`,
  );
}

/** A value as the file wrote it: strings quoted, numbers as they are (NaN stays NaN). */
function show(value: unknown): string {
  return typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `A, B and C`, or the first few and how many more. */
function listed(codes: readonly string[]): string {
  if (codes.length > LISTED_CODES) {
    return `${codes.slice(0, LISTED_CODES).join(', ')} and ${codes.length - LISTED_CODES} more`;
  }
  return codes.length < 2 ? codes.join('') : `${codes.slice(0, -1).join(', ')} and ${codes.at(-1)}`;
}

/** Whether `YYYY-MM-DD` names a day of the calendar (not 2026-02-30). */
function isCalendarDay(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

function dateProblems(asOf: unknown): string[] {
  if (typeof asOf !== 'string' || !DAY.test(asOf)) {
    return [`/as_of: must be a day written YYYY-MM-DD, got ${show(asOf)}`];
  }
  return isCalendarDay(asOf) ? [] : [`/as_of: ${asOf} is not a day of the calendar`];
}

/**
 * What is wrong with the rates themselves: each bad rate on its line, then the missing currencies
 * and the unknown codes each in one line (a file written for another set of currencies misses or
 * adds many at once); a known code written in lower case gets a line saying how to write it.
 */
function rateProblems(rates: unknown): string[] {
  if (!isRecord(rates)) {
    return [`/cny_per_unit: must be an object of rates such as {"USD": 7.08}, got ${show(rates)}`];
  }
  const problems: string[] = [];
  const known = CURRENCIES as readonly string[];
  const unknown: string[] = [];
  for (const [code, rate] of Object.entries(rates)) {
    if (code === 'CNY') {
      if (rate !== 1) {
        problems.push(
          `/cny_per_unit/CNY: must be 1 (CNY is the base of every rate) or left out, got ${show(rate)}`,
        );
      }
    } else if (known.includes(code)) {
      if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0) {
        problems.push(
          `/cny_per_unit/${code}: must be a positive, finite number of CNY per ${code}, got ${show(rate)}`,
        );
      }
    } else if (known.includes(code.toUpperCase())) {
      problems.push(
        `/cny_per_unit/${code}: write currency codes in capitals (${code.toUpperCase()})`,
      );
    } else {
      unknown.push(code);
    }
  }
  const missing = QUOTED_CURRENCIES.filter((code) => !Object.hasOwn(rates, code));
  if (missing.length > 0) {
    problems.push(
      `/cny_per_unit: missing a rate for ${listed(missing)}; every currency but CNY needs one`,
    );
  }
  if (unknown.length > 0) {
    problems.push(
      `/cny_per_unit: unknown currency ${unknown.length === 1 ? 'code' : 'codes'} ${listed(unknown)}; the known ones are ${CURRENCIES.join(', ')}`,
    );
  }
  return problems;
}

/** Every problem of a rates file, in words, naming its field. */
function problemsOf(value: unknown): string[] {
  if (!isRecord(value)) return [`/: must be an object ${SHAPE}, got ${show(value)}`];
  const problems: string[] = [];
  for (const name of Object.keys(FIELDS)) {
    if (!Object.hasOwn(value, name)) problems.push(`/${name}: missing; ${FIELDS[name]}`);
  }
  if (Object.hasOwn(value, 'as_of')) problems.push(...dateProblems(value.as_of));
  if (Object.hasOwn(value, 'cny_per_unit')) problems.push(...rateProblems(value.cny_per_unit));
  for (const name of Object.keys(value)) {
    if (!Object.hasOwn(FIELDS, name)) {
      problems.push(`/${name}: unknown field; a rates file has only "as_of" and "cny_per_unit"`);
    }
  }
  return problems;
}

/**
 * Validates exchange rates (a rates file already parsed from JSON) and returns them frozen, CNY
 * included as 1: the value must match `CurrencyRatesFileSchema`, give a positive rate for every
 * currency of `CURRENCIES` but CNY (which may be left out, or be 1), name no other currency, and
 * date the figures with a real day. Reading the file is the caller's job; this stays free of I/O.
 *
 * @throws {CatalogError} `RATES_INVALID`, the message naming each bad field in words:
 *   `/cny_per_unit: missing a rate for BRL; every currency but CNY needs one`.
 * @example
 * const rates = parseCurrencyRates(JSON.parse(await readFile('rates.json', 'utf8')));
 * convertPrice(100, 'EUR', rates);
 */
export function parseCurrencyRates(value: unknown): CurrencyRates {
  // The problems are found here, in words, rather than read from the schema's errors: TypeBox
  // stops at its first 8, which one unknown key each can fill.
  const problems = problemsOf(value);
  if (problems.length > 0) fail(problems);
  // The schema is the contract; the checks above say the same in words.
  if (!checkFile.Check(value)) {
    fail([...checkFile.Errors(value)].map((e) => `${e.instancePath || '/'}: ${e.message}`));
  }
  const cnyPerUnit = Object.fromEntries(
    CURRENCIES.map((code) => [code, code === 'CNY' ? 1 : value.cny_per_unit[code]]),
  ) as Record<Currency, number>;
  return Object.freeze({ as_of: value.as_of, cny_per_unit: Object.freeze(cnyPerUnit) });
}
