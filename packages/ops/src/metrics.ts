import type { CatalogIndex } from '@repo/search';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** One answered request, as an app's response hook sees it. */
export interface RequestSample {
  /** Which app answered: `web`, `mcp` or `auth`. */
  readonly app: string;
  readonly method: string;
  /** The route pattern (`/producto/:slug`), never the raw URL; absent for an unmatched URL. */
  readonly route: string | undefined;
  readonly status: number;
  readonly seconds: number;
}

/** The metrics of one server process and the registry that exposes them. */
export interface ServiceMetrics {
  readonly registry: Registry;
  /** Counts and times a request; a 429 also counts as a rate-limit rejection. */
  observeRequest(sample: RequestSample): void;
  /** Times one call of the search engine. */
  observeSearch(engine: string, operation: string, outcome: 'ok' | 'error', seconds: number): void;
  /**
   * Counts an outbound click that was counted (not a repeat, prefetch or crawler); `clicks: 0`
   * starts an agent's series at 0, so a scrape shows it before the first click.
   */
  countClick(agent: string, clicks?: number): void;
}

/** Options of {@link createServiceMetrics}. */
export interface ServiceMetricsOptions {
  /** The apps the process serves, whose rejection counters start at 0. */
  readonly apps?: readonly string[];
  /** The catalog whose size `catalog_products` reports at each scrape; absent in the auth app. */
  readonly index?: Pick<CatalogIndex, 'health'> | undefined;
  /** Node.js process metrics (CPU, memory, event loop lag, GC); default true. */
  readonly processMetrics?: boolean;
}

// Seconds. Pages and tool calls answer in a millisecond or two from cache, a cold search in tens;
// the top buckets catch a slow Meilisearch before its time limit.
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const SEARCH_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1, 2];

/** Label of requests that matched no route, so scanners cannot mint one series per URL. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * A fresh registry with the service's metrics: `http_requests_total` and
 * `http_request_duration_seconds` by app, method, route and status; `rate_limit_rejections_total`
 * by app; `search_engine_duration_seconds` by engine, operation and outcome;
 * `outbound_clicks_total` by agent; `catalog_products`;
 * and the default Node.js process metrics.
 */
export function createServiceMetrics(options: ServiceMetricsOptions = {}): ServiceMetrics {
  const registry = new Registry();
  const requestLabels = ['app', 'method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by app, method, route pattern and status.',
    labelNames: requestLabels,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its response, by app, method, route and status.',
    labelNames: requestLabels,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const rejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429 because their client was over its rate limit, by app.',
    labelNames: ['app'] as const,
    registers: [registry],
  });
  const search = new Histogram({
    name: 'search_engine_duration_seconds',
    help: 'Time of one call of the search engine, by engine, operation and outcome.',
    labelNames: ['engine', 'operation', 'outcome'] as const,
    buckets: SEARCH_BUCKETS,
    registers: [registry],
  });
  const clicks = new Counter({
    name: 'outbound_clicks_total',
    help: 'Outbound clicks counted through /go/, by agent (repeats, prefetches and crawlers are not counted).',
    labelNames: ['agent'] as const,
    registers: [registry],
  });
  // From the start, so a scrape shows 0 rather than no series at all.
  for (const app of options.apps ?? []) rejections.inc({ app }, 0);
  const index = options.index;
  if (index) {
    new Gauge({
      name: 'catalog_products',
      help: 'Products in the catalog the process serves (as its search engine reports them).',
      registers: [registry],
      async collect() {
        try {
          this.set((await index.health()).products);
        } catch {
          // An unreachable engine keeps the last known size; /health.json reports the outage.
        }
      },
    });
  }
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });

  return {
    registry,
    observeRequest({ app, method, route, status, seconds }) {
      const labels = { app, method, route: route ?? UNMATCHED_ROUTE, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
      if (status === 429) rejections.inc({ app });
    },
    observeSearch(engine, operation, outcome, seconds) {
      search.observe({ engine, operation, outcome }, seconds);
    },
    countClick(agent, n = 1) {
      clicks.inc({ agent }, n);
    },
  };
}
