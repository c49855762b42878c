import { describe, expect, it } from 'vitest';
import { toCny } from '../../src/currency/convert.js';
import { DEFAULT_CURRENCY_RATES } from '../../src/currency/default-rates.js';
import { formatPrice } from '../../src/currency/format-price.js';
import { normalizeProductRow } from '../../src/import/normalize-row.js';
import type { NormalizeRowContext } from '../../src/import/row-context.js';
import { parseLexicon } from '../../src/lexicon/parse-lexicon.js';

// A small lexicon of its own: the import reads brands and kinds of product with whatever it gets.
const lexicon = parseLexicon({
  version: 1,
  brands: [
    { name: 'Stone Island' },
    { name: 'Jordan', category: 'sneakers' },
    { name: 'Moncler' },
    { name: 'Essentials' },
  ],
  categories: [{ category: 'sneakers', words: { en: ['trainers', 'shoes'] } }],
});

const now = '2025-06-30T12:00:00.000Z';
const ctx: NormalizeRowContext = { now, lexicon };

function load(record: Record<string, unknown>, context = ctx) {
  const result = normalizeProductRow(record, context);
  if (!result.ok) throw new Error(result.reason);
  return result;
}

describe('normalizeProductRow: rows of a community sheet', () => {
  it('reads columns by meaning, the brand from the title, an agent link back to its listing', () => {
    const { product, warnings } = load({
      'Item Name': 'Moncler Maya',
      Price: '389 CNY',
      Link: 'https://agent-a.example/product?id=6912345678&platform=WEIDIAN&ref=xyz',
      'QC Photos': '',
      Category: 'jackets',
      '': '',
    });
    expect(product).toMatchObject({
      title: 'Moncler Maya',
      brand: 'Moncler',
      category: 'jackets',
      price: 389,
      marketplace: 'weidian',
      item_id: '6912345678',
      listing_url: 'https://weidian.com/item.html?itemID=6912345678',
      slug: 'moncler-maya-6912345678',
    });
    expect(warnings).toEqual([]);
  });

  it('converts a dollar price at the displayed rate, with a warning', () => {
    const { product, warnings } = load({
      'Item Name': 'Essentials Hoodie, Grey',
      Price: '$28.50',
      Link: 'https://item.taobao.com/item.htm?id=681234567890&spm=a1z10',
      Category: 'hoodies',
    });
    const { as_of, cny_per_unit } = DEFAULT_CURRENCY_RATES;
    const cny = toCny(28.5, 'USD');
    expect(product.price).toBe(cny);
    expect(warnings).toEqual([
      `price: $28.50 converted to ${formatPrice(cny, 'CNY')} at ${cny_per_unit.USD} CNY per USD (rates of ${as_of})`,
    ]);
  });

  it('takes a price column currency from its header', () => {
    const { product } = load({
      Name: 'Essentials Hoodie',
      'Price (USD)': '10',
      URL: 'https://item.taobao.com/item.htm?id=681234567890',
      Category: 'Sweatshirts',
    });
    expect(product).toMatchObject({ price: toCny(10, 'USD'), category: 'hoodies' });
  });

  it('loads a row with no brand as Unbranded, with a warning', () => {
    const { product, warnings } = load({
      Product: 'Plain Oversized Tee',
      Price: '59',
      W2C: 'weidian.com/item.html?itemID=7200000001',
      Category: 'T-Shirt',
    });
    expect(product).toMatchObject({ brand: 'Unbranded', category: 't-shirts' });
    expect(product.slug).toBe('plain-oversized-tee-7200000001');
    // This lexicon knows no describing word: the title's opening words may be a brand.
    expect(warnings).toEqual([
      'brand: none recognised in the title ("Plain Oversized Tee" may be one: add it to the lexicon\'s brands); loaded as "Unbranded"',
    ]);
    // The default one knows "plain" and "oversized" describe, and "tee" is a kind of product.
    const byDefault = load(
      {
        Product: 'Plain Oversized Tee',
        Price: '59',
        W2C: 'weidian.com/item.html?itemID=7200000001',
      },
      { now },
    );
    expect(byDefault.product.brand).toBe('Unbranded');
    expect(byDefault.warnings).toContain(
      'brand: none given or recognised in the title; loaded as "Unbranded"',
    );
  });

  it('gives a row without category the one its title points to, with a warning', () => {
    const byName = load({
      Title: 'Essentials Hoodie',
      Price: 199,
      Link: 'https://detail.1688.com/offer/712345678901.html',
    });
    expect(byName.product.category).toBe('hoodies');
    expect(byName.warnings).toEqual(['category: none given; "hoodies" from the title']);
    const byLexicon = load({
      Title: 'Jordan 4 Black Cat',
      Price: 499,
      Category: 'Footwear',
      Link: 'https://detail.1688.com/offer/712345678902.html',
    });
    expect(byLexicon.product.category).toBe('sneakers');
    // No word of the title names a kind of product; Jordan's own category does.
    expect(byLexicon.warnings).toEqual([
      'category: "Footwear" is no category; "sneakers" from the brand',
    ]);
    const synonym = load({
      Title: 'Retro Runner',
      Brand: 'Nike',
      Price: 499,
      Category: 'Trainers',
      Link: 'https://detail.1688.com/offer/712345678903.html',
    });
    expect(synonym).toMatchObject({ product: { category: 'sneakers' }, warnings: [] });
  });

  it('refuses a row whose category nothing points to, saying why', () => {
    const result = normalizeProductRow(
      { Title: 'Mystery Box', Price: 99, Link: 'https://detail.1688.com/offer/712345678901.html' },
      ctx,
    );
    expect(result).toEqual({
      ok: false,
      reason: 'category: required (none given, and the title names none)',
    });
  });

  it('uses the first link column that reads, and the ids when no link does', () => {
    const spare = load({
      Title: 'Moncler Maya',
      Category: 'jackets',
      Price: 389,
      Link: 'https://m.tb.cn/h.5xYz',
      'Raw Link': 'https://detail.tmall.com/item_o.htm?id=681234567891',
    });
    expect(spare.product.item_id).toBe('681234567891');
    const ids = load({
      Title: 'Moncler Maya',
      Category: 'jackets',
      Price: 389,
      Platform: 'WD',
      'Item ID': '7231234567',
      Link: 'https://m.tb.cn/h.5xYz',
    });
    expect(ids.product.item_id).toBe('7231234567');
    expect(ids.warnings[0]).toMatch(
      /^listing_url: a short link.*; the listing comes from marketplace and item_id$/,
    );
  });

  it('without a lexicon of its own, a row is read with the default one', () => {
    const { product, warnings } = load(
      {
        Title: 'AJ4 Black Cat',
        Price: 499,
        Link: 'https://weidian.com/item.html?itemID=7231234567',
      },
      { now },
    );
    expect(product).toMatchObject({ brand: 'Jordan', category: 'sneakers' });
    expect(warnings).toEqual(['category: none given; "sneakers" from the title']);
  });

  it("reads the currency a price cell writes in words over its column's", () => {
    const { product, warnings } = load({
      Nombre: 'Moncler Maya',
      'Precio (USD)': '292 yuanes',
      Enlace: 'https://weidian.com/item.html?itemID=7231234567',
      Categoría: 'jackets',
    });
    expect(product).toMatchObject({ price: 292, category: 'jackets' });
    expect(warnings).toEqual([]);
  });
});
