import { describe, expect, it } from 'vitest';
import { parseMoney } from '../../src/import/money.js';

describe('parseMoney: prices in the currency written', () => {
  it.each([
    ['¥499', undefined, 499, 'CNY'],
    ['￥1,299.50', undefined, 1299.5, 'CNY'],
    ['499元', undefined, 499, 'CNY'],
    ['389 CNY', undefined, 389, 'CNY'],
    ['RMB 120', undefined, 120, 'CNY'],
    ['199', undefined, 199, 'CNY'],
    [199, undefined, 199, 'CNY'],
    ['$28.50', undefined, 28.5, 'USD'],
    ['US$30', undefined, 30, 'USD'],
    ['28.50 USD', undefined, 28.5, 'USD'],
    ['€25', undefined, 25, 'EUR'],
    ['28,50 €', undefined, 28.5, 'EUR'],
    ['1.299,00 EUR', undefined, 1299, 'EUR'],
    ['£20', undefined, 20, 'GBP'],
    ['CA$40', undefined, 40, 'CAD'],
    ['R$149,90', undefined, 149.9, 'BRL'],
    ['149.90 BRL', undefined, 149.9, 'BRL'],
    ['MX$899', undefined, 899, 'MXN'],
    ['1,299 MXN', undefined, 1299, 'MXN'],
    ['49,99 zł', undefined, 49.99, 'PLN'],
    ['PLN 120', undefined, 120, 'PLN'],
    ['30', 'USD', 30, 'USD'],
    [30, 'USD', 30, 'USD'],
    ['¥199', 'USD', 199, 'CNY'],
    ['¥199 ($28)', undefined, 199, 'CNY'],
  ] as const)('%j (column %s) is %d %s', (value, column, amount, currency) => {
    expect(parseMoney(value, column)).toEqual({ ok: true, value: { amount, currency } });
  });

  it('keeps the lower end of a range, and says so', () => {
    expect(parseMoney('¥199-299')).toEqual({
      ok: true,
      value: { amount: 199, currency: 'CNY', range: true },
    });
    expect(parseMoney('$20 ~ $25')).toEqual({
      ok: true,
      value: { amount: 20, currency: 'USD', range: true },
    });
  });

  it.each(['abc', '', '-5', '0', '129,9', '$5 €5', '3 for 100', 'TBD'])('refuses %j', (value) => {
    expect(parseMoney(value).ok).toBe(false);
  });
});

describe('parseMoney: prices as the community writes them in eight languages', () => {
  it.each([
    // Decimal commas; one decimal is read so only when the cell writes its currency.
    ['35,50 €', 35.5, 'EUR'],
    ['35,5 €', 35.5, 'EUR'],
    ['€ 35,5', 35.5, 'EUR'],
    ['49,9 zł', 49.9, 'PLN'],
    ['19€99', 19.99, 'EUR'],
    ['59,- €', 59, 'EUR'],
    ['€ 59,-', 59, 'EUR'],
    ['EUR 35,50', 35.5, 'EUR'],
    // Thousands in dots, spaces, no-break and narrow no-break spaces.
    ['1.099 ¥', 1099, 'CNY'],
    ['1.099,50 €', 1099.5, 'EUR'],
    ['1 099 zł', 1099, 'PLN'],
    ['1\u00a0099,50 zł', 1099.5, 'PLN'],
    ['1\u202f099,00 €', 1099, 'EUR'],
    ['¥ 12 500', 12500, 'CNY'],
    // About so much: the amount.
    ['ca. 35 €', 35, 'EUR'],
    ['ca 35€', 35, 'EUR'],
    ['approx. $30', 30, 'USD'],
    ['approx 30 USD', 30, 'USD'],
    ['~35 €', 35, 'EUR'],
    ['≈ 35 €', 35, 'EUR'],
    ['circa 35 €', 35, 'EUR'],
    ['ab 35 €', 35, 'EUR'],
    ['env. 35 €', 35, 'EUR'],
    ['około 150 zł', 150, 'PLN'],
    ['ok. 150 zł', 150, 'PLN'],
    ['aprox. 300 yuanes', 300, 'CNY'],
    // Currency words, singular and plural, with and without accents.
    ['292 yuanes', 292, 'CNY'],
    ['292 yuans', 292, 'CNY'],
    ['292 Yuan', 292, 'CNY'],
    ['120 juanów', 120, 'CNY'],
    ['50 kuai', 50, 'CNY'],
    ['50块', 50, 'CNY'],
    ['35 euro', 35, 'EUR'],
    ['35 Euros', 35, 'EUR'],
    ['35 eur', 35, 'EUR'],
    ['30 dólares', 30, 'USD'],
    ['30 dolares', 30, 'USD'],
    ['30 dollars', 30, 'USD'],
    ['30 dolary', 30, 'USD'],
    ['150 złoty', 150, 'PLN'],
    ['150 złotych', 150, 'PLN'],
    ['150 zlotych', 150, 'PLN'],
    ['150 zl', 150, 'PLN'],
    ['150 reais', 150, 'BRL'],
    ['150 real', 150, 'BRL'],
    ['300 pesos mexicanos', 300, 'MXN'],
    ['$300 MXN', 300, 'MXN'],
    ['$300 pesos mexicanos', 300, 'MXN'],
    ['$40 CAD', 40, 'CAD'],
    // "real" is a currency only next to an amount.
    ['precio real: 150', 150, 'CNY'],
  ] as const)('%j is %d %s', (value, amount, currency) => {
    expect(parseMoney(value)).toEqual({ ok: true, value: { amount, currency } });
  });

  it('reads one decimal after a comma under a header that names the currency', () => {
    expect(parseMoney('35,5', 'EUR')).toEqual({
      ok: true,
      value: { amount: 35.5, currency: 'EUR' },
    });
    expect(parseMoney('35,5').ok).toBe(false);
  });

  it('lets the currency a cell writes win over its column', () => {
    expect(parseMoney('292 yuanes', 'USD')).toEqual({
      ok: true,
      value: { amount: 292, currency: 'CNY' },
    });
    expect(parseMoney('30 dólares', 'CNY')).toEqual({
      ok: true,
      value: { amount: 30, currency: 'USD' },
    });
  });

  it.each([
    ['35-40 €', 35, 'EUR'],
    ['35 € - 40 €', 35, 'EUR'],
    ['35 bis 40 €', 35, 'EUR'],
    ['od 100 do 200 zł', 100, 'PLN'],
    ['de 100 a 200 pesos mexicanos', 100, 'MXN'],
    ['de 100 à 150 €', 100, 'EUR'],
    ['100 to 150 USD', 100, 'USD'],
    ['1 099 - 1 299 zł', 1099, 'PLN'],
  ] as const)('keeps the lower end of the range %j', (value, amount, currency) => {
    expect(parseMoney(value)).toEqual({ ok: true, value: { amount, currency, range: true } });
  });

  it('keeps the amount in CNY of a cell with several, whatever word names the yuan', () => {
    expect(parseMoney('28$ (199 yuanes)')).toEqual({
      ok: true,
      value: { amount: 199, currency: 'CNY' },
    });
  });

  it('refuses pesos that do not say whose', () => {
    expect(parseMoney('300 pesos')).toEqual({
      ok: false,
      reason: 'names pesos without saying whose (write MXN or "pesos mexicanos"), got "300 pesos"',
    });
    expect(parseMoney('$300 pesos').ok).toBe(false);
  });
});
