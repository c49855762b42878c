import { metricsPlugin, rateLimitPlugin } from '@repo/fastify-kit';
import type { ServiceMetrics } from '@repo/ops';
import type { FastifyInstance } from 'fastify';
import type { AuthConfig } from './config.js';
import { authUrls } from './documents/urls.js';
import { handleError, OAuthError } from './errors.js';
import tokenIssuer from './plugins/token-issuer.js';
import authMdRoutes from './routes/auth-md/index.js';
import healthRoutes from './routes/health/index.js';
import oauthRoutes from './routes/oauth/index.js';
import wellKnownRoutes from './routes/well-known/index.js';

/** What the auth app needs. */
export interface AuthAppOptions {
  readonly config: Readonly<AuthConfig>;
  /** Off in the one-process server, where the web app answers `/health.json`. */
  readonly serveHealth?: boolean;
  /** The process's metrics, fed with every request; absent: not measured. */
  readonly metrics?: ServiceMetrics | undefined;
}

/**
 * The optional token: `POST /oauth/token`, the JWKS and the OAuth discovery documents.
 * A Fastify plugin that never listens.
 */
export default async function authApp(fastify: FastifyInstance, opts: AuthAppOptions) {
  const { config } = opts;
  const urls = authUrls(config.baseUrl);
  if (opts.metrics) await fastify.register(metricsPlugin, { metrics: opts.metrics, app: 'auth' });

  await fastify.register(tokenIssuer, {
    signingKeys: config.signingKeys,
    issuer: urls.issuer,
    audience: urls.resources,
  });
  // Tokens are free, so their issuance is what is metered (per client address): otherwise a client
  // could mint a fresh client_id, and with it a fresh page and MCP budget, for every request.
  await fastify.register(rateLimitPlugin, {
    max: config.edge.rateLimit.token,
    windowMs: config.edge.rateLimit.windowMs,
    redisUrl: config.edge.redisUrl,
    prefix: 'rl:auth:',
    exempt: (request) => request.method !== 'POST',
    exceeded: (_request, { max, ttl }) =>
      new OAuthError(
        'temporarily_unavailable',
        `too many token requests: at most ${max} every ${config.edge.rateLimit.windowMs / 1000} s per client address; try again in ${Math.ceil(ttl / 1000)} s`,
        429,
      ),
  });
  // Public documents and a public token endpoint: browser-based agents may read them too. The
  // token form is a CORS "simple request", so no preflight route is needed. Callback style: an
  // async hook costs every request a promise.
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.header('access-control-allow-origin', '*');
    done();
  });

  if (opts.serveHealth !== false) fastify.register(healthRoutes);
  fastify.register(oauthRoutes);
  fastify.register(wellKnownRoutes, { urls });
  fastify.register(authMdRoutes, { urls, contactEmail: config.contactEmail });

  fastify.setErrorHandler(handleError);
}
