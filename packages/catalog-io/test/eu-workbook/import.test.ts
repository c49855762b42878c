import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Product, UNBRANDED } from '@repo/catalog-core';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RowError, SectionRow } from '../../src/read/row-sink.js';
import { streamCatalogFile } from '../../src/read-catalog-file.js';
import { NOW, tempDir } from '../helper.js';
import {
  EXPECTED,
  EXPECTED_CSV,
  type ExpectedRow,
  fold,
  HEADER_WORDS,
  judge,
  LIBREOFFICE_WORKBOOK,
  NON_PRODUCT_TABS,
  placeKey,
  placeOf,
  sameBrand,
  WORKBOOK,
} from './expected.js';

const good = EXPECTED.filter((row) => row.outcome === 'product');
const unlisted = good.filter((row) => !row.listed && row.brands[0] !== UNBRANDED);
const productTabs = [...new Set(good.map((row) => row.sheet))];
const share = (rows: readonly ExpectedRow[], ok: (row: ExpectedRow) => boolean) =>
  rows.filter(ok).length / rows.length;
const keyOf = (row: ExpectedRow) => placeKey(row.sheet, row.line);

describe('the EU workbook as written (the fixture itself)', () => {
  it('is what generate.mjs writes from tabs.mjs (after a change, run it and save again)', async () => {
    const generator = fileURLToPath(
      new URL('../fixtures/eu-workbook/generate.mjs', import.meta.url),
    );
    const dir = await tempDir();
    await promisify(execFile)(process.execPath, [generator, dir]);
    for (const [fresh, committed] of [
      [join(dir, 'eu-workbook.xlsx'), WORKBOOK],
      [join(dir, 'eu-workbook.expected.csv'), EXPECTED_CSV],
    ] as const) {
      const same = (await readFile(fresh)).equals(await readFile(committed));
      expect(same, `${committed} is not what generate.mjs writes`).toBe(true);
    }
  });

  it('is shaped like the real ones: 600+ products on 10+ tabs, bad rows, sections, small labels', () => {
    expect(good.length).toBeGreaterThanOrEqual(600);
    expect(productTabs.length).toBeGreaterThanOrEqual(10);
    expect(EXPECTED.filter((row) => row.outcome === 'reject').length).toBeGreaterThanOrEqual(25);
    expect(EXPECTED.filter((row) => row.outcome === 'section').length).toBeGreaterThanOrEqual(10);
    expect(unlisted.length / good.length).toBeGreaterThanOrEqual(0.15);
  });

  it('has info, shipping and FAQ tabs, and headers in five languages or more', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(WORKBOOK);
    const names = workbook.worksheets.map((sheet) => sheet.name);
    expect(names).toEqual(expect.arrayContaining([...NON_PRODUCT_TABS, ...productTabs]));
    const languages = new Set<string>();
    for (const tab of productTabs) {
      // The header is the first row with three different texts: banners and notes above it
      // hold one text, spread over merged cells.
      let words: string[] | undefined;
      workbook.getWorksheet(tab)?.eachRow((row) => {
        const texts = new Set(
          (row.values as unknown[]).filter((v): v is string => typeof v === 'string'),
        );
        if (words === undefined && texts.size >= 3) {
          words = [...texts].flatMap((text) => text.split(/\s+/).map(fold));
        }
      });
      const [language] = Object.entries(HEADER_WORDS)
        .map(([lang, list]) => [lang, words?.filter((w) => list.includes(w)).length ?? 0] as const)
        .sort((a, b) => b[1] - a[1])
        .filter(([, hits]) => hits > 0)
        .map(([lang]) => lang);
      expect(language, tab).toBeDefined();
      languages.add(language ?? '');
    }
    expect(languages.size, [...languages].join(', ')).toBeGreaterThanOrEqual(5);
  });
});

const WORKBOOKS = [
  ['written by exceljs', WORKBOOK],
  ['saved again by LibreOffice', LIBREOFFICE_WORKBOOK],
] as const;

