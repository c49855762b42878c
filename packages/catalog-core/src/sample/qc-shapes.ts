import type { CategoryId } from '../categories.js';

/** A silhouette drawn around (0, 0) in a box of about 240 × 200: filled paths, then outlines. */
export interface QcShape {
  readonly fill: readonly string[];
  readonly outline: readonly string[];
  readonly scale: number;
}

const SHOE: QcShape = {
  fill: [
    'M-110 40V0Q-105-30-70-35L-20-62Q0-68 12-52L42-22Q82-12 110 8Q122 24 116 40Z',
    'M-116 40H120V56H-116Z',
  ],
  outline: ['M-60-30L-40 0M-40-45L-20-15M-20-58L0-28'],
  scale: 1,
};
const TEE: QcShape = {
  fill: ['M-40-80Q0-60 40-80L100-50L80-10L55-25V85H-55V-25L-80-10L-100-50Z'],
  outline: ['M-40-80Q0-50 40-80'],
  scale: 1,
};
const HOODIE: QcShape = {
  fill: ['M-35-85Q0-112 35-85L60-70L105 40L80 50L55-10V90H-55V-10L-80 50L-105 40L-60-70Z'],
  outline: ['M-35-85Q0-55 35-85', 'M-35 40H35L28 75H-28Z'],
  scale: 1,
};
const JACKET: QcShape = {
  fill: ['M-35-88L35-88L62-72L108 45L82 55L56-5V92H-56V-5L-82 55L-108 45L-62-72Z'],
  outline: ['M0-88V92', 'M-35-88L0-60L35-88', 'M-48 30H-20M20 30H48'],
  scale: 1,
};
const PANTS: QcShape = {
  fill: ['M-60-90H60L72 92H16L0-20L-16 92H-72Z'],
  outline: ['M-60-76H60', 'M-42-76L-38-40M42-76L38-40'],
  scale: 1,
};
const BAG: QcShape = {
  fill: ['M-90-30H90L102 82H-102Z'],
  outline: ['M-50-30Q-50-105 0-105Q50-105 50-30', 'M-90 5H90', 'M-10 5V25H10V5'],
  scale: 1,
};
const CAP: QcShape = {
  fill: ['M-80 20Q-80-72 0-72Q80-72 80 20Z', 'M38 8Q112 2 132 32L58 32Z'],
  outline: ['M0-72V20', 'M-40-60Q-30-10-20 20'],
  scale: 1,
};
const WATCH: QcShape = {
  fill: [
    'M-28-110H28L24-50H-24Z',
    'M-24 50H24L28 110H-28Z',
    'M-58 0A58 58 0 1 0 58 0A58 58 0 1 0-58 0Z',
  ],
  outline: ['M-46 0A46 46 0 1 0 46 0A46 46 0 1 0-46 0Z', 'M0 0V-32M0 0H24'],
  scale: 0.9,
};
const CASE: QcShape = {
  fill: ['M-70-15Q-70-55-30-55H30Q70-55 70-15V15Q70 55 30 55H-30Q-70 55-70 15Z'],
  outline: ['M-70-18H70', 'M-6 30A6 6 0 1 0 6 30A6 6 0 1 0-6 30Z'],
  scale: 1.1,
};
const BOTTLE: QcShape = {
  fill: [
    'M-24-105H24V-72H-24Z',
    'M-70-62Q-70-72-60-72H60Q70-72 70-62V92Q70 102 60 102H-60Q-70 102-70 92Z',
  ],
  outline: ['M-44 0H44V44H-44Z'],
  scale: 0.9,
};
const TRUNKS: QcShape = {
  fill: ['M-82-50H82L88 52L30 62L0 20L-30 62L-88 52Z'],
  outline: ['M-82-34H82'],
  scale: 1,
};
const DRESS: QcShape = {
  fill: ['M-30-95H30L40-40L96 92H-96L-40-40Z'],
  outline: ['M-40-40H40', 'M-30-95L-18-70M30-95L18-70'],
  scale: 1,
};

const SHAPES: Readonly<Record<CategoryId, QcShape>> = {
  accessories: WATCH,
  bags: BAG,
  caps: CAP,
  electronics: CASE,
  hoodies: HOODIE,
  jackets: JACKET,
  kids: { ...TEE, scale: 0.75 },
  pants: PANTS,
  perfumes: BOTTLE,
  sets: HOODIE,
  sneakers: SHOE,
  't-shirts': TEE,
  underwear: TRUNKS,
  women: DRESS,
};

/** The silhouette of a category on QC placeholders; a tee for anything unknown. */
export function qcShape(category: string): QcShape {
  return SHAPES[category as CategoryId] ?? TEE;
}

const COLOURS: readonly (readonly [RegExp, string])[] = [
  [/black|onyx|noir|obsidian|carbon|bred|panda/i, '#2e2e30'],
  [/white|sail|ivory|pure|starlight|ice/i, '#f3f1ea'],
  [/grey|gray|cement|steel|silver|fog|pewter|anthracite/i, '#9a9ca0'],
  [/navy|midnight|obsidian|royal/i, '#2c3a5a'],
  [/blue|azure|sky/i, '#7fa6cf'],
  [/olive|green|forest|sage|pine|cactus/i, '#6b7a4b'],
  [/cream|oatmeal|bone|beige|sand|khaki|wheat|vanilla/i, '#d9ccb0'],
  [/brown|mocha|chocolate|wood|tan|caramel|monogram|ebene/i, '#7a5a3e'],
  [/red|burgundy|chicago|cherry|fire|infrared/i, '#a8343a'],
  [/pink|rose/i, '#e2a8b4'],
  [/gold|yellow|maize|ochre/i, '#c9a445'],
];
const FALLBACK_COLOURS = ['#8a7f73', '#5f6f7a', '#a59884', '#6d6a75'] as const;

/** A fill colour for the silhouette that matches the colourway when its name says one. */
export function qcColour(colorway: string | undefined, hash: number): string {
  if (colorway) for (const [pattern, colour] of COLOURS) if (pattern.test(colorway)) return colour;
  return FALLBACK_COLOURS[hash % FALLBACK_COLOURS.length]!;
}
