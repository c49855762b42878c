import { callTool, type ToolResult } from './call-tool.js';

/** Words searched under load; the totals of some differ between A and B. */
export const WORDS = ['black', 'nike', 'white', 'hoodie', 'bag'];

// Listings whose total and per-category counts differ between A and B (the reload test checks
// it), so an answer that took one from each version would match neither.
export const LISTINGS = [
  '/catalog.md',
  '/catalog.md?q=black',
  '/catalog.md?q=nike',
  '/catalog.md?q=white',
];

/** What an answer showed, to match against one version's answer afterwards. */
export interface Reading {
  readonly shown: string;
  /** How the answer contradicts itself, if it does. */
  readonly problem?: string;
}

type Counts = Readonly<Record<string, number>>;

/** `"<version>-<hash>"` (maybe weak, maybe with a content coding): the version it names. */
export function etagVersion(etag: string | null): string | undefined {
  return etag === null ? undefined : /^(?:W\/)?"([0-9a-f]{16})-/.exec(etag)?.[1];
}

const number = (text: string | undefined) =>
  text === undefined ? undefined : Number(text.replaceAll(',', ''));

/**
 * What a Markdown listing shows of its result: the total in its count line above the products
 * and in its pager under them, and the per-category counts of its facets. One search result gives
 * all three; a problem when they disagree.
 */
export function readListing(body: string): Reading {
  const totals = [...body.matchAll(/^Products [\d,]+–[\d,]+ of ([\d,]+) · page/gm)].map((m) =>
    number(m[1]),
  );
  const none = /^No products$/m.test(body);
  // Without results there is no count line, and the pager says so.
  const lead = none ? 0 : totals.length === 2 ? totals[0] : undefined;
  const pager = none ? 0 : totals.at(-1);
  const facets: Record<string, number> = {};
  for (const [, id, n] of body.matchAll(
    /^- \[[^\]]*\]\([^)]*[?&]category=([a-z-]+)\) \(([\d,]+)\)$/gm,
  )) {
    facets[id as string] = number(n) as number;
  }
  const sum = Object.values(facets).reduce((x, y) => x + y, 0);
  const shown = JSON.stringify({ total: lead, facets });
  if (lead === undefined || lead !== pager || lead !== sum) {
    return { shown, problem: `lead ${lead}, pager ${pager}, facets sum ${sum}` };
  }
  return { shown };
}

/** The per-category counts a listing showed (its `shown`), without the empty categories. */
export function shownCounts(shown: string | undefined): Counts {
  const { facets } = JSON.parse(shown ?? '{}') as { facets: Record<string, number> };
  return Object.fromEntries(Object.entries(facets).filter(([, n]) => n > 0));
}

/** A search_products result states its total twice: in structuredContent and in its text. */
export function readSearch(result: ToolResult): Reading {
  const total = result.structured.total as number;
  const stated = statedTotal(result.text);
  return {
    shown: String(total),
    ...(stated === total ? {} : { problem: `total ${total}, text says ${stated}` }),
  };
}

/** The total a search_products text states: "N products for …" or "No products … (N matches)". */
function statedTotal(text: string): number | undefined {
  const match = /^(\d+) products (?:for|in) /m.exec(text) ?? /\((\d+) matches\)/.exec(text);
  return match ? Number(match[1]) : undefined;
}

/**
 * A list_categories result: its text and structuredContent agree, and its counts are exactly
 * those of catalog A or of catalog B, never some of each.
 */
export function readCategories(result: ToolResult, a: Counts, b: Counts): Reading {
  const { categories, total } = result.structured as {
    categories: { id: string; count: number }[];
    total: number;
  };
  const counts = Object.fromEntries(
    categories.filter((c) => c.count > 0).map((c) => [c.id, c.count]),
  );
  const problems: string[] = [];
  if (!result.text.startsWith(`${total} products in `)) problems.push('text total');
  const lines = [...result.text.matchAll(/^- `([a-z-]+)` .*: (\d+) products/gm)];
  if (lines.length !== categories.length) problems.push('text lines');
  for (const [, id, n] of lines) {
    if (Number(n) !== categories.find((c) => c.id === id)?.count) problems.push(`text of ${id}`);
  }
  const same = (expected: Counts) =>
    JSON.stringify(sorted(expected)) === JSON.stringify(sorted(counts));
  if (!same(a) && !same(b)) problems.push('counts of neither A nor B');
  return {
    shown: String(total),
    ...(problems.length > 0 ? { problem: problems.join(', ') } : {}),
  };
}

function sorted(counts: Counts): [string, number][] {
  return Object.entries(counts).sort(([x], [y]) => x.localeCompare(y));
}

/**
 * What each of {@link LISTINGS} shows on the web process at `webUrl`, read while no load runs:
 * the one version's answer the listings under load are matched against.
 */
export async function listingsOf(webUrl: string): Promise<Record<string, string>> {
  const shown: Record<string, string> = {};
  for (const path of LISTINGS) {
    const listing = readListing(await (await fetch(`${webUrl}${path}`)).text());
    if (listing.problem !== undefined) throw new Error(`${path}: ${listing.problem}`);
    shown[path] = listing.shown;
  }
  return shown;
}

/** The search_products total of each of {@link WORDS} on the mcp process at `mcpUrl`. */
export async function searchTotalsOf(mcpUrl: string): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const word of WORDS) {
    const { result } = await callTool(mcpUrl, 'search_products', { query: word });
    totals[word] = result?.structured.total as number;
  }
  return totals;
}
