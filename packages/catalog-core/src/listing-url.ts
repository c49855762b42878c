import type { Marketplace } from './product.js';

const ITEM_ID = /^[0-9]{5,20}$/;

/**
 * The canonical marketplace page of an item (reference/domain.md, section 1.1). Every stored
 * `listing_url` is built here, so that the pair (marketplace, item id) stays the source of truth.
 *
 * @example listingUrl('weidian', '7234567890') // 'https://weidian.com/item.html?itemID=7234567890'
 */
export function listingUrl(marketplace: Marketplace, itemId: string): string {
  switch (marketplace) {
    case 'weidian':
      return `https://weidian.com/item.html?itemID=${itemId}`;
    case 'taobao':
      return `https://item.taobao.com/item.htm?id=${itemId}`;
    case '1688':
      return `https://detail.1688.com/offer/${itemId}.html`;
  }
}

/** The item a marketplace link points at. */
export interface ListingRef {
  readonly marketplace: Marketplace;
  readonly itemId: string;
}

/**
 * Reads the marketplace and item id back from an item link: the canonical links, their mobile
 * and share variants (`m.`/`h5.` hosts, `world.taobao.com/item/{id}.htm`, Tmall, which agents treat
 * as Taobao) and `itemId` spelled either way. Returns `undefined` for anything else, including
 * short links (`m.tb.cn`), which only an HTTP request can resolve.
 *
 * @example parseListingUrl('https://detail.1688.com/offer/612345678901.html')
 * // { marketplace: '1688', itemId: '612345678901' }
 */
export function parseListingUrl(url: string): ListingRef | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  const host = parsed.hostname.toLowerCase();
  const ref = (marketplace: Marketplace, id: string | null | undefined): ListingRef | undefined =>
    id && ITEM_ID.test(id) ? { marketplace, itemId: id } : undefined;

  if (host === 'weidian.com' || host.endsWith('.weidian.com') || host === 'k.youshop10.com') {
    return ref('weidian', parsed.searchParams.get('itemID') ?? parsed.searchParams.get('itemId'));
  }
  if (host.endsWith('1688.com')) {
    return ref('1688', /\/offer\/([0-9]+)\.html$/.exec(parsed.pathname)?.[1]);
  }
  if (host.endsWith('taobao.com') || host.endsWith('tmall.com')) {
    const fromPath = /^\/item\/([0-9]+)\.htm$/.exec(parsed.pathname)?.[1];
    return ref('taobao', parsed.searchParams.get('id') ?? fromPath);
  }
  return undefined;
}
