import { describe, expect, it } from 'vitest';
import { sameData } from '../../src/render/same-data.js';

const card = (price: string) => ({
  kind: 'products',
  label: 'Related',
  items: [
    { title: 'Dunk Low', href: '/producto/a', price, image: { src: '/a.jpg', alt: 'Dunk' } },
    { title: 'Air Max', href: '/producto/b', price: '¥299.00' },
  ],
});

describe('sameData', () => {
  it('is true for equal trees built apart, whatever the order of their keys', () => {
    expect(sameData(card('¥328.00'), card('¥328.00'))).toBe(true);
    expect(sameData({ a: 1, b: [true, null] }, { b: [true, null], a: 1 })).toBe(true);
  });

  it('is false for a difference however deep', () => {
    expect(sameData(card('¥328.00'), card('¥329.00'))).toBe(false);
    const moved = card('¥328.00');
    moved.items.reverse();
    expect(sameData(card('¥328.00'), moved)).toBe(false);
    expect(sameData({ a: [1, 2] }, { a: [1, 2, 3] })).toBe(false);
    expect(sameData({ a: 1 }, { a: '1' })).toBe(false);
  });

  it('tells arrays, objects and null apart', () => {
    expect(sameData([], {})).toBe(false);
    expect(sameData({}, [])).toBe(false);
    expect(sameData({ a: null }, { a: {} })).toBe(false);
    expect(sameData(null, null)).toBe(true);
  });

  it('takes an absent property and an undefined one alike, and no other value', () => {
    expect(sameData({ a: 1, note: undefined }, { a: 1 })).toBe(true);
    expect(sameData({ a: 1 }, { a: 1, note: undefined })).toBe(true);
    expect(sameData({ a: 1 }, { a: 1, note: '' })).toBe(false);
    expect(sameData({ a: 1, note: '' }, { a: 1 })).toBe(false);
  });
});
