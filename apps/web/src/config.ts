import {
  type CatalogConfig,
  catalogConfig,
  catalogEnv,
  type DataConfig,
  dataConfig,
  dataEnv,
  type EdgeConfig,
  type Env,
  edgeConfig,
  edgeEnv,
  parseEnv,
  type ServerConfig,
  serverConfig,
  serverEnv,
} from '@repo/env';
import { type OpsConfig, opsConfig, opsEnv } from '@repo/ops';
import { Type } from 'typebox';

/** Every variable the web app reads, with its default. */
export const WebEnvSchema = Type.Object({
  ...serverEnv(8081),
  ...catalogEnv,
  ...edgeEnv,
  ...opsEnv,
  ...dataEnv,
  CONTACT_EMAIL: Type.String({
    pattern: '^[^\\s@<>()\\[\\]]+@[^\\s@<>()\\[\\]]+\\.[^\\s@<>()\\[\\]]+$',
    maxLength: 254,
    default: 'contact@example.com',
    description: 'an e-mail address, e.g. catalog@example.com',
  }),
  PAGE_CACHE_MB: Type.Integer({
    minimum: 0,
    maximum: 4096,
    default: 64,
    description: 'megabytes from 0 (off) to 4096',
  }),
});

/** The validated configuration of the web app. */
export interface WebConfig extends ServerConfig {
  readonly catalog: CatalogConfig;
  /** Trusted gateway, shared rate-limit counts, budgets and where token keys are. */
  readonly edge: EdgeConfig;
  /** Published in the usage policy, the FAQ, llms.txt and the OpenAPI `info.contact`. */
  readonly contactEmail: string;
  /** Budget of the rendered-page cache, in megabytes; 0 turns it off. */
  readonly pageCacheMb: number;
  /** The metrics listener (absent: off) and how long a client may take to send a request. */
  readonly ops: OpsConfig;
  /** Whether outbound clicks are counted, and where a process without Redis keeps them. */
  readonly data: DataConfig;
}

/**
 * Reads and validates the environment once.
 *
 * @throws {EnvError} naming every invalid variable.
 */
export function loadConfig(env: Env = process.env): Readonly<WebConfig> {
  const values = parseEnv(WebEnvSchema, env);
  return Object.freeze({
    ...serverConfig(values),
    catalog: catalogConfig(values),
    edge: edgeConfig(values),
    contactEmail: values.CONTACT_EMAIL,
    pageCacheMb: values.PAGE_CACHE_MB,
    ops: opsConfig(values, values.PORT),
    data: dataConfig(values),
  });
}
