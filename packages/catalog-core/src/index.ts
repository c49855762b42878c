// The public API of @repo/catalog-core. Adding a name here is an API decision: no `export *`.

// --- categories & products
export type { Category, CategoryId } from './categories.js';
export { CATEGORIES, CATEGORY_IDS, getCategory, isCategoryId } from './categories.js';
export type { CatalogErrorCode } from './errors.js';
export { CatalogError, isCatalogError } from './errors.js';
export type { Marketplace, Product } from './product.js';
export { MARKETPLACES, ProductSchema, SLUG_PATTERN } from './product.js';

// --- agents, offers, links, shipping, currency, tool contracts

// --- sample catalog & import

export { productSlug, slugify } from './import/slug.js';
export type { ListingRef } from './listing-url.js';
export { listingUrl, parseListingUrl } from './listing-url.js';
export type { SampleCatalogOptions } from './sample/generate.js';
export {
  generateSampleCatalog,
  qcPhotoPaths,
  SAMPLE_COUNT,
  SAMPLE_EPOCH,
  SAMPLE_SEED,
} from './sample/generate.js';
export { renderQcPhotoSvg } from './sample/qc-photo-svg.js';
