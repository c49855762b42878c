import { slugify } from '../import/slug.js';
import { listingUrl } from '../listing-url.js';
import type { Marketplace, Product } from '../product.js';
import type { CategorySpec } from './category-spec.js';
import { createRandom, type Random } from './random.js';
import { SELLERS } from './sellers.js';
import { CATEGORY_SPECS } from './vocabulary/all-categories.js';

/** The seed of the default sample catalog (the date the sample was designed, as a number). */
export const SAMPLE_SEED = 20_251_001;
/** Products in the default sample catalog. */
export const SAMPLE_COUNT = 17_917;
/**
 * The fixed "now" of the sample: every `created_at` falls in the two years before it. A constant,
 * never the clock, so that the same seed gives byte-identical catalogs on any day.
 */
export const SAMPLE_EPOCH = '2025-10-01T00:00:00.000Z';

const EPOCH_MS = Date.parse(SAMPLE_EPOCH);
const TWO_YEARS_S = 730 * 24 * 3600;
/** More than any benchmark needs; keeps a typo (`count: 1e9`) from eating the heap. */
const MAX_COUNT = 5_000_000;

/** Options of {@link generateSampleCatalog}. */
export interface SampleCatalogOptions {
  /** Any integer; {@link SAMPLE_SEED} when absent. */
  readonly seed?: number;
  /** How many products; {@link SAMPLE_COUNT} when absent. */
  readonly count?: number;
}

/**
 * Generates the sample catalog: realistic reps listings (brands, models, colourways, batches,
 * sellers, CNY prices, weidian/taobao/1688 item numbers) spread over the 14 categories in
 * realistic proportions. Deterministic: the same options give a byte-identical catalog. Item ids,
 * and therefore slugs, are unique; QC photos point at `/qc/{slug}/{n}.svg` (see `renderQcPhotoSvg`).
 *
 * @throws {RangeError} when `seed` is not an integer or `count` not an integer in 0–5,000,000.
 * @example
 * const products = generateSampleCatalog(); // 17,917 products, seed SAMPLE_SEED
 * const big = generateSampleCatalog({ count: 200_000, seed: 7 });
 */
export function generateSampleCatalog(options: SampleCatalogOptions = {}): Product[] {
  const seed = options.seed ?? SAMPLE_SEED;
  const count = options.count ?? SAMPLE_COUNT;
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  if (!Number.isSafeInteger(count) || count < 0 || count > MAX_COUNT) {
    throw new RangeError(`count must be an integer from 0 to ${MAX_COUNT}, got ${count}`);
  }
  // Fold the seed to 32 bits without losing its high half (seeds above 2^32 stay distinct).
  const random = createRandom((seed ^ Math.floor(seed / 2 ** 32)) >>> 0);
  const order = shuffledCategories(splitCounts(count), random);
  const state: GeneratorState = { random, itemIds: new Set(), names: new Map() };
  const products = new Array<Product>(count);
  for (let i = 0; i < count; i++) {
    const specIndex = order[i]!;
    products[i] = generateProduct(CATEGORY_SPECS[specIndex]!, specIndex, state);
  }
  return products;
}

interface GeneratorState {
  readonly random: Random;
  readonly itemIds: Set<number>;
  readonly names: Map<number, ListingNames>;
}

/** Products per category for `count`: the default shares, scaled by largest remainder. */
function splitCounts(count: number): number[] {
  const total = CATEGORY_SPECS.reduce((sum, spec) => sum + spec.share, 0);
  const exact = CATEGORY_SPECS.map((spec) => (spec.share * count) / total);
  const counts = exact.map(Math.floor);
  let left = count - counts.reduce((sum, n) => sum + n, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left-- <= 0) break;
    counts[index]!++;
  }
  return counts;
}

/** One category index per product, interleaved the way a real spreadsheet export is. */
function shuffledCategories(counts: readonly number[], random: Random): Uint8Array {
  const order = new Uint8Array(counts.reduce((sum, n) => sum + n, 0));
  let at = 0;
  counts.forEach((n, index) => {
    order.fill(index, at, at + n);
    at += n;
  });
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    const swap = order[i]!;
    order[i] = order[j]!;
    order[j] = swap;
  }
  return order;
}

