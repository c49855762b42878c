import { getCategory, type Product, SERVICE_INFO, type SiteUrls } from '@repo/catalog-core';
import type { PageModel } from '../../render/page-model.js';
import { homeCrumb, prices, qcSummary } from '../shared.js';

/**
 * A product page's title, description, URLs, breadcrumbs, image and JSON-LD `Product`: all but
 * its blocks.
 */
export function productMeta(
  urls: SiteUrls,
  p: Product,
  photos: readonly string[],
  agentCount: number,
): Omit<PageModel, 'blocks'> {
  const cat = getCategory(p.category);
  const { price, converted } = prices(p.price);
  const url = urls.canonical().product(p.slug);
  return {
    title: `${p.title}: ${price} · ${SERVICE_INFO.title}`,
    description: `${p.title} by ${p.brand}: ${price} (${converted}), QC: ${qcSummary(urls, p)}, buy through ${agentCount} shopping agents.`,
    url,
    mdUrl: urls.product(p.slug, 'md'),
    h1: p.title,
    breadcrumbs: [
      homeCrumb(urls),
      {
        href: urls.category(p.category),
        mdHref: urls.category(p.category, {}, 'md'),
        text: cat?.name ?? p.category,
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
      category: cat?.name ?? p.category,
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
