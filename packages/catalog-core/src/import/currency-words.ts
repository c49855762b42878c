import type { Currency } from '../currency/currencies.js';

/**
 * Currency words of headers and price cells, in the lexicon's eight languages, as
 * {@link currencyWords} folds them (symbols spelled out, no accents, `ł` as `l`). A generic
 * dollar (`$`, "dollars", "dólares", "dolary") is USD unless the text names another dollar: see
 * {@link currencyOfWords}.
 */
export const CURRENCY_WORDS: Readonly<Record<string, Currency>> = {
  cny: 'CNY',
  rmb: 'CNY',
  renminbi: 'CNY',
  yuan: 'CNY',
  yuans: 'CNY',
  yuanes: 'CNY',
  juanow: 'CNY',
  juany: 'CNY',
  kuai: 'CNY',
  usd: 'USD',
  dollar: 'USD',
  dollars: 'USD',
  dolar: 'USD',
  dolares: 'USD',
  dollari: 'USD',
  dollaro: 'USD',
  dolary: 'USD',
  dolarow: 'USD',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  gbp: 'GBP',
  cad: 'CAD',
  aud: 'AUD',
  brl: 'BRL',
  reais: 'BRL',
  mxn: 'MXN',
  pln: 'PLN',
  zl: 'PLN',
  zloty: 'PLN',
  zlotys: 'PLN',
  zlote: 'PLN',
  zlotych: 'PLN',
  zlotego: 'PLN',
  // Not "real" nor "peso" here: a header says "Real Price" or "Peso (g)" (weight) far more
  // often. A price cell reads them next to an amount (see `parseMoney`).
};

/** The words that stand for a dollar without saying whose: they yield to a dollar named too. */
const GENERIC_DOLLAR: ReadonlySet<string> = new Set([
  'dollar',
  'dollars',
  'dolar',
  'dolares',
  'dollari',
  'dollaro',
  'dolary',
  'dolarow',
]);
/** Currencies written with a `$` ("$300 MXN", "$40 CAD", "R$ 150"). */
const DOLLAR_FAMILY: ReadonlySet<Currency> = new Set(['USD', 'CAD', 'AUD', 'MXN', 'BRL']);

/** Currency symbols spelled out as words, longest first (`CA$`, `R$`, `MX$` before `$`). */
export const CURRENCY_SYMBOLS: readonly (readonly [string, string])[] = [
  ['US$', ' usd '],
  ['CA$', ' cad '],
  ['C$', ' cad '],
  ['AU$', ' aud '],
  ['A$', ' aud '],
  ['R$', ' brl '],
  ['MX$', ' mxn '],
  ['$', ' dollar '],
  ['zł', ' pln '],
  ['¥', ' cny '],
  ['￥', ' cny '],
  ['元', ' cny '],
  ['块', ' cny '],
  ['€', ' eur '],
  ['£', ' gbp '],
];

/** Text with currency symbols spelled out as words, case and accents kept. */
export function spellCurrencySymbols(text: string): string {
  let spelled = text;
  for (const [symbol, word] of CURRENCY_SYMBOLS) spelled = spelled.replaceAll(symbol, word);
  return spelled;
}

/**
 * Text folded for reading currency words: symbols spelled out, no accents, `ł` as `l`, lower
 * case; Mexican pesos named in words ("pesos mexicanos", "peso mx") become `mxn`.
 */
export function currencyWords(text: string): string {
  return spellCurrencySymbols(text)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łŁ]/g, 'l')
    .toLowerCase()
    .replace(/\bpesos?\s+(?:mexicanos?|mx|mxn)\b/g, ' mxn ');
}

/**
 * The currencies some words name, each once, in the order first named. A generic dollar yields
 * to a dollar the words name too ("$300 MXN" is in MXN), and is USD otherwise.
 *
 * @example currencyOfWords(['dollar', '300', 'mxn']) // ['MXN']
 */
export function currencyOfWords(words: readonly string[]): Currency[] {
  const named = new Set<Currency>();
  let dollar = false;
  for (const word of words) {
    if (GENERIC_DOLLAR.has(word)) dollar = true;
    else {
      const currency = CURRENCY_WORDS[word];
      if (currency) named.add(currency);
    }
  }
  if (dollar && ![...named].some((currency) => DOLLAR_FAMILY.has(currency))) named.add('USD');
  return [...named];
}
