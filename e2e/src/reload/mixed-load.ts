import { callTool, type ToolResult } from './call-tool.js';
import {
  etagVersion,
  LISTINGS,
  type Reading,
  readCategories,
  readListing,
  readSearch,
  WORDS,
} from './one-version.js';

/** How many request loops run at once, each waiting for its answer before the next request. */
export const LOOPS = 8;

/** One request of the load, as it was answered. */
export interface Outcome {
  readonly kind: string;
  readonly target: string;
  /** The HTTP status, or the connection error's code. */
  readonly status: number | string;
  /** Milliseconds since the load started. */
  readonly started: number;
  readonly ended: number;
  /** The catalog version a web page names in its ETag. */
  readonly version?: string | undefined;
  /** What a listing or tool result showed, to match against one version's answer afterwards. */
  readonly shown?: string | undefined;
  /** An answer that contradicts itself. */
  readonly problem?: string | undefined;
}

/** What the load asks for, and what it needs to tell a self-contradicting answer. */
export interface LoadOptions {
  /** The gateway: every request goes through it. */
  readonly baseUrl: string;
  /** Slugs of products both catalogs have. */
  readonly kept: readonly string[];
  /** The slug of the product only the old catalog has: its page turns 404 with the swap. */
  readonly onlyA: string;
  /** Products per category of each catalog, which a list_categories result must equal one of. */
  readonly counts: readonly [Readonly<Record<string, number>>, Readonly<Record<string, number>>];
  /** No request is sent past this many (default: none); `stop()` ends the load either way. */
  readonly maxRequests?: number;
}

/** A running load: the time since it started, and `stop()` for every answer kept. */
export interface Load {
  now(): number;
  stop(): Promise<Outcome[]>;
}

/**
 * Mixed traffic through the gateway until `stop()`: product pages (HTML and Markdown), listings,
 * searches and the search, categories and shipping tools; every answer kept.
 */
export function startMixedLoad(options: LoadOptions): Load {
  const { baseUrl, kept, onlyA, counts, maxRequests = Number.POSITIVE_INFINITY } = options;
  let running = true;
  let sent = 0;
  const outcomes: Outcome[] = [];
  const t0 = performance.now();
  const timed = async (
    kind: string,
    target: string,
    send: () => Promise<Omit<Outcome, 'kind' | 'target' | 'started' | 'ended'>>,
  ) => {
    const started = performance.now() - t0;
    const answer = await send().catch((err: Error) => ({
      status: (err.cause as { code?: string } | undefined)?.code ?? err.message,
    }));
    outcomes.push({ kind, target, started, ended: performance.now() - t0, ...answer });
  };
  const page = (kind: string, path: string, read?: (body: string) => Reading) =>
    timed(kind, path, async () => {
      const response = await fetch(`${baseUrl}${path}`);
      const body = await response.text();
      const version = etagVersion(response.headers.get('etag'));
      return response.status === 200 && read
        ? { status: 200, version, ...read(body) }
        : { status: response.status, version };
    });
  const tool = (
    kind: string,
    name: string,
    args: Record<string, unknown>,
    check: (result: ToolResult) => Partial<Reading>,
  ) =>
    timed(kind, JSON.stringify([name, args]), async () => {
      const { status, result } = await callTool(baseUrl, name, args);
      if (!result) return { status };
      if (result.isError) return { status, problem: `isError: ${result.text}` };
      return { status, ...check(result) };
    });

  const kinds: ((n: number) => Promise<void>)[] = [
    (n) => page('page', `/producto/${kept[n % kept.length]}`),
    (n) => page('page', `/producto/${kept[(n + 5) % kept.length]}.md`),
    () => page('page-only-in-a', `/producto/${onlyA}`),
    (n) => page('listing', LISTINGS[n % LISTINGS.length] as string, readListing),
    (n) => page('page', `/catalog?q=${WORDS[n % WORDS.length]}`),
    (n) =>
      // Limits vary, so the result cache does not answer every call.
      tool(
        'search',
        'search_products',
        { query: WORDS[n % WORDS.length], limit: 1 + (n % 9) },
        readSearch,
      ),
    () => tool('categories', 'list_categories', {}, (r) => readCategories(r, ...counts)),
    (n) =>
      tool(
        'shipping',
        'estimate_shipping',
        { country: 'US', items: [{ slug: kept[n % kept.length] }] },
        () => ({}),
      ),
  ];
  const loops = Array.from({ length: LOOPS }, async (_, loop) => {
    for (let n = loop; running && sent < maxRequests; n++, sent++)
      await (kinds[n % kinds.length] as (n: number) => Promise<void>)(n);
  });
  return {
    now: () => performance.now() - t0,
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

/**
 * The web answers from A after the web process first answered from B, which one process must
 * never give: its pages name their version in the ETag, and the product only in A is a 404 on B.
 */
export function backToA(
  outcomes: readonly Outcome[],
  versionA: string,
  versionB: string,
): Outcome[] {
  const web = outcomes.filter((o) => o.version !== undefined || o.kind === 'page-only-in-a');
  const firstB = Math.min(
    ...web.filter((o) => o.version === versionB || o.status === 404).map((o) => o.ended),
  );
  return web.filter(
    (o) =>
      o.started > firstB &&
      (o.version === versionA || (o.kind === 'page-only-in-a' && o.status === 200)),
  );
}
