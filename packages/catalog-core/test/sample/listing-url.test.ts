import { describe, expect, it } from 'vitest';
import { productSlug, slugify } from '../../src/import/slug.js';
import { listingUrl, parseListingUrl } from '../../src/listing-url.js';

describe('listingUrl / parseListingUrl', () => {
  it('builds the canonical links', () => {
    expect(listingUrl('weidian', '7234567890')).toBe(
      'https://weidian.com/item.html?itemID=7234567890',
    );
    expect(listingUrl('taobao', '612345678901')).toBe(
      'https://item.taobao.com/item.htm?id=612345678901',
    );
    expect(listingUrl('1688', '712345678901')).toBe(
      'https://detail.1688.com/offer/712345678901.html',
    );
  });

  it('reads canonical, mobile and Tmall links back', () => {
    for (const [url, marketplace, itemId] of [
      ['https://weidian.com/item.html?itemID=7234567890', 'weidian', '7234567890'],
      [
        'https://shop1234.v.weidian.com/item.html?itemId=7234567890&spider_token=1',
        'weidian',
        '7234567890',
      ],
      ['https://item.taobao.com/item.htm?spm=a1z10&id=612345678901', 'taobao', '612345678901'],
      ['https://world.taobao.com/item/612345678901.htm', 'taobao', '612345678901'],
      ['https://detail.tmall.com/item.htm?id=612345678901', 'taobao', '612345678901'],
      ['http://detail.1688.com/offer/712345678901.html?spm=x', '1688', '712345678901'],
    ] as const) {
      expect(parseListingUrl(url)).toEqual({ marketplace, itemId });
    }
  });

  it('refuses links that do not name an item', () => {
    for (const url of [
      'not a url',
      'https://m.tb.cn/h.abc',
      'https://weidian.com/?userid=123',
      'ftp://weidian.com/item.html?itemID=7234567890',
      'https://example.com/item.htm?id=612345678901',
      'https://item.taobao.com/item.htm?id=12',
    ]) {
      expect(parseListingUrl(url)).toBeUndefined();
    }
  });
});

describe('slugify / productSlug', () => {
  it('makes URL-safe kebabs', () => {
    expect(slugify("Nike Dunk Low 'Panda'")).toBe('nike-dunk-low-panda');
    expect(slugify('Stüssy 8 Ball Tee')).toBe('stussy-8-ball-tee');
    expect(slugify("Arc'teryx Beta LT")).toBe('arcteryx-beta-lt');
    expect(slugify('Van Cleef & Arpels')).toBe('van-cleef-and-arpels');
    expect(slugify('耐克 空军一号')).toBe('');
    expect(slugify('x'.repeat(300)).length).toBeLessThanOrEqual(120);
  });

  it('ends slugs with the item id', () => {
    expect(productSlug(['Nike', 'Dunk Low', undefined, 'Panda'], '7234567890')).toBe(
      'nike-dunk-low-panda-7234567890',
    );
    expect(productSlug(['耐克'], '7234567890', 'weidian')).toBe('weidian-7234567890');
  });
});
