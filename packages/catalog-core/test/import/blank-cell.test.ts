import { describe, expect, it } from 'vitest';
import { blankCell } from '../../src/import/blank-cell.js';
import { normalizeProductRow } from '../../src/import/normalize-row.js';
import { readSectionHeader } from '../../src/import/section-header.js';
import { createSheetLearner } from '../../src/import/sheet-learning.js';

const now = '2025-06-30T12:00:00.000Z';
const row = {
  Title: "Nike Dunk Low 'Panda'",
  Brand: 'Nike',
  Category: 'sneakers',
  Price: '368',
  Link: 'https://weidian.com/item.html?itemID=7234567890',
};

describe('blankCell: what stands for an empty cell', () => {
  it.each([
    '-',
    '—',
    '–',
    '--',
    '/',
    '?',
    '??',
    '...',
    '…',
    'n/a',
    'N/A',
    'n.a.',
    'na',
    'NA',
    'n/d',
    'tbd',
    'TBD',
    'tba',
    'none',
    'None',
    'null',
    'NULL',
    'nan',
    'undefined',
    'keine',
    'aucun',
    'aucune',
    'ninguno',
    'nenhum',
    'nessuno',
    'brak',
    'geen',
  ])('%j is a word for none', (text) => {
    expect(blankCell(text)).toEqual({ text, formulaError: false });
  });

  it.each([
    '#N/A',
    '#REF!',
    '#VALUE!',
    '#DIV/0!',
    '#NAME?',
    '#NUM!',
    '#NULL!',
    '#ERROR!',
    '#SPILL!',
    '#CALC!',
  ])('%j is a formula error', (text) => {
    expect(blankCell(text)).toEqual({ text, formulaError: true });
  });

  // "x" ticks a box and is a size or a model's letter: a cell holding it says something.
  it.each(['x', 'X', 'Nike', '0', '-5', 'Nana', 'Brak Studio', '#1', 'N/A Hoodie', 42, null])(
    '%j is not',
    (value) => {
      expect(blankCell(value)).toBeUndefined();
    },
  );
});

describe('normalizeProductRow: words for none and formula errors in any column', () => {
  it('a brand cell "-" is no brand: the title names it', () => {
    const result = normalizeProductRow({ ...row, Brand: '-' }, { now });
    expect(result).toMatchObject({ ok: true, product: { brand: 'Nike' }, warnings: [] });
    const none = normalizeProductRow(
      { ...row, Title: 'Plain Tee', Brand: 'N/A', Category: 't-shirts' },
      { now },
    );
    expect(none).toMatchObject({ ok: true, product: { brand: 'Unbranded' } });
  });

  it('a price "tbd" is a missing price, said so', () => {
    expect(normalizeProductRow({ ...row, Price: 'tbd' }, { now })).toEqual({
      ok: false,
      reason: 'price: required ("tbd" read as empty)',
    });
  });

  it('a formula error is an empty cell, with a warning naming the column and the error', () => {
    const result = normalizeProductRow({ ...row, Brand: '#REF!', QC: '#N/A' }, { now });
    expect(result).toMatchObject({ ok: true, product: { brand: 'Nike', qc_photos: [] } });
    expect(result.ok && result.warnings).toEqual([
      'brand: formula error #REF! read as empty',
      'qc_photos: formula error #N/A read as empty',
    ]);
    expect(normalizeProductRow({ ...row, Price: '#VALUE!' }, { now })).toEqual({
      ok: false,
      reason: 'price: required (formula error #VALUE! read as empty)',
    });
  });

  it('a row of nothing but such cells is empty', () => {
    expect(normalizeProductRow({ Title: '-', Price: 'n/a', Link: '#N/A' }, { now })).toEqual({
      ok: false,
      reason: 'empty row',
    });
  });
});

describe('words for none elsewhere', () => {
  it('never make a row a section header, nor hide one', () => {
    expect(readSectionHeader({ Title: 'TBD', Price: '', Link: '' })).toBeUndefined();
    expect(readSectionHeader({ Title: '#REF!', Price: '', Link: '' })).toBeUndefined();
    expect(readSectionHeader({ Title: 'N/A', Price: 'N/A', Link: 'N/A' })).toBeUndefined();
    expect(readSectionHeader({ Title: '👟 SHOES 👟', Price: '-', Link: '-' })).toEqual({
      text: '👟 SHOES 👟',
      category: 'sneakers',
    });
  });

  it('are never learned as a brand', () => {
    const learner = createSheetLearner();
    for (const title of ['Hollow Pines Tee', 'Hollow Pines Cap']) {
      learner.add({ Title: title, Brand: '-' });
      learner.add({ Title: title, Brand: 'N/A' });
    }
    expect(learner.finish().brands.map((brand) => brand.name)).toEqual(['Hollow Pines']);
  });
});
