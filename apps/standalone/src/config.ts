import { join } from 'node:path';
import { loadConfig as loadAuthConfig } from '@repo/auth/config';
import {
  type CatalogConfig,
  catalogConfig,
  catalogEnv,
  dataConfig,
  dataEnv,
  type Env,
  EnvError,
  parseEnv,
  type ServerConfig,
  serverConfig,
  serverEnv,
} from '@repo/env';
import { ensureKeyFile } from '@repo/jwt';
import { loadConfig as loadMcpConfig } from '@repo/mcp/config';
import { type OpsConfig, opsConfig, opsEnv } from '@repo/ops';
import { loadConfig as loadWebConfig } from '@repo/web/config';
import { Type } from 'typebox';

/** The variables of the one-process server; each app reads its own on top. */
export const StandaloneEnvSchema = Type.Object({
  ...serverEnv(8080),
  ...catalogEnv,
  ...opsEnv,
  ...dataEnv,
});

/** The validated configuration of the one-process server and of the three apps in it. */
export interface StandaloneConfig extends ServerConfig {
  readonly catalog: CatalogConfig;
  /** Where generated files live (the default signing key under `keys/`, the click counts). */
  readonly dataDir: string;
  /** Set when this start generated the signing key, to say so in the log. */
  readonly generatedKeyFile?: string | undefined;
  /** One metrics listener and one set of client time limits for the whole process. */
  readonly ops: OpsConfig;
  readonly web: ReturnType<typeof loadWebConfig>;
  readonly mcp: ReturnType<typeof loadMcpConfig>;
  readonly auth: ReturnType<typeof loadAuthConfig>;
}

/**
 * Reads and validates the environment once for all three apps. With no signing key configured,
 * it makes one on first start in `DATA_DIR/keys/` and reuses it afterwards, so tokens survive
 * restarts; `JWT_PRIVATE_KEYS` or `JWT_PRIVATE_KEYS_FILE` take precedence.
 *
 * @throws {EnvError} naming every invalid variable.
 */
export function loadConfig(env: Env = process.env): Readonly<StandaloneConfig> {
  const values = parseEnv(StandaloneEnvSchema, env);
  const server = serverConfig(values);
  const { dataDir } = dataConfig(values);
  const key = defaultSigningKey(env, dataDir);
  // The apps listen through this process, so its port, base URL and data folder win over their
  // own defaults.
  const shared: Env = {
    ...env,
    ...key.env,
    PORT: String(server.port),
    BASE_URL: server.baseUrl,
    DATA_DIR: dataDir,
  };
  return Object.freeze({
    ...server,
    catalog: catalogConfig(values),
    dataDir,
    ops: opsConfig(values, server.port),
    generatedKeyFile: key.generated,
    web: loadWebConfig(shared),
    mcp: loadMcpConfig(shared),
    auth: loadAuthConfig(shared),
  });
}

function defaultSigningKey(env: Env, dataDir: string): { env: Env; generated?: string } {
  if (env.JWT_PRIVATE_KEYS?.trim() || env.JWT_PRIVATE_KEYS_FILE?.trim()) return { env: {} };
  const file = join(dataDir, 'keys', 'signing-keys.json');
  try {
    const created = ensureKeyFile(file);
    return { env: { JWT_PRIVATE_KEYS_FILE: file }, generated: created ? file : undefined };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new EnvError([
      { variable: 'DATA_DIR', message: `cannot hold the signing key at ${file} (${code})` },
    ]);
  }
}
