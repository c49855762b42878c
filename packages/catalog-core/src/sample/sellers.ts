import type { Marketplace } from '../product.js';

const PREFIXES =
  'Husky|Muks|Tony|Coco|Lucky|Wang|Ace|Top|Star|Golden|Panda|Dragon|Tiger|Jade|Cloud|Sunny|Happy|Angel|Blue|King|Loyal|Best|Great|Lin|Chen'.split(
    '|',
  );
const SUFFIXES = {
  weidian: 'Reps|Kicks|Studio|Club|Select|Vault|Wardrobe'.split('|'),
  taobao: 'Store|Shop|Boutique|Outlet|Fashion|Official'.split('|'),
  '1688': 'Factory|Trading|Garment Co.|Wholesale|Supply'.split('|'),
} as const satisfies Record<Marketplace, readonly string[]>;

/**
 * Invented shop names per marketplace (weidian shops sound like rep sellers, 1688 ones like
 * factories). Ordered so that a skewed pick gives a few big sellers and a long tail.
 */
export const SELLERS: Readonly<Record<Marketplace, readonly string[]>> = {
  weidian: combine(SUFFIXES.weidian),
  taobao: combine(SUFFIXES.taobao),
  '1688': combine(SUFFIXES['1688']),
};

function combine(suffixes: readonly string[]): string[] {
  const names: string[] = [];
  for (let i = 0; i < PREFIXES.length * suffixes.length; i++) {
    // Walk the grid diagonally so neighbouring (equally popular) names differ in both words.
    names.push(
      `${PREFIXES[i % PREFIXES.length]} ${suffixes[(i * 7 + (i >> 3)) % suffixes.length]}`,
    );
  }
  return [...new Set(names)];
}
