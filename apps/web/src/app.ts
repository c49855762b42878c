import type { LiveCatalog } from '@repo/catalog-io';
import { type ClickCounter, type ClicksLog, createClickCounter } from '@repo/clicks';
import {
  type AttributionOptions,
  attributionPlugin,
  catalogPlugin,
  metricsPlugin,
  rateLimitPlugin,
} from '@repo/fastify-kit';
import type { ServiceMetrics } from '@repo/ops';
import type { FastifyInstance } from 'fastify';
import type { WebConfig } from './config.js';
import { handleError, handleNotFound, WebHttpError } from './errors.js';
import httpPolicy from './plugins/http-policy.js';
import popularityPlugin from './plugins/popularity.js';
import site from './plugins/site.js';
import apiDocsRoutes from './routes/api-docs/index.js';
import assetRoutes from './routes/assets/index.js';
import catalogRoutes from './routes/catalog/index.js';
import categoryRoutes from './routes/category/index.js';
import documentRoutes from './routes/documents/index.js';
import goRoutes from './routes/go/index.js';
import healthRoutes from './routes/health/index.js';
import homeRoutes from './routes/home/index.js';
import productRoutes from './routes/producto/index.js';
import qcRoutes from './routes/qc/index.js';
import shippingRoutes from './routes/shipping/index.js';
import spreadsheetRoutes from './routes/spreadsheet/index.js';
import suggestRoutes from './routes/suggest/index.js';
import wellKnownRoutes from './routes/well-known/index.js';

/** For the server's `frameworkErrors`: URLs the router refuses, answered like any other error. */
export { handleError as handleFrameworkError } from './errors.js';

const UNMETERED = /^\/(health\.json|assets\/|qc\/)/;
// The buy-link redirects have a budget of their own (`RATE_LIMIT_GO`), set on their routes.
const OUTBOUND = /^\/go\//;

/** What the web app needs: its config and the catalog it serves. */
export interface WebAppOptions {
  readonly config: Readonly<WebConfig>;
  /** The catalog, its index and agents, in the version each request reads (`fixedCatalog`: one). */
  readonly catalog: LiveCatalog;
  /** Public token keys to verify bearer tokens in-process (the one-process server); absent: JWKS_URL. */
  readonly jwks?: AttributionOptions['jwks'];
  /** URLs per sitemap file before `/sitemap.xml` becomes an index (default 50,000). */
  readonly sitemapMaxUrls?: number;
  /** The process's metrics, fed with every request; absent: not measured. */
  readonly metrics?: ServiceMetrics | undefined;
  /**
   * Where outbound clicks are counted, shared with the MCP app in the one-process server (its
   * owner closes it); absent: the app counts in Redis (`REDIS_URL`) or in `DATA_DIR`, and closes
   * the counter with itself.
   */
  readonly clicks?: ClickCounter;
}

/**
 * The web app: HTML pages, their Markdown twins, `/health.json` and the public documents.
 * A Fastify plugin that never listens; `server.ts` (or the one-process server) registers it.
 * It answers every unknown URL of the process (404 in the representation asked for).
 */
export default async function webApp(fastify: FastifyInstance, opts: WebAppOptions) {
  await fastify.register(catalogPlugin, { catalog: opts.catalog });
  if (opts.metrics) await fastify.register(metricsPlugin, { metrics: opts.metrics, app: 'web' });
  await fastify.register(site, { config: opts.config });
  await fastify.register(httpPolicy, { baseUrl: opts.config.baseUrl });
  await fastify.register(attributionPlugin, {
    issuer: opts.config.baseUrl,
    jwksUrl: opts.config.edge.jwksUrl,
    jwks: opts.jwks,
  });
  const { pages, go, windowMs } = opts.config.edge.rateLimit;
  await fastify.register(rateLimitPlugin, {
    // Registered when either budget is on: the redirects' own is set on their routes.
    max: pages || go,
    windowMs,
    redisUrl: opts.config.edge.redisUrl,
    prefix: 'rl:web:',
    // Health checks and the assets a page pulls in (stylesheet, QC photos) are not page views.
    exempt: (request) =>
      UNMETERED.test(request.url) || (pages === 0 && !OUTBOUND.test(request.url)),
    exceeded: (_request, { max, ttl }) =>
      new WebHttpError(
        429,
        `Too many requests: at most ${max} pages every ${windowMs / 1000} s per client. Try again in ${Math.ceil(ttl / 1000)} s.`,
        {},
        (l) =>
          l.t(l.m.errors.tooMany, {
            max,
            seconds: windowMs / 1000,
            retry: Math.ceil(ttl / 1000),
          }),
      ),
  });

  const clicks = opts.clicks ?? ownClickCounter(fastify, opts.config);
  await fastify.register(popularityPlugin, { source: clicks });
  fastify.register(goRoutes, {
    clicks,
    counting: opts.config.data.clicks.enabled,
    budget: go,
    windowMs,
    metrics: opts.metrics,
  });
  fastify.register(healthRoutes);
  fastify.register(qcRoutes);
  fastify.register(assetRoutes);
  fastify.register(homeRoutes);
  fastify.register(catalogRoutes);
  fastify.register(categoryRoutes);
  fastify.register(productRoutes);
  fastify.register(spreadsheetRoutes);
  fastify.register(shippingRoutes);
  fastify.register(suggestRoutes);
  fastify.register(apiDocsRoutes);
  fastify.register(wellKnownRoutes);
  fastify.register(
    documentRoutes,
    opts.sitemapMaxUrls ? { sitemapMaxUrls: opts.sitemapMaxUrls } : {},
  );

  fastify.setErrorHandler(handleError);
  fastify.setNotFoundHandler(handleNotFound);
}

/**
 * The counter the web app's config names: in Redis (`REDIS_URL`), else in the process, kept in
 * `DATA_DIR/clicks.json`. Whoever makes it closes it (its counts written).
 */
export function webClickCounter(config: Readonly<WebConfig>, log: ClicksLog): ClickCounter {
  return createClickCounter({
    redisUrl: config.edge.redisUrl,
    file: config.data.clicks.file,
    flushMs: config.data.clicks.flushMs,
    log,
  });
}

/** The app's own click counter, closed when the app closes. */
function ownClickCounter(fastify: FastifyInstance, config: Readonly<WebConfig>): ClickCounter {
  const clicks = webClickCounter(config, fastify.log);
  fastify.addHook('onClose', () => clicks.close());
  return clicks;
}
