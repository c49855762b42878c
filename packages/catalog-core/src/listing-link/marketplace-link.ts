import type { Marketplace } from '../product.js';
import { hostIs, paramOf } from './link-text.js';

const ITEM_ID = /^[0-9]{5,20}$/;

/** What a marketplace's own link says (reference/domain.md, section 1.1). */
export type MarketplaceRead =
  | { readonly kind: 'item'; readonly marketplace: Marketplace; readonly itemId: string }
  | { readonly kind: 'short' }
  | { readonly kind: 'not_item'; readonly marketplace: Marketplace };

/**
 * Hosts whose links are redirects: only an HTTP request would tell where they lead, and the
 * reader never makes one. The marketplaces' own share links, then the agents' and general
 * shorteners seen in community sheets (reference/domain.md, section 1.3).
 */
const SHORT_LINK_HOSTS = [
  'tb.cn',
  'qr.1688.com',
  'ikako.vip',
  'sl.kakobuy.com',
  'hipobuy.cn',
  'link.acbuy.com',
  'oopbuy.cc',
  'hoobuy.cc',
  'l.ponybuy.com',
  'allapp.link',
  'bit.ly',
  'tinyurl.com',
  'cutt.ly',
  'is.gd',
  'rb.gy',
  't.co',
  'goo.gl',
] as const;

/** Each marketplace's domains, mobile and share hosts included. Tmall is sold as Taobao. */
const DOMAINS: Readonly<Record<Marketplace, readonly string[]>> = {
  weidian: ['weidian.com', 'youshop10.com', 'koudai.com', 'vdian.com'],
  taobao: ['taobao.com', 'tmall.com', 'tmall.hk'],
  '1688': ['1688.com'],
};

const item = (marketplace: Marketplace, id: string | undefined): MarketplaceRead | undefined =>
  id !== undefined && ITEM_ID.test(id) ? { kind: 'item', marketplace, itemId: id } : undefined;

/**
 * Reads the marketplace and item id of a Weidian, Taobao/Tmall or 1688 link in any of its forms:
 * canonical, mobile and share hosts, `itemID` spelled any way, Tmall's `item_o.htm`, 1688's
 * `offerId` pages. Tells short links and pages that are not an item (a shop, a search) apart;
 * `undefined` for any other site.
 */
export function readMarketplaceUrl(url: URL): MarketplaceRead | undefined {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (SHORT_LINK_HOSTS.some((domain) => hostIs(host, domain))) return { kind: 'short' };
  const marketplace = (Object.keys(DOMAINS) as Marketplace[]).find((m) =>
    DOMAINS[m].some((domain) => hostIs(host, domain)),
  );
  if (marketplace === undefined) return undefined;
  const found =
    marketplace === 'weidian'
      ? item('weidian', paramOf(url, 'itemID') ?? paramOf(url, 'item_id'))
      : marketplace === 'taobao'
        ? item(
            'taobao',
            paramOf(url, 'id') ??
              paramOf(url, 'itemId') ??
              /\/(?:item\/|i)([0-9]+)\.html?$/.exec(url.pathname)?.[1],
          )
        : item(
            '1688',
            /\/offer\/([0-9]+)\.html?$/.exec(url.pathname)?.[1] ?? paramOf(url, 'offerId'),
          );
  if (found) return found;
  // A share host's bare path (k.youshop10.com/AbC) is a redirect to an item, not a shop page.
  if (hostIs(host, 'youshop10.com') && /^\/[A-Za-z0-9_-]+\/?$/.test(url.pathname)) {
    return { kind: 'short' };
  }
  return { kind: 'not_item', marketplace };
}
