import type { Currency } from '../currency/currencies.js';
import { currencyOfWords, currencyWords } from './currency-words.js';
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

/**
 * A number as written: `1,299`, `1,299.50`, `1.299,50`, `1 299`, `28,50`, `499`. Thousands in
 * groups of three after a space are one number (NFKD made no-break spaces plain ones).
 */
const NUMBER = /\d{1,3}(?: \d{3})+(?:[.,]\d+)?(?!\d)|\d+(?:[.,]\d+)*/g;
const WORD = /[a-z]+/g;
// Words that stand between the two ends of a range: "35 bis 40", "od 100 do 200", "de 100 à 200".
const RANGE_WORDS: ReadonlySet<string> = new Set([
  'to',
  'hasta',
  'a',
  'ate',
  'au',
  'bis',
  'al',
  'do',
  'tot',
]);
const RANGE_MARKS = /^[-–—~]$/;
// Currency words that are everyday words too ("precio real"): a currency only next to an amount.
const NEXT_TO_AMOUNT: Readonly<Record<string, string>> = { real: 'brl', reales: 'brl' };
// Pesos of half a continent: only Mexico's can be converted, and only when the cell says so.
const PESOS: ReadonlySet<string> = new Set(['peso', 'pesos']);

function parseNumber(written: string, currencyWritten: boolean): number | undefined {
  const text = written.replaceAll(' ', '');
  // Thousands in groups of three, with the other mark (if any) the decimal one.
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) return Number(text.replaceAll(',', ''));
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(text)) {
    return Number(text.replaceAll('.', '').replace(',', '.'));
  }
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  // A decimal comma with cents ("28,50"), or with one decimal beside a currency ("35,5 €", or
  // under "Preis (€)"): a bare "129,9" could be a slip for "1299", so it is refused.
  if (/^\d+,\d{2}$/.test(text) || (currencyWritten && /^\d+,\d$/.test(text))) {
    return Number(text.replace(',', '.'));
  }
  return undefined;
}

/** A word of the folded text, and whether only spaces part it from an amount. */
interface Word {
  readonly text: string;
  readonly nextToAmount: boolean;
}

function wordsOf(folded: string, numbers: readonly RegExpMatchArray[]): Word[] {
  const starts = new Set(numbers.map((n) => n.index));
  const ends = new Set(numbers.map((n) => n.index! + n[0].length));
  return [...folded.matchAll(WORD)].map((match) => {
    const before = /\s*$/.exec(folded.slice(0, match.index))!;
    const after = /^\s*/.exec(folded.slice(match.index + match[0].length))![0];
    const end = match.index + match[0].length;
    return {
      text: match[0],
      nextToAmount: ends.has(before.index) || starts.has(end + after.length),
    };
  });
}

/** Whether the text between two amounts joins them into a range ("-", "€ - €", "bis", "do"). */
function joinsRange(between: string): boolean {
  const parts = between.split(/\s+/).filter((part) => part !== '');
  const joins = parts.filter((part) => RANGE_MARKS.test(part) || RANGE_WORDS.has(part));
  const rest = parts.filter((part) => !joins.includes(part));
  return joins.length === 1 && rest.every((part) => currencyOfWords([part]).length > 0);
}

/**
 * A price as written in a sheet, in its own currency: `¥499`, `499元`, `389 CNY`, `RMB 120`,
 * `292 yuanes`, `$28.50`, `US$30`, `30 dólares`, `€25`, `35,5 €`, `£20`, `R$149,90`, `150 reais`,
 * `MX$899`, `300 pesos mexicanos`, `1 099 zł`, `150 złotych`, `19€99`. Decimal commas and
 * thousands in dots or spaces are read; a word for "about" (`ca.`, `~`, `approx.`, `około`) is
 * passed over. The currency comes from the cell, else from the column's header
 * (`columnCurrency`), else it is CNY, the marketplaces' currency. A range (`¥199-299`, `35 bis 40 €`) gives its lower end; a cell
 * with a price in CNY and another (`¥199 ($28)`) gives the CNY one.
 *
 * @example parseMoney('$28.50') // { ok: true, value: { amount: 28.5, currency: 'USD' } }
 * @example parseMoney('292 yuanes', 'USD') // { ok: true, value: { amount: 292, currency: 'CNY' } }
 */
export function parseMoney(value: unknown, columnCurrency?: Currency): Parsed<Money> {
  const bad = () => fail(`must be a positive number, got ${show(value)}`);
  if (typeof value === 'number') {
    return Number.isFinite(value) && value > 0
      ? ok({ amount: value, currency: columnCurrency ?? 'CNY' })
      : bad();
  }
  if (typeof value !== 'string') return bad();
  // "19€99": French for 19,99 €.
  const folded = currencyWords(value.trim().replace(/(\d)\s*€(\d{2})(?!\d)/, '$1,$2 €'));
  const numbers = [...folded.matchAll(NUMBER)];
  const first = numbers[0];
  // A minus sign before the first digits, not between two amounts, makes it negative.
  if (!first || /-\s*$/.test(folded.slice(0, first.index))) return bad();
  const words = wordsOf(folded, numbers);
  const currencies = currencyOfWords([
    ...words.map((word) => word.text),
    ...words.filter((word) => word.nextToAmount).map((word) => NEXT_TO_AMOUNT[word.text] ?? ''),
  ]);
  if (words.some((word) => PESOS.has(word.text)) && !currencies.includes('MXN')) {
    return fail(
      `names pesos without saying whose (write MXN or "pesos mexicanos"), got ${show(value)}`,
    );
  }
  const currencyWritten = currencies.length > 0 || columnCurrency !== undefined;
  const amountOf = (match: RegExpMatchArray) => parseNumber(match[0], currencyWritten);

  if (numbers.length === 1) {
    const amount = amountOf(first);
    if (amount === undefined || amount <= 0) return bad();
    if (currencies.length > 1) {
      return fail(`names several currencies (${currencies.join(', ')}), got ${show(value)}`);
    }
    return ok({ amount, currency: currencies[0] ?? columnCurrency ?? 'CNY' });
  }
  const second = numbers[1] as RegExpMatchArray;
  const between = folded.slice(first.index + first[0].length, second.index);
  if (numbers.length === 2 && joinsRange(between)) {
    const amount = amountOf(first);
    if (amount === undefined || amount <= 0 || currencies.length > 1) return bad();
    return ok({ amount, currency: currencies[0] ?? columnCurrency ?? 'CNY', range: true });
  }
  // "¥199 ($28)": the marketplace price is the one in CNY, the amount a yuan word stands next to.
  const cny = numbers.find((number) => besideCny(folded, number));
  const amount = cny ? parseNumber(cny[0], true) : undefined;
  if (amount !== undefined && amount > 0) return ok({ amount, currency: 'CNY' });
  return fail(`holds several amounts and none in CNY, got ${show(value)}`);
}

function besideCny(folded: string, number: RegExpMatchArray): boolean {
  const before = /([a-z]+)\s*$/.exec(folded.slice(0, number.index))?.[1];
  const after = /^\s*([a-z]+)/.exec(folded.slice(number.index! + number[0].length))?.[1];
  return [before, after].some((word) => word && currencyOfWords([word])[0] === 'CNY');
}
