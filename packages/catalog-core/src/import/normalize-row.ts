import { DEFAULT_LEXICON } from '../lexicon/default-lexicon.js';
import { readTitle, type TitleReading } from '../lexicon/recognize.js';
import { isLinkLabel } from '../listing-link/link-label.js';
import { type ListingLink, readListingLink } from '../listing-link/read-listing-link.js';
import { listingUrl } from '../listing-url.js';
import type { Marketplace, Product } from '../product.js';
import { type QcLinks, readQcLinks } from '../qc-links/read-qc-links.js';
import { IMPORT_FIELDS, type ImportField } from './columns.js';
import {
  type Parsed,
  parseDate,
  parseItemId,
  parseList,
  parseMarketplace,
  parseWeight,
  show,
} from './fields.js';
import { type Inferred, inferBrand, inferCategory, inferPrice } from './infer.js';
import { type BlankedCell, type Cell, rowCells } from './row-cells.js';
import type { NormalizeRowContext } from './row-context.js';
import { productSchemaReasons } from './schema-reasons.js';
import type { SectionHeader } from './section-header.js';
import { productSlug } from './slug.js';

/**
 * A valid product (with what was inferred or converted to make it, one warning each), or the
 * reason the row is not one (every failing field, `; `-separated).
 */
export type NormalizeRowResult =
  | { readonly ok: true; readonly product: Product; readonly warnings: readonly string[] }
  | { readonly ok: false; readonly reason: string };

/**
 * Turns one row of an operator's spreadsheet (a CSV or XLSX row, a JSON or NDJSON record) into a
 * valid {@link Product}. Columns are understood by meaning (`context.columns`: `Item Name`,
 * `W2C`, `QC Photos`, `Price (USD)`…; unknown ones ignored); text is trimmed, lists split on
 * `|`/`,`; QC cells are read as photos and albums (`readQcLinks`). What is missing is derived:
 * marketplace + item id from any listing or agent link (`readListingLink`, stored as the
 * canonical listing URL), the brand and the category from the title (`readTitle` with
 * `context.lexicon` and what `context.knowledge` learned from the sheet; the `section` the row is
 * in names a category too), the price converted to CNY from the currency written, the slug,
 * `created_at` from `context.now`. Whatever was inferred, converted or dropped is a warning; the
 * row still loads. Never throws for a bad row: the reason says which fields are wrong and what
 * they held.
 *
 * @example
 * normalizeProductRow({ 'Item Name': 'Nike Dunk Low', Price: '$51.69', Category: 'Sneakers',
 *   Link: 'https://weidian.com/item.html?itemID=7234567890' }, { now: new Date() })
 * // { ok: true, product: { brand: 'Nike', price: 368.03, … }, warnings: ['price: …'] }
 * normalizeProductRow({ price: 'abc', … }, ctx) // { ok: false, reason: 'price: must be a positive number, got "abc"' }
 */
