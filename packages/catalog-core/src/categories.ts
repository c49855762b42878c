/**
 * The 14 catalog categories of the interface, in display order. The identifiers are path segments
 * (`/category/{id}`) and never change; display names and default weights are presentation data.
 */
export const CATEGORY_IDS = [
  'accessories',
  'bags',
  'caps',
  'electronics',
  'hoodies',
  'jackets',
  'kids',
  'pants',
  'perfumes',
  'sets',
  'sneakers',
  't-shirts',
  'underwear',
  'women',
] as const;

/** One of the 14 category identifiers. */
export type CategoryId = (typeof CATEGORY_IDS)[number];

/** What the catalog knows about a category besides its identifier. */
export interface Category {
  readonly id: CategoryId;
  readonly name: string;
  /** One line for listings and tool results. */
  readonly description: string;
  /**
   * Packed weight of one typical item without the agent's parcel, used by the shipping estimate
   * when an item has no weight of its own (figures: reference/domain.md, section 2.4).
   */
  readonly defaultWeightGrams: number;
}

const CATEGORY_LIST: readonly Category[] = [
  {
    id: 'accessories',
    name: 'Accessories',
    description: 'Belts, wallets, scarves, sunglasses, jewellery and watches.',
    defaultWeightGrams: 250,
  },
  {
    id: 'bags',
    name: 'Bags',
    description: 'Backpacks, totes, crossbody and shoulder bags.',
    defaultWeightGrams: 850,
  },
  {
    id: 'caps',
    name: 'Caps & Hats',
    description: 'Baseball caps, trucker caps, beanies and bucket hats.',
    defaultWeightGrams: 250,
  },
  {
    id: 'electronics',
    name: 'Electronics',
    description: 'Earbuds, headphones, chargers, speakers and smart watches.',
    defaultWeightGrams: 400,
  },
  {
    id: 'hoodies',
    name: 'Hoodies & Sweatshirts',
    description: 'Hoodies, zip-ups, crewnecks and sweatshirts.',
    defaultWeightGrams: 800,
  },
  {
    id: 'jackets',
    name: 'Jackets & Coats',
    description: 'Puffers, bombers, windbreakers, fleeces and coats.',
    defaultWeightGrams: 1200,
  },
  {
    id: 'kids',
    name: 'Kids',
    description: 'Clothing and shoes in children’s sizes.',
    defaultWeightGrams: 400,
  },
  {
    id: 'pants',
    name: 'Pants & Shorts',
    description: 'Jeans, cargos, joggers, track pants and shorts.',
    defaultWeightGrams: 700,
  },
  {
    id: 'perfumes',
    name: 'Perfumes',
    description: 'Eau de parfum, eau de toilette and gift sets.',
    defaultWeightGrams: 450,
  },
  {
    id: 'sets',
    name: 'Sets & Tracksuits',
    description: 'Matching sets, tracksuits and two-piece outfits.',
    defaultWeightGrams: 1100,
  },
  {
    id: 'sneakers',
    name: 'Sneakers',
    description: 'Sneakers and shoes, boxed unless noted.',
    defaultWeightGrams: 1600,
  },
  {
    id: 't-shirts',
    name: 'T-Shirts',
    description: 'T-shirts, polos, long sleeves and tank tops.',
    defaultWeightGrams: 280,
  },
  {
    id: 'underwear',
    name: 'Underwear & Socks',
    description: 'Boxers, briefs, socks and base layers.',
    defaultWeightGrams: 200,
  },
  {
    id: 'women',
    name: 'Women',
    description: 'Dresses, skirts, tops and women’s sets.',
    defaultWeightGrams: 500,
  },
];

/** The 14 categories, in display order. */
export const CATEGORIES: readonly Category[] = CATEGORY_LIST;

const BY_ID = new Map<string, Category>(CATEGORY_LIST.map((c) => [c.id, c]));

/**
 * Tells whether a string is one of the 14 category identifiers.
 *
 * @example isCategoryId('bags') // true
 */
export function isCategoryId(value: string): value is CategoryId {
  return BY_ID.has(value);
}

/**
 * The category with this identifier, or `undefined` for anything else.
 *
 * @example getCategory('t-shirts')?.name // 'T-Shirts'
 */
export function getCategory(id: string): Category | undefined {
  return BY_ID.get(id);
}
