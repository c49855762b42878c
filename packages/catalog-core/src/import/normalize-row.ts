import { listingUrl, parseListingUrl } from '../listing-url.js';
import type { Marketplace, Product } from '../product.js';
import { fieldOfColumn, IMPORT_FIELDS, type ImportField } from './columns.js';
import {
  type Parsed,
  parseCategory,
  parseDate,
  parseItemId,
  parseList,
  parseMarketplace,
  parsePrice,
  parseWeight,
  show,
} from './fields.js';
import { productSchemaReasons } from './schema-reasons.js';
import { productSlug } from './slug.js';

/** What {@link normalizeProductRow} needs besides the row. */
export interface NormalizeRowContext {
  /** `created_at` of rows that have none: the time of the import. */
  readonly now: Date | string;
}

/** A valid product, or the reason the row is not one (every failing field, `; `-separated). */
export type NormalizeRowResult =
  | { readonly ok: true; readonly product: Product }
  | { readonly ok: false; readonly reason: string };

/**
 * Turns one row of an operator's spreadsheet export (CSV, JSON or NDJSON record) into a valid
 * {@link Product}. Accepts the Product field names and common aliases (`price_cny`, `itemId`,
 * `url`, `photos`, `colour`…; unknown columns are ignored), trims text, converts numbers, splits
 * `|`/`,`-separated lists, and derives what is missing: `listing_url` from marketplace + item id
 * (always stored in its canonical form), marketplace + item id from a listing URL, the slug from
 * brand/model/colourway or title + item id, `created_at` from `context.now`. Never throws for a
 * bad row: the reason says which fields are wrong and what they held.
 *
 * @example
 * normalizeProductRow({ title: 'Nike Dunk Low', brand: 'Nike', category: 'sneakers',
 *   price_cny: '368', url: 'https://weidian.com/item.html?itemID=7234567890' }, { now: new Date() })
 * // { ok: true, product: { slug: 'nike-dunk-low-7234567890', marketplace: 'weidian', … } }
 * normalizeProductRow({ price: 'abc', … }, ctx) // { ok: false, reason: 'price: must be a positive number, got "abc"' }
 */
export function normalizeProductRow(
  record: Readonly<Record<string, unknown>>,
  context: NormalizeRowContext,
): NormalizeRowResult {
  const cells = collectCells(record);
  if (cells.size === 0) return { ok: false, reason: 'empty row' };
  const problems: string[] = [];
  const take = <T>(field: ImportField, parse: (value: unknown) => Parsed<T>): T | undefined => {
    if (!cells.has(field)) return undefined;
    const parsed = parse(cells.get(field));
    if (parsed.ok) return parsed.value;
    problems.push(`${field}: ${parsed.reason}`);
    return undefined;
  };
  const text = (field: ImportField) => take(field, parseText);

  const brand = text('brand');
  const model = text('model');
  const colorway = text('colorway');
  const batch = text('batch');
  const category = take('category', parseCategory);
  const price = take('price', parsePrice);
  const { marketplace, itemId } = identify(cells, problems, take);
  const tags = take('tags', (value) => parseList(value, /[|;,\n]/));
  const qcPhotos = take('qc_photos', (value) => parseList(value, /[|,\n]/)) ?? [];
  const weight = take('weight_grams', parseWeight);
  const createdAt = cells.has('created_at')
    ? take('created_at', parseDate)
    : fromNow(context, problems);
  const title =
    text('title') ?? (brand && model ? listingTitle(brand, model, colorway, batch) : undefined);

  const seller = text('seller');
  const required = { title, brand, category, price } as const;
  for (const [field, value] of Object.entries(required)) {
    if (value !== undefined || cells.has(field as ImportField)) continue;
    problems.push(
      field === 'title'
        ? 'title: required (or brand and model to build it from)'
        : `${field}: required`,
    );
  }
  let slug = text('slug')?.toLowerCase();
  if (slug !== undefined && itemId !== undefined && !slug.endsWith(`-${itemId}`)) {
    problems.push(`slug: must end with "-${itemId}" (the item id), got ${show(slug)}`);
  }
  if (problems.length > 0 || !brand || !title || !marketplace || !itemId) {
    // Every missing field has pushed a problem above; the guard narrows the types.
    return { ok: false, reason: inFieldOrder(problems).join('; ') };
  }
  slug ??= model
    ? productSlug([model.includes(brand) ? undefined : brand, model, colorway], itemId, marketplace)
    : productSlug(
        [title.toLowerCase().includes(brand.toLowerCase()) ? undefined : brand, stripBatch(title)],
        itemId,
        marketplace,
      );

  const product: Record<string, unknown> = {
    slug,
    title,
    brand,
    category,
    price,
    marketplace,
    item_id: itemId,
    listing_url: listingUrl(marketplace, itemId),
    qc_photos: qcPhotos,
    created_at: createdAt,
  };
  const optional = { model, colorway, batch, seller, tags, weight_grams: weight };
  for (const [key, value] of Object.entries(optional))
    if (value !== undefined) product[key] = value;
  const reasons = productSchemaReasons(product);
  return reasons
    ? { ok: false, reason: reasons.join('; ') }
    : { ok: true, product: product as Product };
}

