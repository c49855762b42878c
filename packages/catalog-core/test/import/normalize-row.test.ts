import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { normalizeProductRow } from '../../src/import/normalize-row.js';
import { ProductSchema } from '../../src/product.js';

const ctx = { now: '2025-06-30T12:00:00.000Z' };
const checker = Compile(ProductSchema);

const row = {
  title: "Nike Dunk Low 'Panda' (LJR batch)",
  brand: 'Nike',
  category: 'sneakers',
  price: '368',
  marketplace: 'weidian',
  item_id: '7234567890',
};

function reasonOf(record: Record<string, unknown>): string {
  const result = normalizeProductRow(record, ctx);
  if (result.ok) throw new Error(`expected a rejection, got ${JSON.stringify(result.product)}`);
  return result.reason;
}

function productOf(record: Record<string, unknown>) {
  const result = normalizeProductRow(record, ctx);
  if (!result.ok) throw new Error(result.reason);
  expect(checker.Check(result.product)).toBe(true);
  return result.product;
}

describe('normalizeProductRow: accepts', () => {
  it('a minimal row, deriving slug, listing_url, qc_photos and created_at', () => {
    expect(productOf(row)).toEqual({
      slug: 'nike-dunk-low-panda-7234567890',
      title: "Nike Dunk Low 'Panda' (LJR batch)",
      brand: 'Nike',
      category: 'sneakers',
      price: 368,
      marketplace: 'weidian',
      item_id: '7234567890',
      listing_url: 'https://weidian.com/item.html?itemID=7234567890',
      qc_photos: [],
      created_at: '2025-06-30T12:00:00.000Z',
    });
  });

  it('aliases, camelCase and spaced column names, padding and number cells', () => {
    const product = productOf({
      ' Name ': '  Essentials   Hoodie ',
      Brand: 'Essentials',
      'Category ID': 'Hoodies & Sweatshirts',
      priceCNY: '¥1,299.50',
      itemId: 612345678901,
      Platform: 'TB',
      photos: 'https://i.imgur.com/a1.jpg | https://imgur.com/a/Xy12 | see yupoo',
      Tags: 'fleece, winter;oversized',
      Colour: 'Black',
      Model: 550,
      Weight: '1.2 kg',
      Shop: 'Husky Reps',
      Created: '2024-02-03',
      notes: 'ignored column',
    });
    expect(product).toMatchObject({
      title: 'Essentials Hoodie',
      category: 'hoodies',
      price: 1299.5,
      marketplace: 'taobao',
      item_id: '612345678901',
      listing_url: 'https://item.taobao.com/item.htm?id=612345678901',
      qc_photos: ['https://i.imgur.com/a1.jpg'],
      qc_albums: ['https://imgur.com/a/Xy12'],
      tags: ['fleece', 'winter', 'oversized'],
      colorway: 'Black',
      model: '550',
      weight_grams: 1200,
      seller: 'Husky Reps',
      created_at: '2024-02-03T00:00:00.000Z',
    });
    expect(product.slug).toBe('essentials-550-black-612345678901');
  });

  it('marketplace and item id read from a listing URL alone, stored canonically', () => {
    const { title, brand, category, price } = row;
    const product = productOf({
      title,
      brand,
      category,
      price,
      url: 'https://m.1688.com/offer/712345678901.html?x=1',
    });
    expect(product).toMatchObject({
      marketplace: '1688',
      item_id: '712345678901',
      listing_url: 'https://detail.1688.com/offer/712345678901.html',
    });
  });

  it('a listing URL that agrees with marketplace + item id, arrays for lists, a given slug', () => {
    const product = productOf({
      ...row,
      listing_url: 'https://weidian.com/item.html?itemId=7234567890',
      qc_photos: ['/qc/my-panda-7234567890/1.svg', ' ', '/qc/other-7234567891/1.svg'],
      tags: ['a', 'b'],
      slug: 'My-Panda-7234567890',
    });
    expect(product.slug).toBe('my-panda-7234567890');
    // The product's own drawn photo is kept; another product's path is no photo of this one.
    expect(product.qc_photos).toEqual(['/qc/my-panda-7234567890/1.svg']);
    expect(product.tags).toEqual(['a', 'b']);
  });

  it('builds a title from brand, model and colourway; a Chinese title gets a marketplace slug', () => {
    const { title: _, ...noTitle } = row;
    expect(
      productOf({ ...noTitle, model: 'Dunk Low', colorway: 'Panda', batch: 'LJR' }).title,
    ).toBe("Nike Dunk Low 'Panda' (LJR batch)");
    expect(productOf({ ...row, title: '小店 熊猫', brand: '小店' }).slug).toBe(
      'weidian-7234567890',
    );
    // A brand written in Chinese is still the brand.
    expect(productOf({ ...row, title: '耐克 熊猫', brand: '耐克' }).brand).toBe('Nike');
    expect(productOf({ ...row, title: 'Dunk Low Panda' }).slug).toBe(
      'nike-dunk-low-panda-7234567890',
    );
  });
});

