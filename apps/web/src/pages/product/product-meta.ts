import { type BuyLink, type Product, SERVICE_INFO } from '@repo/catalog-core';
import type { PageModel } from '../../render/page-model.js';
import { homeStep, pageTrail } from '../breadcrumbs.js';
import type { PageContext } from '../page-context.js';
import { qcSummary } from '../shared.js';
import { type JsonLdNode, jsonLd, ldUrl } from '../structured-data.js';

/**
 * A product page's title, description, URLs, breadcrumbs, image and JSON-LD (`Product` and
 * `BreadcrumbList`): all but its blocks. `photos` are the photos the page shows (`qcPhotoUrl`),
 * `links` its buy links, one per agent that sells.
 */
export function productMeta(
  ctx: PageContext,
  p: Product,
  photos: readonly string[],
  links: readonly BuyLink[],
): Omit<PageModel, 'blocks'> {
  const { urls, locale } = ctx;
  const { m } = locale;
  const cat = locale.category(p.category);
  const { price, converted } = ctx.prices(p.price);
  const url = urls.canonical().product(p.slug);
  const here = ldUrl(ctx, (u) => u.product(p.slug));
  const trail = pageTrail(
    ctx,
    [homeStep(locale), { text: cat.name, at: (u, format) => u.category(p.category, {}, format) }],
    { name: p.title, url: here },
  );
  return {
    title: locale.t(m.product.title, { title: p.title, price, site: SERVICE_INFO.title }),
    description: locale.t(m.product.description, {
      title: p.title,
      brand: p.brand,
      price,
      converted: converted || price,
      qc: qcSummary(urls, locale, p),
      agents: locale.plural(m.product.agentCount, links.length),
    }),
    url,
    mdUrl: urls.product(p.slug, 'md'),
    h1: p.title,
    breadcrumbs: trail.breadcrumbs,
    ...(photos[0] ? { image: photos[0] } : {}),
    ogType: 'product',
    jsonLd: jsonLd([
      // Without an agent that sells it there is no offer, and a `Product` without offers,
      // rating or review is an invalid rich result: the trail is all the page can say.
      ...(links.length > 0 ? [productNode(p, here, cat.name, photos, links)] : []),
      trail.breadcrumbList,
    ]),
  };
}

/**
 * The `Product`: one `Offer` per agent at the CNY price every page shows, each pointing at this
 * page, where the buy links are. `image` lists the photos shown, and is left out when there is
 * none: an empty list is no image, and a stand-in picture would not be this product.
 */
function productNode(
  p: Product,
  url: string,
  category: string,
  photos: readonly string[],
  links: readonly BuyLink[],
): JsonLdNode {
  return {
    '@type': 'Product',
    name: p.title,
    url,
    // The marketplace's item number: what identifies this listing wherever it is bought.
    sku: p.item_id,
    brand: { '@type': 'Brand', name: p.brand },
    category,
    ...(photos.length > 0 ? { image: [...photos] } : {}),
    offers: links.map((l) => ({
      '@type': 'Offer',
      price: p.price.toFixed(2),
      priceCurrency: 'CNY',
      availability: 'https://schema.org/InStock',
      url,
      seller: { '@type': 'Organization', name: l.name },
    })),
  };
}
