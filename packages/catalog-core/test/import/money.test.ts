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
