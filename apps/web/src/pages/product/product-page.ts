import {
  countedBuyLinks,
  MARKETPLACE_NAMES,
  type Product,
  qcAlbum,
  qcPhotoUrl,
  type SiteUrls,
} from '@repo/catalog-core';
import type { Locale } from '../../i18n/locale.js';
import type { Block, Link, PageModel } from '../../render/page-model.js';
import type { PageContext } from '../page-context.js';
import { buyButtons } from '../preferred-agent.js';
import { disclosure, productCard, qcSummary, section } from '../shared.js';
import { productShippingBlocks } from '../shipping/product-shipping-form.js';
import { productMeta } from './product-meta.js';
import { shippingRows, shippingSection } from './product-shipping.js';

/** What the QC section shows: the photos a page can show, and the album pages to link to. */
interface QcView {
  readonly photos: { readonly src: string; readonly alt: string }[];
  readonly albums: Link[];
}

function qcView(urls: SiteUrls, locale: Locale, p: Product): QcView {
  const sources = p.qc_photos.flatMap((photo) => qcPhotoUrl(urls.baseUrl, p.slug, photo) ?? []);
  const photos = sources.map((src, i) => ({
    src,
    alt: locale.t(locale.m.product.photoAlt, { i: i + 1, total: sources.length, title: p.title }),
  }));
  const albums = (p.qc_albums ?? []).flatMap((url) => {
    const album = qcAlbum(url);
    return album ? [{ href: album.url, text: album.label, ugc: true }] : [];
  });
  return { photos, albums };
}

/** The facts list: price, brand, category, batch, seller, the listing, the photo count. */
function facts(ctx: PageContext, p: Product): Block {
  const { urls, locale } = ctx;
  const { m } = locale;
  return {
    kind: 'facts',
    items: [
      { label: m.product.brand, value: [p.brand] },
      {
        label: m.common.category,
        value: [
          {
            href: urls.category(p.category),
            mdHref: urls.category(p.category, {}, 'md'),
            text: locale.category(p.category).name,
          },
        ],
      },
      ...(p.batch ? [{ label: m.product.batch, value: [p.batch] }] : []),
      ...(p.seller ? [{ label: m.product.seller, value: [p.seller] }] : []),
      {
        label: m.product.listing,
        value: [
          {
            href: p.listing_url,
            text: locale.t(m.pasted.item, {
              marketplace: MARKETPLACE_NAMES[p.marketplace],
              id: p.item_id,
            }),
            external: true,
          },
        ],
      },
      { label: m.product.qcPhotos, value: [qcSummary(urls, locale, p)] },
    ],
  };
}

/** `/producto/{slug}`: everything a shopper needs to decide and buy, and its JSON-LD. */
export async function productPage(ctx: PageContext, p: Product): Promise<PageModel> {
  const { site, urls, locale } = ctx;
  const { m } = locale;
  const qc = qcView(urls, locale, p);
  const related = await ctx.catalog.search({ q: p.brand, category: p.category, limit: 7 });
  const relatedCards = related.hits
    .filter((r) => r.slug !== p.slug)
    .slice(0, 6)
    .map((r) => productCard(ctx, r));
  const links = countedBuyLinks(site.agents, site.baseUrl, p.slug);
  // The estimate depends only on the parcel weight (the product's, else its category's typical
  // one), so products of equal weight share one computation per language and currency.
  const shipping = site.byAgents(
    `shipping:${p.weight_grams ?? `category:${p.category}`}:${locale.lang}:${ctx.currency}`,
    () => shippingRows(ctx, p),
  );

  // On a phone the first screen holds the photo, the title, the price and the first buy button:
  // what a shopper from a link decides on. The facts and the rest follow.
  const blocks: Block[] = [
    { kind: 'gallery', photos: qc.photos, empty: m.product.noPhotos },
    { kind: 'price', label: m.product.price, ...ctx.prices(p.price) },
    section('buy', m.product.buy, [
      { kind: 'buttons', label: m.common.buyLinks, items: buyButtons(locale, links, ctx.agent) },
      disclosure(locale),
    ]),
    facts(ctx, p),
    ...(qc.albums.length > 0
      ? [
          section('qc', m.product.qcPhotos, [
            { kind: 'links' as const, label: m.product.albums, items: qc.albums },
          ]),
        ]
      : []),
    shippingSection(ctx, shipping, productShippingBlocks(ctx, p)),
  ];
  if (relatedCards.length)
    blocks.push(
      section('related', m.product.related, [
        { kind: 'products', label: m.product.related, items: relatedCards },
      ]),
    );
  return {
    ...productMeta(
      ctx,
      p,
      qc.photos.map((ph) => ph.src),
      links,
    ),
    blocks,
  };
}
