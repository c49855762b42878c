import type { Marketplace } from './product.js';

/**
 * The canonical marketplace page of an item (reference/domain.md, section 1.1). Every stored
 * `listing_url` is built here, so that the pair (marketplace, item id) stays the source of truth;
 * `readListingLink` reads any link back into that pair.
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
