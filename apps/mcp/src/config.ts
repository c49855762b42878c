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
import { Type } from 'typebox';

/** Every variable the MCP app reads, with its default. */
export const McpEnvSchema = Type.Object({ ...serverEnv(8082), ...catalogEnv });

/** The validated configuration of the MCP app. */
export interface McpConfig extends ServerConfig {
  readonly catalog: CatalogConfig;
}

/**
 * Reads and validates the environment once.
 *
 * @throws {EnvError} naming every invalid variable.
 */
export function loadConfig(env: Env = process.env): Readonly<McpConfig> {
  const values = parseEnv(McpEnvSchema, env);
  return Object.freeze({ ...serverConfig(values), catalog: catalogConfig(values) });
}
