import { normalizeProductRow, ProductSchema } from '@repo/catalog-core';
import fc from 'fast-check';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { readCatalogFile } from '../../src/index.js';
import { NOW, tempFile } from '../helper.js';

// A fixed seed, so CI replays the same inputs; a failure prints seed and path.
const SEED = 20_251_007;
const product = Compile(ProductSchema);

const COLUMNS = [
  'title',
  'brand',
  'category',
  'price',
  'price_cny',
  'marketplace',
  'item_id',
  'listing_url',
  'url',
  'qc_photos',
  'created_at',
  'model',
  'colorway',
  'tags',
  'weight_grams',
];

/** A cell: something plausible for some column, or anything at all. */
const cell = fc.oneof(
  fc.constantFrom(
    'Nike Dunk Low',
    'Nike',
    'sneakers',
    'hoodies',
    '368',
    '-5',
    '1e309',
    'weidian',
    'taobao',
    '7234567890',
    'https://weidian.com/item.html?itemID=7234567890',
    'https://item.taobao.com/item.htm?id=6543210987',
    'javascript:alert(1)',
    '2025-01-31',
    'not a date',
    'a|b, c',
    '900',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.anything({ maxDepth: 1 }),
);

describe('the row normaliser on any row', () => {
  it('returns a valid product or a reason, and never throws', () => {
    let kept = 0;
    fc.assert(
      fc.property(
        fc.oneof(
          fc.dictionary(fc.oneof(fc.constantFrom(...COLUMNS), fc.string()), cell, { maxKeys: 12 }),
          // A good row with a few cells replaced: close to valid, so both outcomes are reached.
          fc
            .tuple(
              fc.stringMatching(/^[1-9][0-9]{5,12}$/),
              fc.dictionary(fc.constantFrom(...COLUMNS), cell, { maxKeys: 2 }),
            )
            .map(([itemId, changes]) => ({
              title: 'Nike Dunk Low',
              brand: 'Nike',
              category: 'sneakers',
              price: '368',
              marketplace: 'weidian',
              item_id: itemId,
              ...changes,
            })),
        ),
        (row) => {
          const result = normalizeProductRow(row, { now: NOW });
          if (result.ok) {
            expect(product.Check(result.product), JSON.stringify(result.product)).toBe(true);
            kept++;
          } else {
            expect(typeof result.reason).toBe('string');
            expect(result.reason.length).toBeGreaterThan(0);
          }
        },
      ),
      { seed: SEED, numRuns: 1000 },
    );
    expect(kept).toBeGreaterThan(0);
  });
});

/** CSV text from fields: quoted or not, commas, quotes and new lines inside, CRLF or LF. */
const csvFile = fc
  .record({
    bom: fc.boolean(),
    crlf: fc.boolean(),
    header: fc.subarray(COLUMNS, { minLength: 1 }),
    rows: fc.array(
      fc.array(fc.oneof(cell.map(String), fc.constantFrom('"', '""', 'a,b', 'x\ny', '')), {
        maxLength: 16,
      }),
      { maxLength: 8 },
    ),
    quote: fc.boolean(),
    tail: fc.oneof(
      fc.constant(Buffer.alloc(0)),
      fc.uint8Array({ maxLength: 40 }).map((b) => Buffer.from(b)),
    ),
  })
  .map(({ bom, crlf, header, rows, quote, tail }) => {
    const eol = crlf ? '\r\n' : '\n';
    const line = (fields: string[]) =>
      fields.map((f) => (quote ? `"${f.replaceAll('"', '""')}"` : f)).join(',');
    const text = [line(header), ...rows.map(line)].join(eol);
    return Buffer.concat([Buffer.from(`${bom ? '\uFEFF' : ''}${text}${eol}`), tail]);
  });

describe('the CSV reader on any file', () => {
  it('accounts for every row as a product or a reported error, and never throws', async () => {
    await fc.assert(
      fc.asyncProperty(csvFile, async (content) => {
        const path = await tempFile('catalog.csv', content);
        const { products, errors, rows } = await readCatalogFile(path, { now: NOW });
        expect(products.length + errors.length, content.toString()).toBe(rows);
        for (const p of products) expect(product.Check(p)).toBe(true);
        for (const e of errors) {
          expect(e.line).toBeGreaterThan(0);
          expect(e.reason.length).toBeGreaterThan(0);
        }
      }),
      { seed: SEED, numRuns: 100 },
    );
  });
});
