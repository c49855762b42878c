import type { FastifyInstance } from 'fastify';
import type { AuthConfig } from './config.js';
import healthRoutes from './routes/health/index.js';

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
  if (opts.serveHealth !== false) fastify.register(healthRoutes);
}
