import {
  AFFILIATE_DISCLOSURE,
  type AgentId,
  type BuyLink,
  convertPrice,
  countedBuyLinks,
  isAgentId,
  MAX_OFFSET,
  type Product,
  type ProductSummary,
  productUrl,
  type QueryInterpretationOutput,
  qcAlbum,
  qcPhotoUrl,
  type SearchProductsInput,
  type SearchProductsOutput,
  TOOL_DEFAULT_LIMIT,
} from '@repo/catalog-core';
import { lookupPastedLink, type QueryInterpretation, toSearchQuery } from '@repo/search';
import { pastedLinkAnswer } from './pasted-link.js';
import type { KeptLine, ToolAnswer, ToolContext, ToolText } from './tool-context.js';

// `BuyLink.agent` is typed as a string; every configured agent has one of the three ids.
const isAgentLink = (link: BuyLink): link is BuyLink & { agent: AgentId } => isAgentId(link.agent);

// Products never change while the process runs, so their summaries are built and serialised once
// per product and agent filter and shared by every result that shows them (a search page shows
// 10; distinct queries would otherwise rebuild and serialise the same URLs and buy links again).
// They are kept on the product, under a key that no serialisation or copy sees, for as long as
// the product lives (the catalog's cache of products read decides). Not in a WeakMap keyed by
// product: each of its entries is an ephemeron, which the garbage collector marks in its final
// pause, and with the few thousand products a busy catalog shows, that pause grew by 10 ms.
const SUMMARIES = Symbol('summaries');
// For one context: two apps in one process (tests) may serve other base URLs or agents. Named by
// a number, not the context, which a product shared by the next catalog version would keep alive;
// and the number is that of what a summary is made of (base URL, agents, rates), so that the next
// version, which takes over the products it has unchanged, takes their summaries too.
// Most calls filter no agent: that summary has a field of its own, the others a map made when
// first needed (a map per product cost twice a weak map's entry).
class Summaries {
  every: ProductSummary | undefined = undefined;
  byAgent: Map<string, ProductSummary> | undefined = undefined;
  constructor(public context: number) {}

  get(agent: string | undefined): ProductSummary | undefined {
    return agent === undefined ? this.every : this.byAgent?.get(agent);
  }

  set(agent: string | undefined, summary: ProductSummary): void {
    if (agent === undefined) {
      this.every = summary;
      return;
    }
    this.byAgent ??= new Map();
    this.byAgent.set(agent, summary);
  }
}
type Summarised = Product & { [SUMMARIES]?: Summaries };
const contexts = new WeakMap<ToolContext, number>();
const numbers = new Map<string, number>();
// Distinct base URLs, agents and rates seen in one process: a few, unless rates change daily.
const MAX_NUMBERS = 64;
let lastContext = 0;

/** The number that names `ctx` on the products it summarised. */
function contextOf(ctx: ToolContext): number {
  let context = contexts.get(ctx);
  if (context === undefined) {
    const made = JSON.stringify([ctx.baseUrl, ctx.agents, ctx.rates]);
    context = numbers.get(made);
    if (context === undefined) {
      if (numbers.size === MAX_NUMBERS) numbers.clear();
      context = ++lastContext;
      numbers.set(made, context);
    }
    contexts.set(ctx, context);
  }
  return context;
}

/** The summaries of `product` in context number `context`. */
function summariesOf(product: Summarised, context: number): Summaries {
  const kept = product[SUMMARIES];
  if (kept?.context === context) return kept;
  const fresh = new Summaries(context);
  // A product another site froze is summarised on every call.
  if (!Object.isExtensible(product)) return fresh;
  if (kept === undefined)
    Object.defineProperty(product, SUMMARIES, { value: fresh, writable: true });
  else product[SUMMARIES] = fresh;
  return fresh;
}

/** The summaries of `products` for `agent`, each built once per context and agent filter. */
export function productSummaries(
  products: readonly Product[],
  ctx: ToolContext,
  agent?: string,
): ProductSummary[] {
  const context = contextOf(ctx);
  return products.map((product) => {
    const known = summariesOf(product, context);
    let summary = known.get(agent);
    if (summary === undefined) {
      summary = ctx.freeze(toProductSummary(product, ctx, agent));
      known.set(agent, summary);
    }
    return summary;
  });
}

/** A catalog product as tool results show it: absolute URLs and one buy link per agent. */
export function toProductSummary(
  product: Product,
  ctx: ToolContext,
  agent?: string,
): ProductSummary {
  const agents = agent === undefined ? ctx.agents : ctx.agents.filter((a) => a.id === agent);
  return {
    slug: product.slug,
    title: product.title,
    brand: product.brand,
    category: product.category,
    price: { amount: product.price, currency: 'CNY' },
    prices: {
      USD: convertPrice(product.price, 'USD', ctx.rates),
      EUR: convertPrice(product.price, 'EUR', ctx.rates),
    },
    marketplace: product.marketplace,
    listing_url: product.listing_url,
    product_url: productUrl(ctx.baseUrl, product.slug),
    markdown_url: productUrl(ctx.baseUrl, product.slug, 'md'),
    qc_photos: product.qc_photos.flatMap(
      (photo) => qcPhotoUrl(ctx.baseUrl, product.slug, photo) ?? [],
    ),
    qc_albums: (product.qc_albums ?? []).flatMap((url) => qcAlbum(url) ?? []),
    buy_links: countedBuyLinks(agents, ctx.baseUrl, product.slug).filter(isAgentLink),
    ...(product.batch !== undefined && { batch: product.batch }),
    ...(product.seller !== undefined && { seller: product.seller }),
    created_at: product.created_at,
  };
}

