import { describe, expect, it } from 'vitest';
import { normalizeProductRow } from '../../src/import/normalize-row.js';
import { isLinkLabel } from '../../src/listing-link/link-label.js';

describe('isLinkLabel: a cell that only stands for a link', () => {
  it.each([
    // English, and the community's own words.
    'LINK',
    'Link',
    'link 🔗',
    'Links',
    'Link 2',
    'W2C',
    'BUY',
    'Buy here',
    'Buy now!',
    'Click',
    'Click here',
    'CLICK HERE ➡️',
    'here',
    'HERE',
    '[link]',
    '(Link)',
    'Link ↗',
    '➡️ LINK',
    // Signs alone.
    '🔗',
    '👉',
    '➡️',
    '→',
    // The other languages.
    'KAUFEN',
    'Kaufen',
    'Hier',
    'Hier kaufen',
    'Acheter',
    'Lien',
    'Ici',
    'Cliquez ici',
    'Comprar',
    'Aquí',
    'Click aquí',
    'Enlace',
    'Clique aqui',
    'Compra',
    'Compra qui',
    'Qui',
    'Kup',
    'Kliknij',
    'Tutaj',
    'Kup tutaj',
    'Kopen',
    'Hier kopen',
    'Klik hier',
  ])('%j is a label', (text) => {
    expect(isLinkLabel(text)).toBe(true);
  });

  it.each([
    '',
    '   ',
    'https://weidian.com/item.html?itemID=7231234567',
    'weidian.com/item.html?itemID=7231234567',
    'weidian.com',
    'link: https://item.taobao.com/item.htm?id=681234567890',
    'Link.com',
    '7231234567',
    '681234567890',
    'Nike Dunk Low Panda',
    'Buy Nike Dunk',
    'Link Hoodie',
    'Hier ist der Link zum Produkt, bitte kaufen',
    '🔥',
    '-',
  ])('%j is not', (text) => {
    expect(isLinkLabel(text)).toBe(false);
  });
});

describe('normalizeProductRow: a link cell that holds only a label', () => {
  const row = { Title: 'Nike Dunk Low Panda', Price: '¥368', Category: 'sneakers' };
  const now = '2025-06-30T12:00:00.000Z';

  it('says plainly that the link is not in the cell, and how to keep it', () => {
    expect(normalizeProductRow({ ...row, Link: 'LINK' }, { now })).toEqual({
      ok: false,
      reason:
        'listing_url: "LINK" is only a link\'s label: the link behind it is not in the cell (a CSV download drops it; download the sheet as .xlsx)',
    });
  });

  it('is only a warning when the marketplace and the item id are there', () => {
    const result = normalizeProductRow(
      { ...row, Link: 'Kaufen 🔗', Platform: 'weidian', 'Item ID': '7231234567' },
      { now },
    );
    expect(result).toMatchObject({ ok: true, product: { item_id: '7231234567' } });
    expect(result.ok && result.warnings).toContain(
      'listing_url: "Kaufen 🔗" is only a link\'s label: the link behind it is not in the cell (a CSV download drops it; download the sheet as .xlsx); the listing comes from marketplace and item_id',
    );
  });
});
