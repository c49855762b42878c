import { describe, expect, it } from 'vitest';
import { productSlug, slugify } from '../../src/import/slug.js';

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