/** `search_products`: one page of the catalog for a query, filters and an order. */
export async function searchProducts(
  args: SearchProductsInput,
  ctx: ToolContext,
): Promise<ToolAnswer> {
  // min_price above max_price is a SearchQueryError, answered with isError by the registry.
  // The version's rates, the ones its index reads the prices of the text with.
  const query = toSearchQuery(args, {
    limit: TOOL_DEFAULT_LIMIT,
    rates: ctx.rates,
    popularity: ctx.popularity,
  });
  const { offset, limit } = query;
  // A pasted listing link is looked up, not searched as words (nor ever fetched).
  const pasted = args.query ? await lookupPastedLink(ctx.index, args.query, ctx.agents) : undefined;
  if (pasted) {
    const agents = args.agent ? ctx.agents.filter((a) => a.id === args.agent) : ctx.agents;
    const all = productSummaries(pasted.products, ctx, args.agent);
    return pastedLinkAnswer(pasted, all, { offset, limit }, agents, ctx.baseUrl);
  }
  const result = await ctx.index.search(query);
  const items = productSummaries(result.hits, ctx, args.agent);
  const next = offset + items.length;
  const output: SearchProductsOutput = {
    total: result.total,
    offset,
    limit,
    next_offset: items.length > 0 && next < result.total && next <= MAX_OFFSET ? next : null,
    items,
    ...(result.interpretation && { interpretation: toOutput(result.interpretation) }),
    disclosure: AFFILIATE_DISCLOSURE,
  };
  return { structuredContent: output, text: renderSearch(args, output, ctx) };
}

/** The search's interpretation as the tool's output schema names it. */
export function toOutput(i: QueryInterpretation): QueryInterpretationOutput {
  const price = (p: { amount: number; currency: string } | undefined) =>
    p && { amount: p.amount, currency: p.currency };
  return {
    searched_words: [...i.searched],
    understood: i.expanded.map(({ word, means }) => ({ word, means })),
    ...(i.minPrice && { min_price: price(i.minPrice)! }),
    ...(i.maxPrice && { max_price: price(i.maxPrice)! }),
    sizes: [...i.sizes],
    cheapest_first: i.budget,
    dropped_words: i.dropped.map(({ word, reason }) => ({ word, reason })),
    corrections: i.corrections.map(({ from, to }) => ({ from, to })),
    suggestions: [...i.suggestions],
    relaxed: i.relaxed,
    literal: i.literal,
  };
}

/**
 * The interpretation in one line, or `undefined` when there is nothing to say beyond the words:
 * "Searched: nike dunk · understood aj1 = air jordan 1 · max price 25 USD · left out: show, me
 * (filler) · corrected nkie → nike · did you mean: nike dunk?".
 */
export function interpretationLine(i: QueryInterpretationOutput): string {
  const parts = [
    i.searched_words.length > 0 ? `Searched: ${i.searched_words.join(' ')}` : 'Searched: no word',
  ];
  if (i.understood.length > 0) {
    parts.push(`understood ${i.understood.map((u) => `${u.word} = ${u.means}`).join(', ')}`);
  }
  if (i.min_price) parts.push(`min price ${i.min_price.amount} ${i.min_price.currency}`);
  if (i.max_price) parts.push(`max price ${i.max_price.amount} ${i.max_price.currency}`);
  if (i.cheapest_first) parts.push('cheapest first');
  if (i.sizes.length > 0) parts.push(`size ${i.sizes.join(', ')} not filtered`);
  if (i.dropped_words.length > 0) {
    parts.push(`left out: ${i.dropped_words.map((d) => `${d.word} (${d.reason})`).join(', ')}`);
  }
  if (i.corrections.length > 0) {
    parts.push(`corrected ${i.corrections.map((c) => `${c.from} → ${c.to}`).join(', ')}`);
  }
  if (i.suggestions.length > 0) parts.push(`did you mean: ${i.suggestions.join(' / ')}?`);
  return `${parts.join(' · ')}.`;
}

// A summary's line never changes either: kept on it, in the registry's wire form, under a key
// no serialisation sees (not in a WeakMap: see `freezeJson` for what its entries cost).
const LINE = Symbol('line');
type Lined = ProductSummary & { [LINE]?: KeptLine };

function itemLine(item: Lined, ctx: ToolContext): KeptLine {
  let line = item[LINE];
  if (line === undefined) {
    line = ctx.keepLine(
      `- **${item.title}** (${item.brand}) CNY ${item.price.amount} (USD ${item.prices.USD}) | slug \`${item.slug}\` | ${item.product_url}`,
    );
    Object.defineProperty(item, LINE, { value: line });
  }
  return line;
}

function renderSearch(
  args: SearchProductsInput,
  out: SearchProductsOutput,
  ctx: ToolContext,
): ToolText {
  const what = args.query ? `for "${args.query}"` : 'in the catalog';
  const understood = out.interpretation ? [interpretationLine(out.interpretation)] : [];
  if (out.items.length === 0) {
    const hint =
      out.total > 0
        ? `offset ${out.offset} is past the last result; use a smaller offset.`
        : 'try fewer words, another spelling, or drop the category and price filters.';
    return [...understood, `No products ${what} (${out.total} matches): ${hint}`];
  }
  return [
    ...understood,
    `${out.total} products ${what}; showing ${out.offset + 1}-${out.offset + out.items.length}.`,
    '',
    // A summary for reading; every link of an item (buy links per agent, QC photos, the
    // listing) is in structuredContent and on the product page, so the text stays short.
    ...out.items.map((item) => itemLine(item, ctx)),
    '',
    'Each item in structuredContent also has its marketplace listing, QC photos and albums, and one buy link per agent.',
    ...(out.next_offset !== null ? ['', `Next page: offset ${out.next_offset}.`] : []),
    '',
    out.disclosure,
  ];
}
