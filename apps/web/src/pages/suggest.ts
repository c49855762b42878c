import type { CategoryId, Product, SiteUrls } from '@repo/catalog-core';
import { type CatalogIndex, type CategoryCount, type SearchResult, tokenize } from '@repo/search';
import type { Locale } from '../i18n/locale.js';
import { MAX_SUGGESTIONS, type Suggestion, type Suggestions } from '../schemas/suggest.js';

/** What the suggestions of one text read: the catalog, the links' URLs and the language. */
export interface SuggestContext {
  readonly catalog: CatalogIndex;
  /** The site's URLs keeping `lang` when it is not English (`site.urlsKeeping({ lang })`). */
  readonly urls: SiteUrls;
  readonly locale: Locale;
  /** The products of each category (`site.categoryCounts()`). */
  readonly categories: readonly CategoryCount[];
}

// The hits read for brands and a dominant category; the first of them are the products offered.
const HITS_READ = 24;
const MAX_BRANDS = 2;
const MAX_CATEGORIES = 2;
// A brand or category that holds this share of the hits read is what the text is about.
const DOMINANT_SHARE = 0.5;
// Words that match this share of a category's products name the category, however typed
// ("hodie" matches every hoodie): its listing needs no words.
const WHOLE_CATEGORY_SHARE = 0.8;

/**
 * Folds a text as the search engine does (`tokenize`), so that a user's words and a catalog's
 * names compare the same way.
 */
function folded(text: string): string {
  return tokenize(text).join(' ');
}

// Root-relative, as pages write their own links: the answer holds for any host the site answers on.
function local(urls: SiteUrls, url: string): string {
  return url.startsWith(`${urls.baseUrl}/`) ? url.slice(urls.baseUrl.length) : url;
}

/**
 * The suggestions for a text typed so far, from one search of the catalog: the categories the
 * engine read from the words (a nickname, a typo, another language's word) or that hold most of
 * the hits, the brands the words name or that hold most of the hits, then the best products, up
 * to {@link MAX_SUGGESTIONS}. The engine's own reading decides: there is no other word list.
 *
 * @example await suggest(ctx, 'sudadera') // Hoodies (category), then hoodies (products)
 */
export async function suggest(ctx: SuggestContext, q: string): Promise<Suggestions> {
  const result = await ctx.catalog.search({ q, limit: HITS_READ });
  const words = (result.interpretation?.searched ?? tokenize(q)).flatMap((w) => tokenize(w));
  const brands = brandSuggestions(ctx, result.hits, words);
  const categories = categorySuggestions(ctx, result, words);
  const products = productSuggestions(
    ctx,
    result.hits,
    MAX_SUGGESTIONS - brands.length - categories.length,
  );
  const suggestions = [...brands, ...categories, ...products];
  const { locale } = ctx;
  return {
    q,
    lang: locale.lang,
    suggestions,
    status:
      suggestions.length === 0
        ? locale.m.suggest.none
        : locale.plural(locale.m.suggest.count, suggestions.length),
  };
}

/** Brands named by a word (or its start) or holding most of the hits, most hits first. */
function brandSuggestions(
  ctx: SuggestContext,
  hits: readonly Product[],
  words: readonly string[],
): Suggestion[] {
  const counts = new Map<string, number>();
  for (const hit of hits) counts.set(hit.brand, (counts.get(hit.brand) ?? 0) + 1);
  const named = (brand: string) => {
    const name = folded(brand);
    return words.some((w) => w.length >= 2 && (name.startsWith(w) || name.includes(` ${w}`)));
  };
  return [...counts]
    .filter(([brand, n]) => named(brand) || n >= hits.length * DOMINANT_SHARE)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_BRANDS)
    .map(([brand]) => ({
      kind: 'brand',
      text: brand,
      url: local(ctx.urls, ctx.urls.catalog({ q: brand })),
    }));
}

/**
 * The categories the words stand for, then the one holding most of the matches. Each leads to its
 * listing searched with the words left once the category's own are taken out ("moncler jacke":
 * Jackets searched for "moncler"), or with none when they match nearly all of it.
 */
function categorySuggestions(
  ctx: SuggestContext,
  result: SearchResult,
  words: readonly string[],
): Suggestion[] {
  const read = new Map<CategoryId, Set<string>>();
  for (const { word, category } of result.interpretation?.expanded ?? []) {
    if (category === undefined) continue;
    const own = read.get(category) ?? new Set<string>();
    for (const w of tokenize(word)) own.add(w);
    read.set(category, own);
  }
  const top = dominantCategory(result);
  if (top !== undefined && !read.has(top)) {
    const size = ctx.categories.find((c) => c.id === top)?.count ?? 0;
    const whole = result.categoryCounts[top] >= size * WHOLE_CATEGORY_SHARE;
    read.set(top, new Set(whole ? words : []));
  }
  const { locale, urls } = ctx;
  return [...read].slice(0, MAX_CATEGORIES).map(([id, own]) => {
    const rest = words.filter((w) => !own.has(w)).join(' ');
    const name = locale.category(id).name;
    return {
      kind: 'category',
      text: rest ? locale.t(locale.m.suggest.inCategory, { words: rest, category: name }) : name,
      url: local(urls, urls.category(id, rest ? { q: rest } : {})),
    };
  });
}

function dominantCategory(result: SearchResult): CategoryId | undefined {
  if (result.total === 0) return undefined;
  let best: CategoryId | undefined;
  let most = 0;
  for (const [id, n] of Object.entries(result.categoryCounts) as [CategoryId, number][]) {
    if (n > most) {
      best = id;
      most = n;
    }
  }
  return most >= result.total * DOMINANT_SHARE ? best : undefined;
}

/** The best hits, one per title (a catalog lists the same product from several sellers). */
function productSuggestions(
  ctx: SuggestContext,
  hits: readonly Product[],
  room: number,
): Suggestion[] {
  const seen = new Set<string>();
  const products: Suggestion[] = [];
  for (const hit of hits) {
    if (products.length >= room) break;
    const key = folded(hit.title);
    if (seen.has(key)) continue;
    seen.add(key);
    products.push({
      kind: 'product',
      text: hit.title,
      url: local(ctx.urls, ctx.urls.product(hit.slug)),
    });
  }
  return products;
}
