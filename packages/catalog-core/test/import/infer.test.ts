import { describe, expect, it } from 'vitest';
import { normalizeProductRow } from '../../src/import/normalize-row.js';

const now = '2025-06-30T12:00:00.000Z';
const link = 'https://weidian.com/item.html?itemID=7234567890';

function brandOf(title: string, brand: string): string | undefined {
  const result = normalizeProductRow(
    { Nombre: title, Marca: brand, Precio: '¥300', Enlace: link, Categoría: 'sneakers' },
    { now },
  );
  if (!result.ok) throw new Error(result.reason);
  return result.product.brand;
}

describe('inferBrand: a brand column always wins over the title', () => {
  it.each([
    // A line, a model or a nickname of another house in the cell is the brand as written.
    ['Adidas Yeezy Boost 350 V2 Zebra', 'Yeezy', 'Yeezy'],
    ['Yeezy Slide Onyx', 'Yeezy', 'Yeezy'],
    ['Nike Dunk Low Panda', 'Dunk', 'Dunk'],
    ['Nike Air Jordan 1 Chicago', 'Nike', 'Nike'],
    ['Jordan 4 Black Cat', 'Nike', 'Nike'],
    ['Supreme Box Logo Hoodie', 'Hollow Pines', 'Hollow Pines'],
    // A brand's name or spelling, in the lexicon's.
    ['Dunk Low', 'NIKE', 'Nike'],
    ['Diag Tee', 'offwhite', 'Off-White'],
    ['Stussy 8 Ball Tee', 'stussy', 'Stüssy'],
    ['Neverfull MM', 'LV', 'Louis Vuitton'],
    ['Essentials Hoodie', 'FOG', 'Fear of God'],
  ])('%j with a brand cell %j is %s', (title, cell, brand) => {
    expect(brandOf(title, cell)).toBe(brand);
  });
});

describe('inferCategory: what a title says it is wins over the section it is in', () => {
  it('files a console controller under a section of bags as electronics', () => {
    const result = normalizeProductRow(
      { Nombre: 'Control PS5 DualSense', Precio: '¥300', Enlace: link },
      { now },
      { text: '👜 BOLSOS', category: 'bags' },
    );
    expect(result).toMatchObject({
      ok: true,
      product: { category: 'electronics', brand: 'Sony' },
      warnings: ['category: none given; "electronics" from the title'],
    });
  });

  it('files a cartera as a bag, and a billetera as a wallet', () => {
    const bag = normalizeProductRow(
      { Nombre: 'Cartera Guess negra', Precio: '¥300', Enlace: link, Categoría: 'Carteras' },
      { now },
    );
    expect(bag).toMatchObject({ ok: true, product: { category: 'bags', brand: 'Guess' } });
    const wallet = normalizeProductRow(
      { Nombre: 'Billetera Goyard', Precio: '¥300', Enlace: link, Categoría: 'Billeteras' },
      { now },
    );
    expect(wallet).toMatchObject({ ok: true, product: { category: 'accessories' } });
  });
});