function generateProduct(spec: CategorySpec, specIndex: number, state: GeneratorState): Product {
  const { random } = state;
  const brandIndex = Math.floor(random.next() ** 1.5 * spec.brands.length);
  const brand = spec.brands[brandIndex]!;
  const modelIndex = Math.floor(random.next() * brand.models.length);
  const entry = brand.models[modelIndex]!;
  const colorways = typeof entry === 'string' ? spec.colorways : entry.colorways;
  const colorwayIndex = Math.floor(random.next() * colorways.length);
  const names = listingNames(spec, specIndex, brandIndex, modelIndex, colorwayIndex, state);
  const batch =
    spec.batches.length > 0 && random.next() < spec.batchRate
      ? random.pick(spec.batches)
      : undefined;
  const marketplace = pickMarketplace(random);
  const itemId = uniqueItemId(marketplace, state);
  const slug = `${names.slugBase}-${itemId}`;

  const product: Product = {
    slug,
    title: batch ? `${names.title} (${batch} batch)` : names.title,
    brand: brand.name,
    category: spec.id,
    price: marketPrice(spec, random),
    marketplace,
    item_id: itemId,
    listing_url: listingUrl(marketplace, itemId),
    qc_photos: qcPhotoPaths(slug, random.int(2, 6)),
    created_at: new Date(EPOCH_MS - Math.floor(random.next() * TWO_YEARS_S) * 1000).toISOString(),
    model: names.model,
    colorway: names.colorway,
  };
  if (batch) product.batch = batch;
  if (random.next() < 0.88) product.seller = random.pickSkewed(SELLERS[marketplace], 2.2);
  const tags = pickTags(spec, random);
  if (tags.length > 0) product.tags = tags;
  if (random.next() < 0.6) {
    product.weight_grams = Math.round(random.int(spec.weight[0], spec.weight[1]) / 10) * 10;
  }
  return product;
}

function pickMarketplace(random: Random): Marketplace {
  const r = random.next();
  return r < 0.56 ? 'weidian' : r < 0.89 ? 'taobao' : '1688';
}

/** Weidian item ids have 10 digits today, Taobao and 1688 ones 12 (all below 2^53). */
function uniqueItemId(marketplace: Marketplace, state: GeneratorState): string {
  const { random } = state;
  for (;;) {
    const id =
      marketplace === 'weidian'
        ? random.int(4, 7) * 1e9 + Math.floor(random.next() * 1e9)
        : random.int(5, 8) * 1e11 + Math.floor(random.next() * 1e6) * 1e5 + random.int(0, 99_999);
    if (!state.itemIds.has(id)) {
      state.itemIds.add(id);
      return String(id);
    }
  }
}

interface ListingNames {
  readonly model: string;
  readonly colorway: string;
  /** The title without the batch: Nike Dunk Low 'Panda'. */
  readonly title: string;
  readonly slugBase: string;
}

/** The texts of one brand/model/colourway, built once: there are only a few thousand of them. */
function listingNames(
  spec: CategorySpec,
  specIndex: number,
  brandIndex: number,
  modelIndex: number,
  colorwayIndex: number,
  state: GeneratorState,
): ListingNames {
  // Every list of the vocabulary is shorter than 64, so the key is unique.
  const key = ((specIndex * 64 + brandIndex) * 64 + modelIndex) * 64 + colorwayIndex;
  let names = state.names.get(key);
  if (names === undefined) {
    const brand = spec.brands[brandIndex]!;
    const entry = brand.models[modelIndex]!;
    const model = typeof entry === 'string' ? entry : entry.name;
    const colorway = (typeof entry === 'string' ? spec.colorways : entry.colorways)[colorwayIndex]!;
    // "Air Jordan 1" already names its brand: the title would say "Jordan Air Jordan 1".
    const head = model.includes(brand.name) ? model : `${brand.name} ${model}`;
    names = {
      model,
      colorway,
      title: spec.titleStyle === 'quoted' ? `${head} '${colorway}'` : `${head} ${colorway}`,
      slugBase: slugify(`${head} ${colorway}`),
    };
    state.names.set(key, names);
  }
  return names;
}

/** A lognormal CNY price, rounded the way sellers price: 89, 129.9, 368, 1280. */
function marketPrice(spec: CategorySpec, random: Random): number {
  const { median, spread, min, max } = spec.price;
  const raw = Math.min(max, Math.max(min, median * Math.exp(spread * random.normal())));
  const style = random.next();
  const tens = Math.max(2, Math.round(raw / 10)) * 10;
  if (raw >= 1000) return style < 0.5 ? tens : tens - 1;
  if (style < 0.45) return tens - 1;
  if (style < 0.7) return Math.round((tens - 0.1) * 10) / 10;
  return Math.round(raw);
}

function pickTags(spec: CategorySpec, random: Random): string[] {
  const tags: string[] = [];
  for (let n = random.int(0, 3); n > 0; n--) {
    const tag = random.pick(spec.tags);
    if (!tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

/** The QC photo paths of a product: `/qc/{slug}/1.svg` … `/qc/{slug}/{count}.svg`. */
export function qcPhotoPaths(slug: string, count: number): string[] {
  const paths = new Array<string>(count);
  for (let n = 1; n <= count; n++) paths[n - 1] = `/qc/${slug}/${n}.svg`;
  return paths;
}
