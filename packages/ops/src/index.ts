// The public API of @repo/ops: what every server process needs to be operated. Framework-free:
// @repo/fastify-kit's hooks and server bootstrap call into it.
export { answerClientError } from './client-error.js';
export type { HttpLimits, MetricsListenConfig, OpsConfig, OpsEnvValues } from './env.js';
export { opsConfig, opsEnv } from './env.js';
export { measureIndex } from './measured-index.js';
export type { RequestSample, ServiceMetrics, ServiceMetricsOptions } from './metrics.js';
export { createServiceMetrics, UNMATCHED_ROUTE } from './metrics.js';
export type { MetricsServer, MetricsServerOptions } from './metrics-server.js';
export { startMetricsServer } from './metrics-server.js';
export { REQUEST_ID_HEADER, requestIdOf } from './request-id.js';
