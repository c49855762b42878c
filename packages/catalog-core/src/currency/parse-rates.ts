import { Compile } from 'typebox/compile';
import { CatalogError } from '../errors.js';
import { CURRENCIES, type Currency, type CurrencyRates } from './currencies.js';
import { CurrencyRatesFileSchema, QUOTED_CURRENCIES } from './rates-schema.js';

const checkFile = Compile(CurrencyRatesFileSchema);

// As for the agents and lexicon files: the first few problems are enough to fix and re-run.
const MAX_REPORTED = 8;
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

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object'
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** Whether `YYYY-MM-DD` names a day of the calendar (not 2026-02-30). */
function isCalendarDay(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

function unknownCode(code: string): string {
  const known = `the known ones are ${CURRENCIES.join(', ')}`;
  const capitals = code.toUpperCase();
  const hint = capitals !== code && (CURRENCIES as readonly string[]).includes(capitals);
  return `/cny_per_unit/${code}: unknown currency code; ${hint ? `write it in capitals (${capitals}); ` : ''}${known}`;
}

interface SchemaError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: unknown;
}

/** One schema error in words, naming the field and what it must be. */
function describe(error: SchemaError, value: unknown): string[] {
  const { instancePath: path, keyword } = error;
  const params = error.params as { requiredProperties?: string[]; additionalProperties?: string[] };
  // `additionalProperties: false` also reports a boolean-schema error per extra key; the keyword's
  // own error names them all.
  if (keyword === 'boolean') return [];
  if (path === '') {
    if (keyword === 'required') {
      return (params.requiredProperties ?? []).map((name) => `/${name}: missing; ${FIELDS[name]}`);
    }
    if (keyword === 'additionalProperties') {
      return (params.additionalProperties ?? []).map(
        (name) => `/${name}: unknown field; a rates file has only "as_of" and "cny_per_unit"`,
      );
    }
    return [`/: must be an object ${SHAPE}, got ${show(value)}`];
  }
  if (path === '/as_of') {
    return [`/as_of: must be a day written YYYY-MM-DD, got ${show(field(value, 'as_of'))}`];
  }
  const rates = field(value, 'cny_per_unit');
  if (path === '/cny_per_unit') {
    if (keyword === 'required') {
      return (params.requiredProperties ?? []).map(
        (code) => `/cny_per_unit/${code}: missing; every currency but CNY needs a rate`,
      );
    }
    if (keyword === 'additionalProperties') {
      return (params.additionalProperties ?? []).map(unknownCode);
    }
    return [`/cny_per_unit: must be an object of rates such as {"USD": 7.08}, got ${show(rates)}`];
  }
  const code = path.slice('/cny_per_unit/'.length);
  const rate = show(field(rates, code));
  if (code === 'CNY') {
    return [
      `/cny_per_unit/CNY: must be 1 (CNY is the base of every rate) or left out, got ${rate}`,
    ];
  }
  return [
    `/cny_per_unit/${code}: must be a positive, finite number of CNY per ${code}, got ${rate}`,
  ];
}

/**
 * Validates exchange rates (a rates file already parsed from JSON) and returns them frozen, CNY
 * included as 1: the value must match `CurrencyRatesFileSchema`, give a positive rate for every
 * currency of `CURRENCIES` but CNY (which may be left out, or be 1), name no other currency, and
 * date the figures with a real day. Reading the file is the caller's job; this stays free of I/O.
 *
 * @throws {CatalogError} `RATES_INVALID`, the message naming each bad field in words:
 *   `/cny_per_unit/BRL: missing; every currency but CNY needs a rate`.
 * @example
 * const rates = parseCurrencyRates(JSON.parse(await readFile('rates.json', 'utf8')));
 * convertPrice(100, 'EUR', rates);
 */
export function parseCurrencyRates(value: unknown): CurrencyRates {
  const problems = checkFile.Check(value)
    ? []
    : [...checkFile.Errors(value)].flatMap((error) => describe(error, value));
  const asOf = field(value, 'as_of');
  if (typeof asOf === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(asOf) && !isCalendarDay(asOf)) {
    problems.push(`/as_of: ${asOf} is not a day of the calendar`);
  }
  if (problems.length > 0 || !checkFile.Check(value)) {
    fail(problems.length > 0 ? [...new Set(problems)] : ['/: not a rates file']);
  }
  const cnyPerUnit = Object.fromEntries(
    CURRENCIES.map((code) => [code, code === 'CNY' ? 1 : value.cny_per_unit[code]]),
  ) as Record<Currency, number>;
  return Object.freeze({ as_of: value.as_of, cny_per_unit: Object.freeze(cnyPerUnit) });
}
