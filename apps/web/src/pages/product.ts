import {
  AFFILIATE_DISCLOSURE,
  absoluteUrl,
  buyLinks,
  type CatalogError,
  estimateShipping,
  formatPrice,
  getCategory,
  MARKETPLACE_NAMES,
  type Product,
  productUrl,
  SERVICE_INFO,
} from '@repo/catalog-core';
import type { FastifyInstance } from 'fastify';
import type { Block, Cell, PageModel } from '../render/page-model.js';
import { prices, productCard, section } from './shared.js';
import { productShippingBlocks } from './shipping/product-shipping-form.js';

/** Countries the product page quotes shipping to. */
export const SHIPPING_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'CA', 'AU'] as const;

function shippingRows(fastify: FastifyInstance, p: Product): Cell[][] {
  return SHIPPING_COUNTRIES.map((country) => {
    try {
      const { quotes } = estimateShipping(
        { country, items: [{ slug: p.slug, quantity: 1 }], currency: 'USD' },
        {
          agents: fastify.site.agents,
          resolveProduct: (slug) => (slug === p.slug ? p : undefined),
        },
      );
      const cheapest = quotes.find((q) => q.cheapest);
      const fastest = quotes.find((q) => q.fastest);
      if (!cheapest || !fastest) throw new Error('no quote');
      const days = (d: { min: number; max: number }) => `${d.min}–${d.max} days`;
      return [
        { content: [country] },
        { content: [`${cheapest.agent_name}, ${cheapest.line_name}`] },
        {
          content: [
            `${formatPrice(cheapest.price.amount, 'CNY')} (≈ ${formatPrice(cheapest.price_converted.amount, 'USD')})`,
          ],
          numeric: true,
        },
        { content: [days(cheapest.delivery_days)] },
        {
          content: [`${fastest.agent_name}, ${fastest.line_name}: ${days(fastest.delivery_days)}`],
        },
      ];
    } catch (err) {
      const reason =
        (err as CatalogError).code === 'SHIPPING_UNAVAILABLE'
          ? 'No line takes this parcel'
          : 'Not available';
      return [
        { content: [country] },
        { content: [reason] },
        { content: ['–'], numeric: true },
        { content: ['–'] },
        { content: ['–'] },
      ];
    }
  });
}

/** `/producto/{slug}`: everything a shopper needs to decide and buy, and its JSON-LD `Product`. */
export async function productPage(fastify: FastifyInstance, p: Product): Promise<PageModel> {
  const { site } = fastify;
  const base = site.baseUrl;
  const url = productUrl(base, p.slug);
  const cat = getCategory(p.category);
  const { price, converted } = prices(p.price);
  const photos = p.qc_photos.map((src, i) => ({
    src: absoluteUrl(base, src),
    alt: `QC photo ${i + 1} of ${p.qc_photos.length}: ${p.title}`,
  }));
  const related = await fastify.catalog.search({ q: p.brand, category: p.category, limit: 7 });
  const relatedCards = related.hits
    .filter((r) => r.slug !== p.slug)
    .slice(0, 6)
    .map((r) => productCard(base, r));
  const links = buyLinks(site.agents, p.marketplace, p.item_id);
  // The estimate depends only on the parcel weight (the product's, else its category's typical
  // one), so products of equal weight share one computation.
  const shipping = await site.memo(
    `shipping:${p.weight_grams ?? `category:${p.category}`}`,
    async () => shippingRows(fastify, p),
  );

  const blocks: Block[] = [
    {
      kind: 'facts',
      items: [
        { label: 'Price', value: [{ strong: price }, ` ${converted}`] },
        { label: 'Brand', value: [p.brand] },
        {
          label: 'Category',
          value: [
            {
              href: `${base}/category/${p.category}`,
              mdHref: `${base}/category/${p.category}.md`,
              text: cat?.name ?? p.category,
            },
          ],
        },
        ...(p.batch ? [{ label: 'Batch', value: [p.batch] }] : []),
        ...(p.seller ? [{ label: 'Seller', value: [p.seller] }] : []),
        {
          label: 'Listing',
          value: [
            {
              href: p.listing_url,
              text: `${MARKETPLACE_NAMES[p.marketplace]} item ${p.item_id}`,
              external: true,
            },
          ],
        },
        { label: 'QC photos', value: [`${p.qc_photos.length}`] },
      ],
    },
    section('buy', 'Buy through an agent', [
      {
        kind: 'buttons',
        label: 'Buy links',
        items: links.map((l) => ({ href: l.url, text: `Buy with ${l.name}`, sponsored: true })),
      },
      { kind: 'disclosure', text: AFFILIATE_DISCLOSURE },
    ]),
    section(
      'qc',
      'QC photos',
      photos.length
        ? [{ kind: 'gallery', photos }]
        : [{ kind: 'paragraph', content: ['No QC photos yet.'] }],
    ),
    section('shipping', 'Shipping estimate', [
      {
        kind: 'table',
        caption: `One item, packed, cheapest and fastest line per country (USD indicative)`,
        columns: [
          { label: 'Country' },
          { label: 'Cheapest line' },
          { label: 'Price', numeric: true },
          { label: 'Delivery' },
          { label: 'Fastest' },
        ],
        rows: shipping,
      },
      {
        kind: 'paragraph',
        content: [
          'Estimates; the agent quotes the final price after weighing your parcel. Several items in one parcel cost less per item.',
        ],
      },
      ...productShippingBlocks(site, p),
    ]),
  ];
  if (relatedCards.length)
    blocks.push(
      section('related', 'Related products', [
        { kind: 'products', label: 'Related products', items: relatedCards },
      ]),
    );

  return {
    title: `${p.title}: ${price} · ${SERVICE_INFO.title}`,
    description: `${p.title} by ${p.brand}: ${price} (${converted}), ${p.qc_photos.length} QC photos, buy through ${links.length} shopping agents.`,
    url,
    mdUrl: productUrl(base, p.slug, 'md'),
    h1: p.title,
    breadcrumbs: [
      { href: `${base}/`, mdHref: `${base}/index.md`, text: 'Home' },
      {
        href: `${base}/category/${p.category}`,
        mdHref: `${base}/category/${p.category}.md`,
        text: cat?.name ?? p.category,
      },
    ],
    blocks,
    ...(photos[0] ? { image: photos[0].src } : {}),
    ogType: 'product',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: p.title,
      sku: p.item_id,
      url,
      brand: { '@type': 'Brand', name: p.brand },
      category: cat?.name ?? p.category,
      image: photos.map((ph) => ph.src),
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
