import { describe, expect, it } from 'vitest';
import { unknownParameters } from '../../../src/pages/shipping/unknown-parameters.js';

const KNOWN = [
  'country',
  'weight_grams',
  'items',
  'add',
  'length',
  'width',
  'height',
  'agent',
  'lang',
  'currency',
];

describe('unknownParameters', () => {
  it('finds none in a query of known, old, kept and tracking names', () => {
    expect(
      unknownParameters({
        country: 'PL',
        weight_grams: '1',
        weight: '1',
        items: '',
        add: '',
        length: '',
        width: '',
        height: '',
        agent: 'agent_a',
        lang: 'es',
        currency: 'EUR',
        utm_source: 'x',
        UTM_MEDIUM: 'x',
        fbclid: 'x',
        gclid: 'x',
        '': 'a stray =',
      }),
    ).toEqual([]);
  });

  it.each([
    ['wieght', 'weight_grams'],
    ['weigth', 'weight_grams'],
    ['weight_gram', 'weight_grams'],
    ['WEIGHT_GRAMS', 'weight_grams'],
    ['contry', 'country'],
    ['Country', 'country'],
    ['itmes', 'items'],
    ['item', 'items'],
    ['lenght', 'length'],
    ['heigth', 'height'],
    ['ad', 'add'],
    ['curency', 'currency'],
  ])('suggests for %s the known name %s', (name, suggestion) => {
    expect(unknownParameters({ [name]: '1' })).toEqual([
      { code: 'unknown_parameter', name, suggestion },
    ]);
  });

  it('lists the known names, once, for names close to none or to a tool argument the page lacks', () => {
    expect(
      unknownParameters({ zzzzzz: '1', line: 'dhl', dimensions_cm: '3', wieght: '1' }),
    ).toEqual([
      { code: 'unknown_parameter', name: 'wieght', suggestion: 'weight_grams' },
      { code: 'unknown_parameters', names: ['zzzzzz', 'line', 'dimensions_cm'], known: KNOWN },
    ]);
  });

  it('names ten and counts the rest', () => {
    const query = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`zz${i}zz`, '']));
    const problems = unknownParameters(query);
    expect(problems.at(0)).toMatchObject({ code: 'unknown_parameters' });
    expect(problems.at(0)).toHaveProperty('names.length', 10);
    expect(problems.at(1)).toEqual({ code: 'more_unknown_parameters', count: 15 });
  });
});
