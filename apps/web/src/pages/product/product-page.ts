import {
  AFFILIATE_DISCLOSURE,
  buyLinks,
  getCategory,
  MARKETPLACE_NAMES,
  type Product,
  qcAlbum,
  qcPhotoUrl,
  type SiteUrls,
} from '@repo/catalog-core';
import type { Block, Link, PageModel } from '../../render/page-model.js';
import type { PageContext } from '../page-context.js';
import { buyButtons } from '../preferred-agent.js';
import { prices, productCard, qcSummary, section } from '../shared.js';
import { productShippingBlocks } from '../shipping/product-shipping-form.js';
import { productMeta } from './product-meta.js';
import { shippingRows, shippingSection } from './product-shipping.js';

/** What the QC section shows: the photos a page can show, and the album pages to link to. */
interface QcView {
  readonly photos: { readonly src: string; readonly alt: string }[];
  readonly albums: Link[];
}

function qcView(urls: SiteUrls, p: Product): QcView {
  const sources = p.qc_photos.flatMap((photo) => qcPhotoUrl(urls.baseUrl, p.slug, photo) ?? []);
  const photos = sources.map((src, i) => ({
    src,
    alt: `QC photo ${i + 1} of ${sources.length}: ${p.title}`,
  }));
  const albums = (p.qc_albums ?? []).flatMap((url) => {
    const album = qcAlbum(url);
    return album ? [{ href: album.url, text: album.label, ugc: true }] : [];
  });
  return { photos, albums };
}

/** The facts list: price, brand, category, batch, seller, the listing, the photo count. */
function facts(urls: SiteUrls, p: Product): Block {
  const { price, converted } = prices(p.price);
  return {
    kind: 'facts',
    items: [
      { label: 'Price', value: [{ strong: price }, ` ${converted}`] },
      { label: 'Brand', value: [p.brand] },
      {
        label: 'Category',
        value: [
          {
            href: urls.category(p.category),
            mdHref: urls.category(p.category, {}, 'md'),
            text: getCategory(p.category)?.name ?? p.category,
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
      { label: 'QC photos', value: [qcSummary(urls, p)] },
    ],
  };
}

/** `/producto/{slug}`: everything a shopper needs to decide and buy, and its JSON-LD `Product`. */
export async function productPage(ctx: PageContext, p: Product): Promise<PageModel> {
  const { site, urls } = ctx;
  const qc = qcView(urls, p);
  const related = await ctx.catalog.search({ q: p.brand, category: p.category, limit: 7 });
  const relatedCards = related.hits
    .filter((r) => r.slug !== p.slug)
    .slice(0, 6)
    .map((r) => productCard(urls, r));
  const links = buyLinks(site.agents, p.marketplace, p.item_id);
  // The estimate depends only on the parcel weight (the product's, else its category's typical
  // one), so products of equal weight share one computation.
  const shipping = await site.memo(
    `shipping:${p.weight_grams ?? `category:${p.category}`}`,
    async () => shippingRows(site.agents, p),
  );

  const blocks: Block[] = [
    facts(urls, p),
    section('buy', 'Buy through an agent', [
      {
        kind: 'buttons',
        label: 'Buy links',
        items: buyButtons(links, ctx.agent),
      },
      { kind: 'disclosure', text: AFFILIATE_DISCLOSURE },
    ]),
    section('qc', 'QC photos', qcBlocks(qc)),
    shippingSection(shipping, productShippingBlocks(ctx.site, ctx.urls, p)),
  ];
  if (relatedCards.length)
    blocks.push(
      section('related', 'Related products', [
        { kind: 'products', label: 'Related products', items: relatedCards },
      ]),
    );
  return {
    ...productMeta(
      urls,
      p,
      qc.photos.map((ph) => ph.src),
      links.length,
    ),
    blocks,
  };
}

function qcBlocks(qc: QcView): Block[] {
  const blocks: Block[] = [];
  if (qc.photos.length > 0) blocks.push({ kind: 'gallery', photos: qc.photos });
  if (qc.albums.length > 0) {
    blocks.push({ kind: 'links', label: 'QC albums (open on another site)', items: qc.albums });
  }
  if (blocks.length === 0) blocks.push({ kind: 'paragraph', content: ['No QC photos yet.'] });
  return blocks;
}
