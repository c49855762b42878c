import {
  type Agent,
  listingUrl,
  type Marketplace,
  type PastedLinkReading,
  type Product,
  readPastedLink,
  SLUG_PATTERN,
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

// This catalog's own links to a product: its page (`/producto/{slug}`, `.html`, `.md`,
// `/index.md`) and its buy links (`/go/{agent}/{slug}`), on whatever host serves the catalog.
const SITE_LINK =
  /^\/(?:producto|go\/[a-z0-9_]{1,64})\/([a-z0-9-]{1,200})(?:\.html|\.md|\/index\.md)?\/?$/;
const SLUG = new RegExp(SLUG_PATTERN);
const HTTP_LINK = /^\s*https?:\/\//i;

/** The slug of a product link of this catalog (`https://…/producto/{slug}`), else `undefined`. */
function siteLinkSlug(text: string): string | undefined {
  // Words are most of what is searched: they never reach the URL parser and its exception.
  if (!HTTP_LINK.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  const slug = SITE_LINK.exec(url.pathname)?.[1];
  return slug !== undefined && SLUG.test(slug) ? slug : undefined;
}

/**
 * Reads search text as a pasted listing link and finds that listing in the catalog: what both the
 * catalog page and `search_products` do before any text search. One of this catalog's own product
 * or buy links (`/producto/{slug}`, `/go/{agent}/{slug}`) finds that product. `undefined` when the text is
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
  // A shopper pasting one of this catalog's own product or buy links means that product: read
  // as the link of its listing, as if the marketplace's own link had been pasted.
  const slug = siteLinkSlug(text);
  const own = slug === undefined ? undefined : await index.getBySlug(slug);
  if (own) {
    const { marketplace, item_id: itemId } = own;
    const reading: PastedLinkReading = {
      ok: true,
      link: { marketplace, itemId, listingUrl: listingUrl(marketplace, itemId), via: 'listing' },
    };
    return { reading, products: [own] };
  }
  const reading = readPastedLink(text, agents);
  if (!reading) return undefined;
  if (!reading.ok) return { reading, products: [] };
  const { marketplace, itemId } = reading.link;
  return { reading, products: await findListing(index, marketplace, itemId) };
}
