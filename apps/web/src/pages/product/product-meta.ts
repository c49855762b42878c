import { type Product, SERVICE_INFO } from '@repo/catalog-core';
import type { PageModel } from '../../render/page-model.js';
import type { PageContext } from '../page-context.js';
import { homeCrumb, qcSummary } from '../shared.js';

/**
 * A product page's title, description, URLs, breadcrumbs, image and JSON-LD `Product`: all but
 * its blocks.
 */
export function productMeta(
  ctx: PageContext,
  p: Product,
  photos: readonly string[],
  agentCount: number,
): Omit<PageModel, 'blocks'> {
  const { urls, locale } = ctx;
  const { m } = locale;
  const cat = locale.category(p.category);
  const { price, converted } = ctx.prices(p.price);
  const url = urls.canonical().product(p.slug);
  return {
    title: locale.t(m.product.title, { title: p.title, price, site: SERVICE_INFO.title }),
    description: locale.t(m.product.description, {
      title: p.title,
      brand: p.brand,
      price,
      converted: converted || price,
      qc: qcSummary(urls, locale, p),
      agents: locale.plural(m.product.agentCount, agentCount),
    }),
    url,
    mdUrl: urls.product(p.slug, 'md'),
    h1: p.title,
    breadcrumbs: [
      homeCrumb(urls, locale),
      {
        href: urls.category(p.category),
        mdHref: urls.category(p.category, {}, 'md'),
        text: cat.name,
      },
    ],
    ...(photos[0] ? { image: photos[0] } : {}),
    ogType: 'product',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: p.title,
      sku: p.item_id,
      url,
      brand: { '@type': 'Brand', name: p.brand },
      category: cat.name,
      image: [...photos],
      offers: {
        '@type': 'Offer',
        url: p.listing_url,
        price: p.price.toFixed(2),
        priceCurrency: 'CNY',
        availability: 'https://schema.org/InStock',
      },
    },
  };
}