describe('normalizeProductRow: rejects with a reason', () => {
  it('names a bad price and what it held', () => {
    expect(reasonOf({ ...row, price: 'abc' })).toBe('price: must be a positive number, got "abc"');
    expect(reasonOf({ ...row, price: -5 })).toBe('price: must be a positive number, got -5');
    expect(reasonOf({ ...row, price: '129,9' })).toMatch(/^price: must be a positive number/);
  });

  it('lists the categories and marketplaces', () => {
    expect(reasonOf({ ...row, title: 'Mystery Item', category: 'misc' })).toBe(
      'category: "misc" is not one of accessories, bags, caps, electronics, hoodies, jackets, kids, pants, perfumes, sets, sneakers, t-shirts, underwear, women, and the title names none',
    );
    expect(reasonOf({ ...row, marketplace: 'amazon' })).toBe(
      'marketplace: "amazon" is not one of weidian, taobao, 1688',
    );
  });

  it('reports every missing field at once', () => {
    expect(reasonOf({ title: 'x' })).toBe(
      'category: required (none given, and the title names none); price: required; marketplace: required (or a listing_url to read it from); item_id: required (or a listing_url to read it from)',
    );
    expect(reasonOf({ '': '', notes: 'x' })).toBe('empty row');
  });

  it('a listing URL for another item or another site', () => {
    expect(reasonOf({ ...row, url: 'https://item.taobao.com/item.htm?id=612345678901' })).toBe(
      'listing_url: points at taobao item 612345678901, not weidian item 7234567890',
    );
    expect(reasonOf({ ...row, marketplace: undefined, url: 'https://example.com/p/1' })).toBe(
      'listing_url: not a weidian, taobao or 1688 item link, nor a product link of Lantern Buy, Bamboo Cart, Jade Parcel, got "https://example.com/p/1"',
    );
    expect(reasonOf({ ...row, item_id: undefined, url: 'https://m.tb.cn/h.5xYz' })).toMatch(
      /^listing_url: a short link, which only opening it would resolve; .*, got "https:\/\/m.tb.cn\/h.5xYz"$/,
    );
  });

  it('bad item ids, dates, weights and slugs', () => {
    expect(reasonOf({ ...row, item_id: '12ab' })).toBe(
      'item_id: must be 5 to 20 digits, got "12ab"',
    );
    expect(reasonOf({ ...row, item_id: 6.1234567890123e21 })).toMatch(
      /^item_id: .* lost precision/,
    );
    expect(reasonOf({ ...row, created_at: 'yesterday' })).toMatch(
      /^created_at: must be an ISO date/,
    );
    expect(reasonOf({ ...row, weight: '-3' })).toMatch(/^weight_grams: must be a weight in grams/);
    expect(reasonOf({ ...row, slug: 'panda-123456' })).toBe(
      'slug: must end with "-7234567890" (the item id), got "panda-123456"',
    );
    expect(reasonOf({ ...row, slug: 'Panda!-7234567890' })).toMatch(
      /^slug: must be lower-case letters/,
    );
  });

  it('schema limits, with the field path', () => {
    expect(reasonOf({ ...row, title: 'x'.repeat(201) })).toBe(
      'title: must be at most 200 characters',
    );
    expect(reasonOf({ ...row, tags: ['ok', 'y'.repeat(41)] })).toBe(
      'tags[1]: must be at most 40 characters',
    );
    expect(reasonOf({ ...row, brand: { name: 'Nike' } })).toBe(
      'brand: must be text, got {"name":"Nike"}',
    );
  });
});
