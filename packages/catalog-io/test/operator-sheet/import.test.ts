import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Product, UNBRANDED } from '@repo/catalog-core';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RowError, SectionRow } from '../../src/read/row-sink.js';
import { readCatalogFile, streamCatalogFile } from '../../src/read-catalog-file.js';
import { NOW, tempDir } from '../helper.js';
import { writeXlsx } from '../xlsx.js';
import { EXPECTED, type ExpectedRow, judge, SHEET, sameBrand } from './expected.js';

const products = new Map<number, Product>();
const errors = new Map<number, RowError>();
const sections = new Map<number, SectionRow>();

beforeAll(async () => {
  await streamCatalogFile(SHEET, {
    now: NOW,
    onProduct: (product, row) => products.set(row.line, product),
    onRowError: (error) => errors.set(error.line, error),
    onSection: (section) => sections.set(section.line, section),
  });
});

const good = EXPECTED.filter((row) => row.outcome === 'product');
const share = (rows: readonly ExpectedRow[], ok: (row: ExpectedRow) => boolean) =>
  rows.filter(ok).length / rows.length;
const right = (row: ExpectedRow) => {
  const product = products.get(row.line);
  return product !== undefined && Object.values(judge(product, row)).every(Boolean);
};
/** What went wrong with the rows that did not come out right, to read when a bar is missed. */
const misses = (rows: readonly ExpectedRow[], ok: (row: ExpectedRow) => boolean) =>
  rows
    .filter((row) => !ok(row))
    .map((row) => {
      const p = products.get(row.line);
      return p
        ? `line ${row.line}: ${p.title} → ${p.brand} / ${p.category} (want ${row.brands.join('|')} / ${row.categories.join('|')})`
        : `line ${row.line}: ${errors.get(row.line)?.reason ?? 'not loaded'}`;
    })
    .join('\n');

describe('an operator’s community sheet nobody here wrote (715 rows)', () => {
  it('is shaped like the real ones: bad rows, section headers, brands no list had', () => {
    expect(EXPECTED.length).toBeGreaterThanOrEqual(500);
    expect(EXPECTED.filter((row) => row.outcome === 'reject').length).toBeGreaterThanOrEqual(10);
    expect(EXPECTED.filter((row) => row.outcome === 'section').length).toBeGreaterThanOrEqual(10);
    const brands = new Set(good.filter((r) => r.brands.length > 0).map((r) => r.brands[0]));
    const unlisted = new Set(
      good.filter((r) => !r.listed && r.brands[0] !== UNBRANDED).map((r) => r.brands[0]),
    );
    expect(unlisted.size / brands.size).toBeGreaterThanOrEqual(0.4);
  });

  it('gets at least 97% of the good rows right: brand, category, price and listing', () => {
    expect(share(good, right), misses(good, right)).toBeGreaterThanOrEqual(0.97);
  });

  it('gives at least 90% of the rows whose brand no list had before their brand', () => {
    const unlisted = good.filter((row) => !row.listed && row.brands[0] !== UNBRANDED);
    const branded = (row: ExpectedRow) => {
      const product = products.get(row.line);
      return product !== undefined && row.brands.some((b) => sameBrand(b, product.brand));
    };
    expect(share(unlisted, branded), misses(unlisted, branded)).toBeGreaterThanOrEqual(0.9);
  });

  it('never puts one brand’s product under another: unsure is Unbranded', () => {
    const wrong = good.filter((row) => {
      const product = products.get(row.line);
      return product !== undefined && product.brand !== UNBRANDED && !judge(product, row).brand;
    });
    expect(misses(wrong, () => false)).toBe('');
  });

  it('loads no bad row, and reads section headers as sections, not rows', () => {
    for (const row of EXPECTED.filter((r) => r.outcome !== 'product')) {
      expect(products.get(row.line), `line ${row.line}`).toBeUndefined();
      if (row.outcome === 'reject') expect(errors.get(row.line), `line ${row.line}`).toBeDefined();
      else expect(sections.get(row.line), `line ${row.line}`).toBeDefined();
    }
  });

  it('keeps every QC photo and album, apart, and nothing else', () => {
    for (const row of good) {
      const product = products.get(row.line);
      if (!product) continue;
      expect(
        [product.qc_photos.length, product.qc_albums?.length ?? 0],
        `line ${row.line}`,
      ).toEqual([row.photos, row.albums]);
      for (const photo of product.qc_photos) expect(photo).toMatch(/^https:\/\/[^\s"'<>]+$/);
      for (const album of product.qc_albums ?? []) expect(album).toMatch(/^https:\/\//);
    }
  });
});

describe('the same sheet saved as XLSX', () => {
  it('learns and loads the same products: a workbook is read twice like a CSV', async () => {
    const rows = parse(await readFile(SHEET), { relax_column_count: true }) as string[][];
    const path = join(await tempDir(), 'operator-sheet.xlsx');
    await writeXlsx(path, [
      { name: 'Finds', rows: rows.map((row) => row.map((c) => c || undefined)) },
    ]);
    const [csv, xlsx] = await Promise.all([
      readCatalogFile(SHEET, { now: NOW }),
      readCatalogFile(path, { now: NOW }),
    ]);
    expect(xlsx.products).toEqual(csv.products);
    expect(xlsx.learned).toEqual(csv.learned);
    expect(xlsx.sections.map((s) => s.section)).toEqual(csv.sections.map((s) => s.section));
  }, 30_000);
});
