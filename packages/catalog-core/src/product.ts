import { type Static, Type } from 'typebox';
import { CATEGORY_IDS } from './categories.js';

/** The marketplaces a listing can come from. */
export const MARKETPLACES = ['weidian', 'taobao', '1688'] as const;
/** One of the marketplaces a listing can come from. */
export type Marketplace = (typeof MARKETPLACES)[number];

/** How each marketplace is named to people. */
export const MARKETPLACE_NAMES: Readonly<Record<Marketplace, string>> = Object.freeze({
  weidian: 'Weidian',
  taobao: 'Taobao',
  '1688': '1688',
});

/** Slugs are URL-safe and end with `-<marketplace item number>`. */
export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*-[0-9]{5,20}$';

/**
 * A product of the catalog: the one schema behind the loaded catalog, imports, search documents
 * and tool results. Prices are in CNY, the marketplace currency; conversions happen at read time.
 * `listing_url` is derived from `marketplace` + `item_id` and stored so that every consumer reads
 * the same link. `qc_photos` are pictures a page shows (checked `https:` URLs, or the sample
 * catalog's drawn `/qc/…` photos), `qc_albums` pages that hold more of them (Imgur albums, Yupoo
 * albums): `readQcLinks` tells them apart when a catalog is read.
 */
export const ProductSchema = Type.Object(
  {
    slug: Type.String({ pattern: SLUG_PATTERN, maxLength: 160 }),
    title: Type.String({ minLength: 1, maxLength: 200 }),
    brand: Type.String({ minLength: 1, maxLength: 80 }),
    category: Type.Enum(CATEGORY_IDS),
    price: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, description: 'Price in CNY.' }),
    marketplace: Type.Enum(MARKETPLACES),
    item_id: Type.String({ pattern: '^[0-9]{5,20}$' }),
    listing_url: Type.String({ format: 'uri', maxLength: 300 }),
    qc_photos: Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: 50 }),
    qc_albums: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: 20 }),
    ),
    created_at: Type.String({ format: 'date-time' }),
    model: Type.Optional(Type.String({ maxLength: 120 })),
    colorway: Type.Optional(Type.String({ maxLength: 80 })),
    batch: Type.Optional(Type.String({ maxLength: 40 })),
    seller: Type.Optional(Type.String({ maxLength: 80 })),
    tags: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 20 })),
    weight_grams: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  },
  { additionalProperties: false },
);

/** A product of the catalog (see {@link ProductSchema}). */
export type Product = Static<typeof ProductSchema>;

/**
 * Every field of a product, in `ProductSchema` order: the columns of an export, the attributes a
 * search engine returns, the order import reports list problems in.
 */
export const PRODUCT_FIELDS = Object.freeze(
  Object.keys(ProductSchema.properties),
) as readonly (keyof Product)[];