for (const [how, path] of WORKBOOKS) {
  describe(`the EU workbook ${how}, every tab read`, () => {
    const products = new Map<string, Product>();
    const errors = new Map<string, RowError>();
    const sections = new Map<string, SectionRow>();

    beforeAll(async () => {
      await streamCatalogFile(path, {
        now: NOW,
        onProduct: (product, place) => products.set(placeOf(place), product),
        onRowError: (error) => errors.set(placeOf(error), error),
        onSection: (section) => sections.set(placeOf(section), section),
      });
    }, 60_000);

    const right = (row: ExpectedRow) => {
      const product = products.get(keyOf(row));
      return product !== undefined && Object.values(judge(product, row)).every(Boolean);
    };
    const branded = (row: ExpectedRow) => {
      const product = products.get(keyOf(row));
      return product !== undefined && row.brands.some((b) => sameBrand(b, product.brand));
    };
    /** What went wrong with the rows that did not come out right, to read when a bar is missed. */
    const misses = (rows: readonly ExpectedRow[], ok: (row: ExpectedRow) => boolean) =>
      rows
        .filter((row) => !ok(row))
        .map((row) => {
          const key = keyOf(row);
          const p = products.get(key);
          if (!p) return `${key}: ${errors.get(key)?.reason ?? 'not loaded'}`;
          const wrong = Object.entries(judge(p, row))
            .filter(([, fine]) => !fine)
            .map(([field]) => field);
          return `${key}: ${p.title} → ${p.brand} / ${p.category} / ¥${p.price} / ${p.marketplace} ${p.item_id} (wrong: ${wrong.join(', ')}; want ${row.brands.join('|')} / ${row.categories.join('|')} / ¥${row.priceCny} / ${row.marketplace} ${row.itemId})`;
        })
        .join('\n');

    it('gets at least 97% of the good rows right: brand, category, price and listing', () => {
      expect(share(good, right), misses(good, right)).toBeGreaterThanOrEqual(0.97);
    });

    it('gives at least 85% of the rows whose brand no shipped list has their brand', () => {
      expect(share(unlisted, branded), misses(unlisted, branded)).toBeGreaterThanOrEqual(0.85);
    });

    it('never puts one brand’s product under another: unsure is Unbranded', () => {
      const wrong = good.filter((row) => {
        const product = products.get(keyOf(row));
        return product !== undefined && product.brand !== UNBRANDED && !judge(product, row).brand;
      });
      expect(misses(wrong, () => false)).toBe('');
    });

    it('loads no bad row, reports each where it is, and reads section rows as sections', () => {
      for (const row of EXPECTED.filter((r) => r.outcome !== 'product')) {
        const key = keyOf(row);
        expect(products.get(key)?.title, `${key}: ${row.note}`).toBeUndefined();
        if (row.outcome === 'reject') expect(errors.get(key), `${key}: ${row.note}`).toBeDefined();
        else expect(sections.get(key), key).toBeDefined();
      }
    });

    it('loads products only from product rows: no banner, header, note, info, shipping or FAQ row', () => {
      const expected = new Set(good.map(keyOf));
      const strays = [...products]
        .filter(([key]) => !expected.has(key))
        .map(([key, product]) => `${key}: ${product.title}`);
      expect(strays.join('\n')).toBe('');
    });

    it('keeps every QC photo and album apart, with the picture of an IMAGE formula', () => {
      const wrong = good.flatMap((row) => {
        const product = products.get(keyOf(row));
        if (!product) return [];
        const found = [product.qc_photos.length, product.qc_albums?.length ?? 0];
        return found[0] === row.photos && found[1] === row.albums
          ? []
          : [`${keyOf(row)}: ${found.join('/')} (want ${row.photos}/${row.albums})`];
      });
      expect(wrong.join('\n')).toBe('');
      for (const product of products.values()) {
        for (const photo of product.qc_photos) expect(photo).toMatch(/^https:\/\/[^\s"'<>]+$/);
        for (const album of product.qc_albums ?? []) expect(album).toMatch(/^https:\/\//);
      }
    });
  });
}
