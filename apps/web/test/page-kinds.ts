import type { Product } from '@repo/catalog-core';

/** A page kind, a URL of it, its status and whether it carries affiliate links. */
export interface PageKind {
  readonly kind: string;
  readonly url: string;
  readonly status: number;
  /** Buy or sign-up links: the affiliate disclosure must be on the page. */
  readonly affiliate?: boolean;
}

/** One URL of every kind of page the site serves, from a catalog's products. */
export function pageKinds(products: readonly Product[]): readonly PageKind[] {
  const product = products[7]!;
  return [
    { kind: 'home', url: '/', status: 200, affiliate: true },
    { kind: 'catalog with results', url: '/catalog?q=nike', status: 200 },
    { kind: 'catalog without results', url: '/catalog?q=qqxxzzvvjj', status: 200 },
    { kind: 'catalog, page 2 of a category', url: '/catalog?category=bags&page=2', status: 200 },
    {
      kind: 'catalog with a pasted catalogued link',
      url: `/catalog?q=${encodeURIComponent(products[42]!.listing_url)}`,
      status: 200,
      affiliate: true,
    },
    {
      kind: 'catalog with a pasted link not catalogued',
      url: `/catalog?q=${encodeURIComponent('https://item.taobao.com/item.htm?id=600000000001')}`,
      status: 200,
      affiliate: true,
    },
    {
      kind: 'catalog with a short link',
      url: `/catalog?q=${encodeURIComponent('https://m.tb.cn/h.5xYz')}`,
      status: 200,
    },
    { kind: 'category', url: '/category/bags', status: 200 },
    { kind: 'product', url: `/producto/${product.slug}`, status: 200, affiliate: true },
    { kind: 'spreadsheet', url: '/spreadsheet/agent_a', status: 200, affiliate: true },
    { kind: 'api-docs', url: '/api-docs', status: 200 },
    { kind: 'shipping calculator, empty', url: '/shipping', status: 200 },
    {
      kind: 'shipping calculator with items and a box',
      url: `/shipping?country=PL&items=${products[3]!.slug}:2,sneakers&length=36&width=26&height=15`,
      status: 200,
    },
    {
      kind: 'shipping calculator by weight',
      url: '/shipping?country=US&weight_grams=1500',
      status: 200,
    },
    {
      kind: 'shipping calculator, 400 page',
      url: '/shipping?country=XX&weight_grams=-5',
      status: 400,
    },
    {
      kind: 'shipping calculator with an unknown parameter',
      url: '/shipping?country=PL&wieght=1500',
      status: 200,
    },
    { kind: '400 page (unknown agent)', url: '/catalog?agent=agent_z', status: 400 },
    { kind: '400 page', url: '/catalog?page=abc', status: 400 },
    { kind: '404 page (product)', url: '/producto/no-such-product-1', status: 404 },
    { kind: '404 page (path)', url: '/no/such/page', status: 404 },
  ];
}

/** `url` with one more query parameter. */
export function adding(url: string, name: string, value: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
}
