import type { LiveCatalog } from '@repo/catalog-io';
import { openClickReader } from '@repo/clicks';
import {
  type AttributionOptions,
  attributionPlugin,
  catalogPlugin,
  metricsPlugin,
  rateLimitPlugin,
} from '@repo/fastify-kit';
import type { ServiceMetrics } from '@repo/ops';
import type { FastifyInstance } from 'fastify';
import type { McpConfig } from './config.js';
import { createErrorHandler } from './error-handler.js';
import { McpRpcError, RPC_ERROR } from './errors.js';
import { createRpcHandler } from './protocol/rpc-handler.js';
import healthRoutes from './routes/health/index.js';
import mcpRoutes from './routes/mcp/index.js';
import wellKnownRoutes from './routes/well-known/index.js';
import { buildServerCard } from './server-card.js';
import {
  createToolRegistry,
  type PopularitySource,
  type ResultCacheOptions,
} from './tools/tool-registry.js';

/** What the MCP app needs. */
export interface McpAppOptions {
  readonly config: Readonly<McpConfig>;
  /** The catalog, its index and agents, in the version each request reads (`fixedCatalog`: one). */
  readonly catalog: LiveCatalog;
  /** Off in the one-process server, where the web app answers `/health.json`. */
  readonly serveHealth?: boolean;
  /**
   * Whether this app answers unknown paths (JSON 404). Default: when it serves `/health.json`,
   * i.e. when it runs alone; in the one-process server the web app owns the root.
   */
  readonly ownsNotFound?: boolean;
  /** Public token keys to verify bearer tokens in-process (the one-process server); absent: JWKS_URL. */
  readonly jwks?: AttributionOptions['jwks'];
  /** The tool result cache; default 1,024 calls for 60 s. Size 0 turns it off. */
  readonly resultCache?: ResultCacheOptions;
  /** The process's metrics, fed with every request; absent: not measured. */
  readonly metrics?: ServiceMetrics | undefined;
  /**
   * The clicks behind `sort: "popular"`: the web app's counter in the one-process server (its
   * owner closes it); absent: read from Redis (`REDIS_URL`), else from the web app's
   * `DATA_DIR/clicks.json`, and closed with the app.
   */
  readonly clicks?: PopularitySource;
}

const DEFAULT_RESULT_CACHE: ResultCacheOptions = { size: 1024, ttlMs: 60_000 };

/**
 * The stateless MCP server at `POST /mcp`, plus its server card. A Fastify plugin that never
 * listens. Everything that never changes per request (tool list, `initialize` results, the card) is
 * built here once; a request only ever reads it.
 */
export default async function mcpApp(fastify: FastifyInstance, opts: McpAppOptions) {
  const { config } = opts;
  await fastify.register(catalogPlugin, { catalog: opts.catalog });
  if (opts.metrics) await fastify.register(metricsPlugin, { metrics: opts.metrics, app: 'mcp' });
  const tools = createToolRegistry(
    config.baseUrl,
    opts.resultCache ?? DEFAULT_RESULT_CACHE,
    fastify.log,
    opts.clicks ?? ownClickReader(fastify, config),
  );
  // Before a reload's swap, the results this version keeps are worked out in the next one.
  const stopWarming = opts.catalog.onWarm(tools.warm);
  fastify.addHook('onClose', async () => stopWarming());
  const card = buildServerCard(config.baseUrl);

  await fastify.register(attributionPlugin, {
    issuer: config.baseUrl,
    jwksUrl: config.edge.jwksUrl,
    jwks: opts.jwks,
  });
  await fastify.register(rateLimitPlugin, {
    max: config.edge.rateLimit.mcp,
    windowMs: config.edge.rateLimit.windowMs,
    redisUrl: config.edge.redisUrl,
    prefix: 'rl:mcp:',
    // Only tool traffic counts; the server card and health are documents.
    exempt: (request) => request.method !== 'POST',
    exceeded: (_request, { max, ttl }) =>
      new McpRpcError(
        RPC_ERROR.RATE_LIMITED,
        `Too many requests: at most ${max} MCP requests every ${config.edge.rateLimit.windowMs / 1000} s per client. Try again in ${Math.ceil(ttl / 1000)} s.`,
        { status: 429 },
      ),
  });

  if (opts.serveHealth !== false) fastify.register(healthRoutes);
  fastify.register(mcpRoutes, {
    rpc: createRpcHandler(tools, config.baseUrl),
    card,
    allowedOrigins: config.allowedOrigins,
    bodyLimit: config.bodyLimit,
  });
  fastify.register(wellKnownRoutes, { card });

  fastify.setErrorHandler(createErrorHandler(config.bodyLimit));
  if (opts.ownsNotFound ?? opts.serveHealth !== false) {
    fastify.setNotFoundHandler((request, reply) =>
      reply
        .code(404)
        .type('application/problem+json')
        .send({
          type: 'about:blank',
          title: 'Not Found',
          status: 404,
          detail: `No resource at ${request.method} ${request.url.split('?')[0]}; the MCP endpoint is POST /mcp.`,
        }),
    );
  }
}

/** Reads the clicks the web app counts, closed with the app. */
function ownClickReader(fastify: FastifyInstance, config: Readonly<McpConfig>): PopularitySource {
  const reader = openClickReader({
    redisUrl: config.edge.redisUrl,
    file: config.data.clicks.file,
    log: fastify.log,
  });
  fastify.addHook('onClose', () => reader.close());
  return reader;
}
