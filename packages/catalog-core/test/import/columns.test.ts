import { describe, expect, it } from 'vitest';
import { isCatalogError } from '../../src/errors.js';
import {
  createColumnMapper,
  describeColumns,
  parseColumnMap,
} from '../../src/import/column-map.js';
import { recognizeColumn } from '../../src/import/columns.js';

describe('recognizeColumn: headers by meaning', () => {
  it.each([
    ['Item Name', 'title'],
    ['Name', 'title'],
    ['Product', 'title'],
    ['ITEM', 'title'],
    ['Nombre del producto', 'title'],
    ['Link', 'listing_url'],
    ['URL', 'listing_url'],
    ['W2C', 'listing_url'],
    ['W2C Link', 'listing_url'],
    ['Listing', 'listing_url'],
    ['Item Link', 'listing_url'],
    ['CNFans Link', 'listing_url'],
    ['QC', 'qc_photos'],
    ['QC Photos', 'qc_photos'],
    ['QCPhotos', 'qc_photos'],
    ['QC Link', 'qc_photos'],
    ['Images', 'qc_photos'],
    ['Price', 'price'],
    ['Item Price', 'price'],
    ['Brand', 'brand'],
    ['Brand Name', 'brand'],
    ['Category', 'category'],
    ['Type', 'category'],
    ['Product Type', 'category'],
    ['Batch', 'batch'],
    ['Seller', 'seller'],
    ['Seller Name', 'seller'],
    ['Store', 'seller'],
    ['Item ID', 'item_id'],
    ['itemId', 'item_id'],
    ['ID', 'item_id'],
    ['Platform', 'marketplace'],
    ['Colour', 'colorway'],
    ['Weight (g)', 'weight_grams'],
    ['Date added', 'created_at'],
    ['listing_url', 'listing_url'],
    ['price_cny', 'price'],
  ])('%j fills %s', (header, field) => {
    expect(recognizeColumn(header)?.field).toBe(field);
  });

  it.each([
    ['Price (CNY)', 'CNY'],
    ['Price ¥', 'CNY'],
    ['Price (RMB)', 'CNY'],
    ['CNY', 'CNY'],
    ['Price (USD)', 'USD'],
    ['USD Price', 'USD'],
    ['Price $', 'USD'],
    ['Price €', 'EUR'],
    ['Price (CA$)', 'CAD'],
    ['Price (R$)', 'BRL'],
    ['Preço BRL', 'BRL'],
    ['Price (MX$)', 'MXN'],
    ['Price zł', 'PLN'],
    ['Price (PLN)', 'PLN'],
  ])('%j is a price in %s', (header, currency) => {
    expect(recognizeColumn(header)).toEqual({ field: 'price', currency });
  });

  it.each(['', '   ', 'Notes', 'Size', 'Sizes', 'Rating', 'Seller Link', 'Store URL', '__1'])(
    '%j fills nothing',
    (header) => {
      expect(recognizeColumn(header)).toBeUndefined();
    },
  );
});

describe('parseColumnMap / createColumnMapper: the operator overrides', () => {
  it('maps named columns to fields, headers or nothing, matching names loosely', () => {
    const mapper = createColumnMapper(
      parseColumnMap('Artikel=title, Cost=price_usd,Link=ignore, Sizes = tags'),
    );
    expect(mapper.role('artikel')).toEqual({ field: 'title' });
    expect(mapper.role('COST')).toEqual({ field: 'price', currency: 'USD' });
    expect(mapper.role('Link')).toBeUndefined();
    expect(mapper.role('Sizes')).toEqual({ field: 'tags' });
    expect(mapper.role('Item Name')).toEqual({ field: 'title' });
    expect(mapper.unmatchedOverrides(['Artikel', 'Cost', 'Link'])).toEqual(['Sizes']);
  });

  it('refuses an entry without = or a target that is no field', () => {
    for (const text of ['Item Name', 'A=bogus', '=title']) {
      let error: unknown;
      try {
        parseColumnMap(text);
      } catch (caught) {
        error = caught;
      }
      expect(isCatalogError(error) && error.code).toBe('INVALID_INPUT');
    }
    expect(() => parseColumnMap('A=bogus')).toThrow(
      /"bogus" \(for "A"\) is not a field; use one of slug, title/,
    );
  });
});

describe('describeColumns', () => {
  it('says which column became which field, what was ignored and what is missing', () => {
    const header = ['Item Name', 'Price', 'Link', 'QC Photos', 'Category', '', '', 'Notes', '__1'];
    const report = describeColumns(header, createColumnMapper());
    expect(report.used.map((c) => [c.name, c.position, c.role.field])).toEqual([
      ['Item Name', 0, 'title'],
      ['Price', 1, 'price'],
      ['Link', 2, 'listing_url'],
      ['QC Photos', 3, 'qc_photos'],
      ['Category', 4, 'category'],
    ]);
    expect(report.unnamed).toEqual([5, 6, 8]);
    expect(report.ignored).toEqual(['Notes']);
    expect(report.missing).toEqual(['brand']);
  });
});
