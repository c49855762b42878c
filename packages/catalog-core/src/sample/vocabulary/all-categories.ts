import type { CategorySpec } from '../category-spec.js';
import { KIDS, PANTS, SETS, UNDERWEAR, WOMEN } from './bottoms.js';
import { ACCESSORIES, BAGS, CAPS, ELECTRONICS, PERFUMES } from './goods.js';
import { SNEAKERS } from './sneakers.js';
import { HOODIES, JACKETS, T_SHIRTS } from './tops.js';

/**
 * The 14 category specs in `CATEGORY_IDS` order. Their shares add up to exactly 17,917, the size
 * of the default sample: sneakers, t-shirts and hoodies lead; perfumes, electronics and kids trail.
 */
export const CATEGORY_SPECS: readonly CategorySpec[] = [
  ACCESSORIES,
  BAGS,
  CAPS,
  ELECTRONICS,
  HOODIES,
  JACKETS,
  KIDS,
  PANTS,
  PERFUMES,
  SETS,
  SNEAKERS,
  T_SHIRTS,
  UNDERWEAR,
  WOMEN,
];
