import { SERVICE_INFO } from '@repo/catalog-core';
import type { Block, Cell, Inline, Link, PageModel } from '../../render/page-model.js';
import type { ShippingQuery } from '../../schemas/shipping-query.js';
import type { PageContext } from '../page-context.js';
import { homeCrumb, section } from '../shared.js';
import { problemText } from './problem-text.js';
import { estimate } from './shipping-estimate.js';
import { shippingForm } from './shipping-form.js';
import type { IgnoredParameter } from './shipping-problem.js';
import type { ShippingItem, ShippingRequest } from './shipping-request.js';
import { resultBlocks, typicalWeight } from './shipping-results.js';

const keyOf = (item: ShippingItem) => (item.kind === 'product' ? item.product.slug : item.category);

/** `items` as the page's own links carry it: `slug:2,other-slug,sneakers`. */
export function itemsParam(items: readonly { key: string; quantity: number }[]): string {
  return items.map((i) => (i.quantity > 1 ? `${i.key}:${i.quantity}` : i.key)).join(',');
}

/** The canonical query of a request: what the page's URL and every link it makes carry. */
function canonical(request: ShippingRequest, query: ShippingQuery) {
  const box = request.box;
  return {
    country: request.country ?? (query.country ?? '').trim().toUpperCase(),
    weight_grams: request.weightGrams === undefined ? undefined : String(request.weightGrams),
    items: itemsParam(request.items.map((i) => ({ key: keyOf(i), quantity: i.quantity }))),
    length: box ? String(box.length) : undefined,
    width: box ? String(box.width) : undefined,
    height: box ? String(box.height) : undefined,
  };
}

/** The parcel's items, each with links that change its quantity or remove it (plain GET links). */
function itemBlocks(
  ctx: PageContext,
  request: ShippingRequest,
  params: Record<string, string | undefined>,
): Block[] {
  const { urls, locale } = ctx;
  const t = locale.m.shipping;
  const entries = request.items.map((i) => ({ key: keyOf(i), quantity: i.quantity }));
  const withItems = (next: typeof entries, text: string): Link => {
    const p = { ...params, items: itemsParam(next.filter((e) => e.quantity > 0)) };
    return { href: urls.shipping(p), mdHref: urls.shipping(p, 'md'), text };
  };
  const change = (key: string, by: number | null) =>
    entries.map((e) =>
      e.key === key ? { ...e, quantity: by === null ? 0 : Math.min(100, e.quantity + by) } : e,
    );
  const rows: Cell[][] = request.items.map((item) => {
    const key = keyOf(item);
    const name: Inline =
      item.kind === 'product'
        ? {
            href: urls.product(key),
            mdHref: urls.product(key, 'md'),
            text: item.product.title,
          }
        : locale.t(t.typicalItem, { category: locale.category(item.category).name });
    const each =
      item.kind === 'product' && item.product.weight_grams !== undefined
        ? locale.t(t.grams, { grams: item.product.weight_grams })
        : locale.t(t.typicalGrams, {
            grams:
              typicalWeight(item.kind === 'product' ? item.product.category : item.category) ?? 0,
          });
    return [
      { content: [name] },
      { content: [locale.number(item.quantity)], numeric: true },
      { content: [each], numeric: true },
      {
        content: [
          withItems(change(key, 1), t.oneMore),
          ' · ',
          withItems(change(key, -1), t.oneLess),
          ' · ',
          withItems(change(key, null), t.remove),
        ],
      },
    ];
  });
  return [
    {
      kind: 'table',
      caption: t.itemsCaption,
      columns: [
        { label: t.item },
        { label: t.quantity, numeric: true },
        { label: t.weightEach, numeric: true },
        { label: t.change },
      ],
      rows,
    },
    {
      kind: 'paragraph',
      content: [t.addMore, withItems([], t.byWeight), '.'],
    },
  ];
}

/**
 * `/shipping`: the shipping calculator. Quotes every agent's lines to one country for a weight or
 * a list of products, with the estimator `estimate_shipping` runs. A value it cannot use makes a
 * 400 page that says which and why, with the form to correct it; an `ignored` parameter (unknown
 * to it) is named in a notice, without changing the status.
 */
export function shippingPage(
  ctx: PageContext,
  query: ShippingQuery,
  request: ShippingRequest,
  ignored: readonly IgnoredParameter[],
): PageModel {
  const { site, urls, locale } = ctx;
  const t = locale.m.shipping;
  const params = canonical(request, query);
  const problems = [...request.problems];
  const ready =
    problems.length === 0 &&
    request.country !== undefined &&
    (request.weightGrams !== undefined || request.items.length > 0);
  const answer = ready
    ? estimate(
        { ...request, country: request.country as string },
        site.agents,
        ctx.currency,
        site.rates,
      )
    : undefined;
  if (answer && !answer.ok) problems.push(answer.problem);

  const blocks: Block[] = [];
  // Said first and never a 400: the page answers what it can of the rest, as for empty fields.
  if (ignored.length > 0) {
    blocks.push({
      kind: 'notice',
      content: [ignored.map((p) => problemText(locale, p)).join(' ')],
    });
  }
  if (problems.length > 0) {
    blocks.push({
      kind: 'notice',
      content: [
        locale.t(t.cantEstimate, {
          problems: problems.map((p) => problemText(locale, p)).join(' '),
        }),
      ],
    });
  } else if (!ready) {
    blocks.push({
      kind: 'notice',
      content: [
        request.country === undefined ? t.chooseCountry : t.giveWeight,
        request.items.length === 0 ? t.orAddProducts : '.',
      ],
    });
  }
  blocks.push(shippingForm(ctx, query, request, params.items));
  if (answer?.ok) {
    blocks.push(section('quotes', t.quotes, resultBlocks(ctx, answer.output, request)));
  }
  if (request.items.length > 0)
    blocks.push(section('items', t.items, itemBlocks(ctx, request, params)));
  blocks.push({
    kind: 'paragraph',
    content: [t.footnoteBefore, { code: 'estimate_shipping' }, t.footnoteAfter],
  });
  return {
    ...(problems.length > 0 ? { status: 400 } : {}),
    title: locale.t(t.title, { site: SERVICE_INFO.title }),
    description: t.description,
    // Canonical: the estimate's own parameters, never a preference kept on links.
    url: urls.canonical().shipping(params),
    mdUrl: urls.shipping(params, 'md'),
    h1: t.h1,
    lead: [t.lead],
    breadcrumbs: [homeCrumb(urls, ctx.locale)],
    blocks,
    noindex: problems.length > 0 || Object.values(params).some(Boolean),
  };
}
