import {
  type Agent,
  type Marketplace,
  type PastedLinkReading,
  type Product,
  readPastedLink,
} from '@repo/catalog-core';
import type { CatalogIndex } from './catalog-index.js';

/** A pasted link as read, with the catalog's products for the listing it points at. */
export interface PastedLinkLookup {
  readonly reading: PastedLinkReading;
  /** The catalog's products of that listing (usually one); empty when not catalogued or unread. */
  readonly products: readonly Product[];
}

// The item number is a searchable word in both engines; typo tolerance may bring other numbers
// along, so only exact (marketplace, item id) pairs are kept, and a page this size holds them.
const CANDIDATES = 50;

/**
 * The catalog's products of one listing: the pair (marketplace, item id) is the key of a listing,
 * looked up through the engine's own search by the item number, exact matches only.
 *
 * @throws {SearchError} when the engine fails.
 * @example await findListing(index, 'weidian', '7231234567') // [product] or []
 */
export async function findListing(
  index: CatalogIndex,
  marketplace: Marketplace,
  itemId: string,
): Promise<Product[]> {
  const { hits } = await index.search({ q: itemId, literal: true, limit: CANDIDATES });
  return hits.filter((p) => p.item_id === itemId && p.marketplace === marketplace);
}

/**
 * Reads search text as a pasted listing link and finds that listing in the catalog: what both the
 * catalog page and `search_products` do before any text search. `undefined` when the text is
 * words, not a link. The link is parsed, never fetched.
 *
 * @throws {SearchError} when the engine fails.
 * @example (await lookupPastedLink(index, 'https://weidian.com/item.html?itemID=7231234567', agents))?.products
 */
export async function lookupPastedLink(
  index: CatalogIndex,
  text: string,
  agents: readonly Agent[],
): Promise<PastedLinkLookup | undefined> {
  const reading = readPastedLink(text, agents);
  if (!reading) return undefined;
  if (!reading.ok) return { reading, products: [] };
  const { marketplace, itemId } = reading.link;
  return { reading, products: await findListing(index, marketplace, itemId) };
}