export function normalizeProductRow(
  record: Readonly<Record<string, unknown>>,
  context: NormalizeRowContext,
  section?: SectionHeader,
): NormalizeRowResult {
  const lexicon = context.lexicon ?? DEFAULT_LEXICON;
  const blanked: BlankedCell[] = [];
  const cells = rowCells(record, context.columns, blanked);
  if (cells.size === 0) return { ok: false, reason: 'empty row' };
  const problems: string[] = [];
  const warnings: string[] = blanked
    .filter((cell) => cell.formulaError)
    .map((cell) => `${cell.field}: ${readAsEmpty(cell)}`);
  // A required field left empty says what its cell held instead: "tbd", "#N/A".
  const required = (field: ImportField, why = '') => {
    const cell = blanked.find((blank) => blank.field === field);
    return `${field}: required${why}${cell ? ` (${readAsEmpty(cell)})` : ''}`;
  };
  const first = (field: ImportField) => cells.get(field)?.[0];
  const take = <T>(field: ImportField, parse: (value: unknown) => Parsed<T>): T | undefined => {
    const cell = first(field);
    if (cell === undefined) return undefined;
    const parsed = parse(cell.value);
    if (parsed.ok) return parsed.value;
    problems.push(`${field}: ${parsed.reason}`);
    return undefined;
  };
  const use = <T>(inferred: Inferred<T>): T | undefined => {
    if (!inferred.ok) {
      problems.push(inferred.reason);
      return undefined;
    }
    if (inferred.warning) warnings.push(inferred.warning);
    return inferred.value;
  };
  const text = (field: ImportField) => take(field, parseText);

  const givenBrand = text('brand');
  const model = text('model');
  const colorway = text('colorway');
  const batch = text('batch');
  const title =
    text('title') ?? (model ? listingTitle(givenBrand ?? '', model, colorway, batch) : undefined);
  // Read only when the brand or the category needs it: most big files give both.
  let reading: TitleReading | undefined;
  const readOnce = () => {
    if (title !== undefined) reading ??= readTitle(title, lexicon, context.knowledge?.brandTable);
    return reading;
  };
  const brand = use(inferBrand(givenBrand, readOnce, context));
  const categoryCell = first('category');
  const category = use(inferCategory(categoryCell?.value, readOnce, context, section));
  const priceCell = first('price');
  const price = priceCell
    ? use(inferPrice(priceCell.value, priceCell.role.currency, context))
    : undefined;
  const { marketplace, itemId } = identify(cells, problems, warnings, take, context);
  const tags = take('tags', (value) => parseList(value, /[|;,\n]/));
  const weight = take('weight_grams', parseWeight);
  const createdAt = cells.has('created_at')
    ? take('created_at', parseDate)
    : fromNow(context, problems);
  const seller = text('seller');

  if (title === undefined && !cells.has('title')) {
    problems.push(required('title', ' (or a model to build it from)'));
  }
  if (price === undefined && !priceCell) problems.push(required('price'));
  let slug = text('slug')?.toLowerCase();
  if (slug !== undefined && itemId !== undefined && !slug.endsWith(`-${itemId}`)) {
    problems.push(`slug: must end with "-${itemId}" (the item id), got ${show(slug)}`);
  }
  if (problems.length > 0 || !brand || !title || !marketplace || !itemId) {
    // Every missing field has pushed a problem above; the guard narrows the types.
    return { ok: false, reason: inFieldOrder(problems).join('; ') };
  }
  // An inferred brand is in the title already (or is "Unbranded"): only a given one is added.
  const slugBrand = (text: string) =>
    givenBrand === undefined || text.toLowerCase().includes(brand.toLowerCase())
      ? undefined
      : brand;
  slug ??= model
    ? productSlug([slugBrand(model), model, colorway], itemId, marketplace)
    : productSlug([slugBrand(title), stripBatch(title)], itemId, marketplace);

  const qc = readQcCells(cells, slug);
  if (qc.dropped.length > 0) warnings.push(qcWarning(qc.dropped));

  const product: Record<string, unknown> = {
    slug,
    title,
    brand,
    category,
    price,
    marketplace,
    item_id: itemId,
    listing_url: listingUrl(marketplace, itemId),
    qc_photos: qc.photos,
    created_at: createdAt,
  };
  const qcAlbums = qc.albums.length > 0 ? qc.albums : undefined;
  const optional = {
    qc_albums: qcAlbums,
    model,
    colorway,
    batch,
    seller,
    tags,
    weight_grams: weight,
  };
  for (const [key, value] of Object.entries(optional))
    if (value !== undefined) product[key] = value;
  const reasons = productSchemaReasons(product);
  return reasons
    ? { ok: false, reason: reasons.join('; ') }
    : { ok: true, product: product as Product, warnings };
}

function readAsEmpty(cell: BlankedCell): string {
  return cell.formulaError
    ? `formula error ${cell.text} read as empty`
    : `${show(cell.text)} read as empty`;
}

