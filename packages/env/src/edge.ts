import { Type } from 'typebox';

/**
 * The variables of an app behind the gateway: whose forwarded address to trust, where rate-limit
 * counts are shared, and the budgets. Numbers are per client (token `client_id`, else address)
 * and per window.
 */
export const edgeEnv = {
  TRUST_PROXY: Type.Optional(
    Type.String({
      pattern: '^[0-9A-Fa-f:./]+(\\s*,\\s*[0-9A-Fa-f:./]+)*$',
      description: 'comma-separated gateway addresses or CIDR ranges, e.g. 127.0.0.1,10.0.0.0/8',
    }),
  ),
  REDIS_URL: Type.Optional(
    Type.String({ pattern: '^rediss?://', description: 'a redis:// or rediss:// URL' }),
  ),
  JWKS_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description:
        'an http(s) URL of the JWK Set that verifies tokens, e.g. http://auth:8083/.well-known/jwks.json',
    }),
  ),
  RATE_LIMIT_WINDOW_S: Type.Integer({
    minimum: 1,
    maximum: 3_600,
    default: 60,
    description: 'seconds from 1 to 3600',
  }),
  RATE_LIMIT_PAGES: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 300,
    description: 'requests per window from 0 (off) to 1000000',
  }),
  RATE_LIMIT_MCP: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 120,
    description: 'requests per window from 0 (off) to 1000000',
  }),
  RATE_LIMIT_TOKEN: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 20,
    description: 'requests per window from 0 (off) to 1000000',
  }),
  RATE_LIMIT_GO: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 60,
    description: 'requests per window from 0 (off) to 1000000',
  }),
};

/** What {@link edgeConfig} reads; the output of `parseEnv` over `edgeEnv`. */
export interface EdgeEnvValues {
  readonly TRUST_PROXY?: string | undefined;
  readonly REDIS_URL?: string | undefined;
  readonly JWKS_URL?: string | undefined;
  readonly RATE_LIMIT_WINDOW_S: number;
  readonly RATE_LIMIT_PAGES: number;
  readonly RATE_LIMIT_MCP: number;
  readonly RATE_LIMIT_TOKEN: number;
  readonly RATE_LIMIT_GO: number;
}

/** The edge part of an app's config. */
export interface EdgeConfig {
  /** Addresses whose `X-Forwarded-*` headers are believed; `false` trusts none (no gateway). */
  readonly trustProxy: readonly string[] | false;
  readonly redisUrl?: string | undefined;
  /** Where token keys are fetched from; absent: `BASE_URL/.well-known/jwks.json`. */
  readonly jwksUrl?: string | undefined;
  readonly rateLimit: {
    readonly windowMs: number;
    /** 0 turns a budget off. */
    readonly pages: number;
    readonly mcp: number;
    readonly token: number;
    /** Outbound redirects (`/go/…`), a budget of their own apart from the pages. */
    readonly go: number;
  };
}

/**
 * Maps validated edge variables to config.
 *
 * @example edgeConfig(parseEnv(Type.Object(edgeEnv), { TRUST_PROXY: '127.0.0.1' })).trustProxy // ['127.0.0.1']
 */
export function edgeConfig(env: EdgeEnvValues): EdgeConfig {
  return {
    trustProxy: env.TRUST_PROXY ? env.TRUST_PROXY.split(',').map((a) => a.trim()) : false,
    redisUrl: env.REDIS_URL,
    jwksUrl: env.JWKS_URL,
    rateLimit: {
      windowMs: env.RATE_LIMIT_WINDOW_S * 1_000,
      pages: env.RATE_LIMIT_PAGES,
      mcp: env.RATE_LIMIT_MCP,
      token: env.RATE_LIMIT_TOKEN,
      go: env.RATE_LIMIT_GO,
    },
  };
}
