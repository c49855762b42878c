// The public API of @repo/env: framework-free parsing of environment variables for the apps'
// config.ts files. It never reads process.env itself; callers pass the environment in.

export type { DataConfig, DataEnvValues } from './data.js';
export { dataConfig, dataEnv } from './data.js';
export type {
  CatalogConfig,
  CatalogEnvValues,
  CatalogUrlConfig,
  ServerConfig,
  ServerEnvValues,
} from './derive.js';
export { catalogConfig, serverConfig } from './derive.js';
export type { EdgeConfig, EdgeEnvValues } from './edge.js';
export { edgeConfig, edgeEnv } from './edge.js';
export type { EnvErrorCode, EnvIssue } from './errors.js';
export { EnvError, isEnvError } from './errors.js';
export type { StartLog } from './exit-on-start-error.js';
export { exitOnStartError } from './exit-on-start-error.js';
export {
  catalogEnv,
  DEFAULT_CATALOG_POLL_MS,
  DEFAULT_CATALOG_WARM_MS,
  serverEnv,
} from './fragments.js';
export { loadOrExit } from './load-or-exit.js';
export type { Env } from './parse-env.js';
export { parseEnv } from './parse-env.js';
