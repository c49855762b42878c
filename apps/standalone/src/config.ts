import { loadConfig as loadAuthConfig } from '@repo/auth/config';
import {
  type CatalogConfig,
  catalogConfig,
  catalogEnv,
  type Env,
  parseEnv,
  type ServerConfig,
  serverConfig,
  serverEnv,
} from '@repo/env';
import { loadConfig as loadMcpConfig } from '@repo/mcp/config';
import { loadConfig as loadWebConfig } from '@repo/web/config';
import { Type } from 'typebox';

/** The variables of the one-process server; each app reads its own on top. */
export const StandaloneEnvSchema = Type.Object({ ...serverEnv(8080), ...catalogEnv });

/** The validated configuration of the one-process server and of the three apps in it. */
export interface StandaloneConfig extends ServerConfig {
  readonly catalog: CatalogConfig;
  readonly web: ReturnType<typeof loadWebConfig>;
  readonly mcp: ReturnType<typeof loadMcpConfig>;
  readonly auth: ReturnType<typeof loadAuthConfig>;
}

/**
 * Reads and validates the environment once for all three apps.
 *
 * @throws {EnvError} naming every invalid variable.
 */
export function loadConfig(env: Env = process.env): Readonly<StandaloneConfig> {
  const values = parseEnv(StandaloneEnvSchema, env);
  const server = serverConfig(values);
  // The apps listen through this process, so its port and base URL win over their own defaults.
  const shared: Env = { ...env, PORT: String(server.port), BASE_URL: server.baseUrl };
  return Object.freeze({
    ...server,
    catalog: catalogConfig(values),
    web: loadWebConfig(shared),
    mcp: loadMcpConfig(shared),
    auth: loadAuthConfig(shared),
  });
}
