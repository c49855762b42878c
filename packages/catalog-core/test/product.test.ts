import { Compile } from 'typebox/compile';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CategoryId } from '../src/categories.js';
import { CATEGORY_IDS } from '../src/categories.js';
import { type Marketplace, type Product, ProductSchema } from '../src/product.js';

describe('ProductSchema', () => {
  it('types category and marketplace as their unions, not never', () => {
    expectTypeOf<Product['category']>().toEqualTypeOf<CategoryId>();
    expectTypeOf<Product['marketplace']>().toEqualTypeOf<Marketplace>();
  });

  it('emits plain enums that JSON Schema and OpenAPI 3.0 read alike', () => {
    const json = JSON.parse(JSON.stringify(ProductSchema));
    expect(json.properties.category.enum).toEqual([...CATEGORY_IDS]);
    expect(json.properties.marketplace.enum).toEqual(['weidian', 'taobao', '1688']);
  });

  it('rejects an unknown category', () => {
    const check = Compile(ProductSchema);
    const product = {
      slug: 'nike-dunk-low-123456',
      title: 'Nike Dunk Low',
      brand: 'Nike',
      category: 'shoes',
      price: 299,
      marketplace: 'weidian',
      item_id: '123456',
      listing_url: 'https://weidian.com/item.html?itemID=123456',
      qc_photos: [],
      created_at: '2025-01-01T00:00:00.000Z',
    };
    expect(check.Check(product)).toBe(false);
    expect(check.Check({ ...product, category: 'sneakers' })).toBe(true);
  });
});