/** Problems sorted like the schema's fields (`sort` is stable, so one field keeps its order). */
function inFieldOrder(problems: string[]): string[] {
  const rank = (problem: string) =>
    IMPORT_FIELDS.indexOf(/^[a-z_]+/.exec(problem)?.[0] as ImportField);
  return problems.sort((a, b) => rank(a) - rank(b));
}

/** Non-empty cells by field; when two columns fill one field, the first non-empty one wins. */
function collectCells(record: Readonly<Record<string, unknown>>): Map<ImportField, unknown> {
  const cells = new Map<ImportField, unknown>();
  for (const [column, raw] of Object.entries(record)) {
    const field = fieldOfColumn(column);
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (field === undefined || value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (!cells.has(field)) cells.set(field, value);
  }
  return cells;
}

/** Marketplace + item id, from their own columns, the listing URL, or both (then they must agree). */
function identify(
  cells: Map<ImportField, unknown>,
  problems: string[],
  take: <T>(field: ImportField, parse: (value: unknown) => Parsed<T>) => T | undefined,
): { marketplace?: Marketplace; itemId?: string } {
  let marketplace = take('marketplace', parseMarketplace);
  let itemId = take('item_id', parseItemId);
  const url = take('listing_url', parseText);
  if (url !== undefined) {
    const ref = parseListingUrl(url);
    if (!ref) {
      problems.push(`listing_url: not a weidian, taobao or 1688 item link, got ${show(url)}`);
    } else if (
      (marketplace && marketplace !== ref.marketplace) ||
      (itemId && itemId !== ref.itemId)
    ) {
      problems.push(
        `listing_url: points at ${ref.marketplace} item ${ref.itemId}, not ${marketplace ?? ref.marketplace} item ${itemId ?? ref.itemId}`,
      );
    } else {
      marketplace ??= ref.marketplace;
      itemId ??= ref.itemId;
    }
  }
  if (!cells.has('marketplace') && marketplace === undefined && url === undefined) {
    problems.push('marketplace: required (or a listing_url to read it from)');
  }
  if (!cells.has('item_id') && itemId === undefined && url === undefined) {
    problems.push('item_id: required (or a listing_url to read it from)');
  }
  return { marketplace, itemId };
}

function parseText(value: unknown): Parsed<string> {
  if (typeof value === 'string') return { ok: true, value: value.replace(/\s+/g, ' ') };
  if (typeof value === 'number' && Number.isFinite(value))
    return { ok: true, value: String(value) };
  return { ok: false, reason: `must be text, got ${show(value)}` };
}

function fromNow(context: NormalizeRowContext, problems: string[]): string | undefined {
  const parsed = parseDate(context.now);
  if (parsed.ok) return parsed.value;
  problems.push('created_at: missing, and the import has no valid "now" to default it to');
  return undefined;
}

/** The sample catalog's title shape: Nike Dunk Low 'Panda' (LJR batch). */
function listingTitle(brand: string, model: string, colorway?: string, batch?: string): string {
  const head = model.includes(brand) ? model : `${brand} ${model}`;
  const named = colorway ? `${head} '${colorway}'` : head;
  return batch ? `${named} (${batch} batch)` : named;
}

function stripBatch(title: string): string {
  return title.replace(/\s*\([^)]*\bbatch\)\s*$/i, '');
}
