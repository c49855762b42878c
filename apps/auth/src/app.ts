import type { FastifyInstance } from 'fastify';
import type { AuthConfig } from './config.js';
import { authUrls } from './documents/urls.js';
import { handleError } from './errors.js';
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
}

/**
 * The optional token: `POST /oauth/token`, the JWKS and the OAuth discovery documents.
 * A Fastify plugin that never listens.
 */
export default async function authApp(fastify: FastifyInstance, opts: AuthAppOptions) {
  const { config } = opts;
  const urls = authUrls(config.baseUrl);

  await fastify.register(tokenIssuer, {
    signingKeys: config.signingKeys,
    issuer: urls.issuer,
    audience: urls.resources,
  });
  // Public documents and a public token endpoint: browser-based agents may read them too. The
  // token form is a CORS "simple request", so no preflight route is needed.
  fastify.addHook('onRequest', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });

  if (opts.serveHealth !== false) fastify.register(healthRoutes);
  fastify.register(oauthRoutes);
  fastify.register(wellKnownRoutes, { urls });
  fastify.register(authMdRoutes, { urls, contactEmail: config.contactEmail });

  fastify.setErrorHandler(handleError);
}