/** Problems sorted like the schema's fields (`sort` is stable, so one field keeps its order). */
function inFieldOrder(problems: string[]): string[] {
  const rank = (problem: string) =>
    IMPORT_FIELDS.indexOf(/^[a-z_]+/.exec(problem)?.[0] as ImportField);
  return problems.sort((a, b) => rank(a) - rank(b));
}

/**
 * Marketplace + item id, from their own columns, the link columns, or both (then they must
 * agree). Of several link columns (`Link`, `Raw link`), the first one that reads is used.
 */
function identify(
  cells: Map<ImportField, Cell[]>,
  problems: string[],
  warnings: string[],
  take: <T>(field: ImportField, parse: (value: unknown) => Parsed<T>) => T | undefined,
  context: NormalizeRowContext,
): { marketplace?: Marketplace; itemId?: string } {
  let marketplace = take('marketplace', parseMarketplace);
  let itemId = take('item_id', parseItemId);
  const links = (cells.get('listing_url') ?? []).map((cell) => String(cell.value));
  let link: ListingLink | undefined;
  let firstFailure: string | undefined;
  for (const text of links) {
    const read = readListingLink(text, context.agents ? { agents: context.agents } : {});
    if (read.ok) {
      link = read.link;
      break;
    }
    firstFailure ??= isLinkLabel(text)
      ? `listing_url: ${show(text)} is only a link's label: the link behind it is not in the cell (a CSV download drops it; download the sheet as .xlsx)`
      : `listing_url: ${read.message}, got ${show(text)}`;
  }
  if (link) {
    if ((marketplace && marketplace !== link.marketplace) || (itemId && itemId !== link.itemId)) {
      problems.push(
        `listing_url: points at ${link.marketplace} item ${link.itemId}, not ${marketplace ?? link.marketplace} item ${itemId ?? link.itemId}`,
      );
    } else {
      marketplace ??= link.marketplace;
      itemId ??= link.itemId;
    }
  } else if (firstFailure && marketplace && itemId) {
    warnings.push(`${firstFailure}; the listing comes from marketplace and item_id`);
  } else if (firstFailure) {
    problems.push(firstFailure);
  }
  if (!cells.has('marketplace') && marketplace === undefined && links.length === 0) {
    problems.push('marketplace: required (or a listing_url to read it from)');
  }
  if (!cells.has('item_id') && itemId === undefined && links.length === 0) {
    problems.push('item_id: required (or a listing_url to read it from)');
  }
  return { marketplace, itemId };
}

/** Every QC cell (photos and albums columns alike) read as links, in column order. */
function readQcCells(cells: Map<ImportField, Cell[]>, slug: string): QcLinks {
  const qc = [...(cells.get('qc_photos') ?? []), ...(cells.get('qc_albums') ?? [])];
  // One QC cell is the common case: read as it is.
  if (qc.length === 1) return readQcLinks(qc[0]?.value, slug);
  return readQcLinks(
    qc.flatMap((cell) => (Array.isArray(cell.value) ? cell.value : [cell.value])),
    slug,
  );
}

/** One warning for what a QC cell held that is no photo or album: at most three quoted. */
function qcWarning(dropped: QcLinks['dropped']): string {
  const quoted = dropped.slice(0, 3).map((d) => `${show(d.text)} (${d.reason})`);
  const more = dropped.length > 3 ? ` and ${dropped.length - 3} more` : '';
  return `qc_photos: dropped ${quoted.join(', ')}${more}`;
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
  const head = brand === '' || model.includes(brand) ? model : `${brand} ${model}`;
  const named = colorway ? `${head} '${colorway}'` : head;
  return batch ? `${named} (${batch} batch)` : named;
}

function stripBatch(title: string): string {
  return title.replace(/\s*\([^)]*\bbatch\)\s*$/i, '');
}
