// The public API of @repo/fastify-kit: the Fastify glue the apps share. Domain packages never
// import it (turbo boundaries, tag `adapter`); it imports them. Adding a name here is an API
// decision: no `export *`.
export { bindAccessLine, bindRequestLog } from './access-log.js';
export type { AttributionOptions } from './attribution.js';
export { attributionPlugin } from './attribution.js';
export type { CatalogOptions } from './catalog.js';
export { catalogPlugin } from './catalog.js';
export type { CatalogStatus } from './catalog-status.js';
export { CatalogStatusSchema, catalogStatus } from './catalog-status.js';
export type { MetricsOptions } from './metrics.js';
export { metricsPlugin } from './metrics.js';
export type { RateLimitOptions } from './rate-limit.js';
export { rateLimitPlugin } from './rate-limit.js';
export type {
  ExceededContext,
  RateLimitedRequest,
  RateLimitPolicy,
} from './rate-limit-options.js';
export { clientKey, rateLimitOptions } from './rate-limit-options.js';
export type { RateLimitStore, RateLimitStoreClass } from './rate-limit-store.js';
export { rateLimitStore } from './rate-limit-store.js';
export { DEFAULT_BODY_LIMIT, serverOptions } from './server-options.js';
export type { EntryConfig, ServerContext, ServerSetup } from './start-server.js';
export { createServer, startServer } from './start-server.js';
export type { WarmRequest } from './warm-request.js';
export { injectWarm, isWarmRequest } from './warm-request.js';
