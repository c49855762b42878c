import { PRODUCT_FIELDS, type Product } from '../product.js';

/** The Product fields an import row can fill. */
export type ImportField = keyof Product;

/**
 * Column names seen in operators' spreadsheet exports, keyed by their canonical form (lower
 * snake case, see {@link canonicalColumn}). A field's own name always maps to itself.
 */
const ALIASES: Readonly<Record<string, ImportField>> = {
  name: 'title',
  product_name: 'title',
  product: 'title',
  category_id: 'category',
  price_cny: 'price',
  price_rmb: 'price',
  price_yuan: 'price',
  cny: 'price',
  platform: 'marketplace',
  mall: 'marketplace',
  mall_type: 'marketplace',
  source: 'marketplace',
  itemid: 'item_id',
  item_number: 'item_id',
  offer_id: 'item_id',
  url: 'listing_url',
  link: 'listing_url',
  item_url: 'listing_url',
  photos: 'qc_photos',
  qc: 'qc_photos',
  qc_images: 'qc_photos',
  images: 'qc_photos',
  created: 'created_at',
  date_added: 'created_at',
  added_at: 'created_at',
  colourway: 'colorway',
  color: 'colorway',
  colour: 'colorway',
  shop: 'seller',
  store: 'seller',
  tag: 'tags',
  weight: 'weight_grams',
  weight_g: 'weight_grams',
};

/** The fields in `ProductSchema` order: reasons list problems in this order. */
export const IMPORT_FIELDS: readonly ImportField[] = PRODUCT_FIELDS;

const FIELDS: ReadonlySet<string> = new Set(IMPORT_FIELDS);

/**
 * A column name in lower snake case: `Item ID`, `itemId` and `item-id` all become `item_id`.
 *
 * @example canonicalColumn('priceCNY') // 'price_cny'
 */
export function canonicalColumn(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The field a column fills, or `undefined` for a column the importer does not know. */
export function fieldOfColumn(name: string): ImportField | undefined {
  const key = canonicalColumn(name);
  return FIELDS.has(key) ? (key as ImportField) : ALIASES[key];
}
