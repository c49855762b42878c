import type { CategoryId, Product } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';

function crafted(
  n: number,
  fields: { title: string; brand: string; category: CategoryId; price: number; day: number },
): Product {
  const itemId = String(9_900_000 + n);
  const slug = `${fields.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${itemId}`;
  return {
    slug,
    title: fields.title,
    brand: fields.brand,
    category: fields.category,
    price: fields.price,
    marketplace: 'weidian',
    item_id: itemId,
    listing_url: `https://weidian.com/item.html?itemID=${itemId}`,
    qc_photos: [],
    created_at: new Date(Date.UTC(2026, 0, fields.day)).toISOString(),
  };
}

/** Products with words found nowhere else, for exact assertions on typos, prefixes and ranges. */
export const CRAFTED: readonly Product[] = [
  crafted(1, {
    title: 'Zephyrine Runner Alpha',
    brand: 'Quokka',
    category: 'sneakers',
    price: 100,
    day: 1,
  }),
  crafted(2, {
    title: 'Zephyrine Runner Bravo',
    brand: 'Quokka',
    category: 'sneakers',
    price: 200,
    day: 2,
  }),
  crafted(3, {
    title: 'Zephyrine Tote Charlie',
    brand: 'Quokka',
    category: 'bags',
    price: 300,
    day: 3,
  }),
  crafted(4, {
    title: 'Yeti Flask Delta',
    brand: 'Wombat',
    category: 'accessories',
    price: 99.5,
    day: 4,
  }),
  crafted(5, {
    title: 'Wombat T-Shirt Echo',
    brand: 'Wombat',
    category: 't-shirts',
    price: 100,
    day: 5,
  }),
];

/**
 * Products titled in the languages of European workbooks, of one made-up brand: a kind of product
 * is found by its name in any language, and nothing else is.
 */
export const EUROPEAN: readonly Product[] = [
  ['Numbat Gürtel Leder', 'accessories'],
  ['Ceinture Numbat cuir', 'accessories'],
  ['Numbat Pasek do zegarka', 'accessories'],
  ['Numbat Kette Silber', 'accessories'],
  ['Numbat Kettenhemd Silber', 'accessories'],
  ['Numbat Boxershorts 3er', 'underwear'],
  ['Numbat Slip-On Canvas', 'sneakers'],
  ['Numbat rugzak', 'bags'],
  ['Patek Numbat Calatrava', 'accessories'],
].map(([title, category], i) =>
  crafted(11 + i, {
    title: title!,
    brand: 'Numbat',
    category: category as CategoryId,
    price: 100,
    day: 11 + i,
  }),
);

/**
 * The deterministic catalog every engine is tested on: 2,000 sample products, {@link CRAFTED} and
 * {@link EUROPEAN}.
 */
export function contractCatalog(): Product[] {
  return [...generateSampleCatalog({ count: 2000 }), ...CRAFTED, ...EUROPEAN];
}
