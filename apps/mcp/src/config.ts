import {
  type CatalogConfig,
  catalogConfig,
  catalogEnv,
  type DataConfig,
  dataConfig,
  dataEnv,
  type EdgeConfig,
  type Env,
  EnvError,
  edgeConfig,
  edgeEnv,
  parseEnv,
  type ServerConfig,
  serverConfig,
  serverEnv,
} from '@repo/env';
import { type OpsConfig, opsConfig, opsEnv } from '@repo/ops';
import { Type } from 'typebox';

/** Every variable the MCP app reads, with its default. */
export const McpEnvSchema = Type.Object({
  ...serverEnv(8082),
  ...catalogEnv,
  ...edgeEnv,
  ...opsEnv,
  ...dataEnv,
  MCP_ALLOWED_ORIGINS: Type.Optional(
    Type.String({
      description:
        'a comma-separated list of origins such as https://example.com,http://localhost:3000',
    }),
  ),
  MCP_BODY_LIMIT: Type.Integer({
    minimum: 1024,
    maximum: 10_485_760,
    default: 65_536,
    description: 'a number of bytes from 1024 to 10485760',
  }),
});

/** The validated configuration of the MCP app. */
export interface McpConfig extends ServerConfig {
  readonly catalog: CatalogConfig;
  /** Trusted gateway, shared rate-limit counts, budgets and where token keys are. */
  readonly edge: EdgeConfig;
  /**
   * Browser origins allowed to call `POST /mcp`. A request without `Origin` (any non-browser
   * agent) is always served; one from any other origin gets 403 (DNS-rebinding protection).
   */
  readonly allowedOrigins: readonly string[];
  /** Largest accepted `POST /mcp` body in bytes; larger ones get 413. */
  readonly bodyLimit: number;
  /** The metrics listener (absent: off) and how long a client may take to send a request. */
  readonly ops: OpsConfig;
  /**
   * Where the web app's click counts are read for `sort: "popular"` when there is no Redis
   * (`DATA_DIR/clicks.json`), and whether they are counted at all.
   */
  readonly data: DataConfig;
}

/** `https://a.example:8443/` → `https://a.example:8443`; anything that is not a bare origin → undefined. */
function toOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username;
    return bare && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function allowedOrigins(raw: string | undefined, baseUrl: string): string[] {
  if (raw === undefined) return [new URL(baseUrl).origin];
  const entries = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => toOrigin(e) === undefined);
  if (bad.length > 0 || entries.length === 0) {
    throw new EnvError([
      {
        variable: 'MCP_ALLOWED_ORIGINS',
        message: `must be a comma-separated list of http(s) origins without path (got ${JSON.stringify(raw)})`,
      },
    ]);
  }
  return [...new Set(entries.map((e) => toOrigin(e) as string))];
}

/**
 * Reads and validates the environment once.
 *
 * @throws {EnvError} naming every invalid variable.
 */
export function loadConfig(env: Env = process.env): Readonly<McpConfig> {
  const values = parseEnv(McpEnvSchema, env);
  const server = serverConfig(values);
  return Object.freeze({
    ...server,
    catalog: catalogConfig(values),
    edge: edgeConfig(values),
    allowedOrigins: Object.freeze(allowedOrigins(values.MCP_ALLOWED_ORIGINS, server.baseUrl)),
    bodyLimit: values.MCP_BODY_LIMIT,
    ops: opsConfig(values, server.port),
    data: dataConfig(values),
  });
}
