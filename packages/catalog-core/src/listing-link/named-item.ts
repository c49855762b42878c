import type { Marketplace } from '../product.js';

// How other agents' links name the marketplace (CNFans and Mulebuy `platform=WEIDIAN`, older
// CNFans and LoveGoBuy `shop_type=ali_1688`, Superbuy `platform=TMALL`, LitBuy and Basetao
// `/product/weidian/…`; reference/domain.md 1.2). Numeric codes differ from agent to agent
// (Hoobuy's 2 is Weidian, USFans' is Taobao), so only words are read.
const MARKETPLACE_WORDS: Readonly<Record<string, Marketplace>> = {
  weidian: 'weidian',
  wd: 'weidian',
  taobao: 'taobao',
  tb: 'taobao',
  tmall: 'taobao',
  '1688': '1688',
  ali_1688: '1688',
  ali1688: '1688',
  alibaba: '1688',
};
const MARKETPLACE_KEYS = new Set([
  'platform',
  'shop_type',
  'shoptype',
  'source',
  'mall',
  'channel',
]);
const ID_KEYS = new Set([
  'id',
  'itemid',
  'item_id',
  'goodsid',
  'goods_id',
  'productid',
  'product_id',
  'offerid',
  'num_iid',
]);
const ITEM_ID = /^[0-9]{5,20}$/;

/**
 * The listing a link names in its own words, as agents the operator has not configured write
 * them: a marketplace word and an item id, in its parameters (`?id=7231234567&platform=WEIDIAN`)
 * or its path (`/product/weidian/7231234567`). Exactly one of each, or nothing: a link that
 * names two marketplaces, or a numeric platform code, says too little.
 *
 * @example readNamedItem(new URL('https://cnfans.com/product?id=7231234567&platform=WEIDIAN'))
 * // { marketplace: 'weidian', itemId: '7231234567' }
 */
export function readNamedItem(url: URL): { marketplace: Marketplace; itemId: string } | undefined {
  const marketplaces = new Set<Marketplace>();
  const ids = new Set<string>();
  for (const [key, value] of url.searchParams) {
    const name = key.toLowerCase();
    const word = MARKETPLACE_WORDS[value.toLowerCase()];
    if (MARKETPLACE_KEYS.has(name) && word) marketplaces.add(word);
    if (ID_KEYS.has(name) && ITEM_ID.test(value)) ids.add(value);
  }
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  segments.forEach((segment, i) => {
    const word = MARKETPLACE_WORDS[segment.toLowerCase()];
    const next = segments[i + 1]?.replace(/\.html?$/, '');
    if (word && next !== undefined && ITEM_ID.test(next)) {
      marketplaces.add(word);
      ids.add(next);
    }
  });
  const [marketplace] = marketplaces;
  const [itemId] = ids;
  return marketplaces.size === 1 && ids.size === 1 && marketplace && itemId
    ? { marketplace, itemId }
    : undefined;
}
