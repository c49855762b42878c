// Twin of apps/web/src/plugins/attribution.ts (apps never import each other); the token logic
// itself lives in @repo/jwt, so this stays a thin hook.
import { createTokenVerifier, type TokenVerifierOptions } from '@repo/jwt';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The `client_id` of a valid bearer token, or `null` for an anonymous request (no token, or a
     * token that does not verify). For logging and rate limiting only: it never changes access.
     */
    clientId: string | null;
  }
}

/** Options of the attribution plugin. */
export interface AttributionOptions {
  /** The expected token issuer: the service's `BASE_URL`. */
  readonly issuer: string;
  /** The expected audience; default `issuer`. */
  readonly audience?: string | undefined;
  /** Where the public keys are; default `${issuer}/.well-known/jwks.json`. Fetched on first use, cached. */
  readonly jwksUrl?: string | undefined;
  /** Local public keys instead of a URL (a JWK Set). */
  readonly jwks?: TokenVerifierOptions['jwks'];
}

// RFC 6750 section 2.1 b64token; tokens longer than any we issue are not worth a signature check.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]{1,4096}=*) *$/i;

async function attribution(fastify: FastifyInstance, opts: AttributionOptions) {
  const verifier = createTokenVerifier({
    issuer: opts.issuer,
    audience: opts.audience ?? opts.issuer,
    jwks: opts.jwks,
    jwksUrl: opts.jwks ? undefined : (opts.jwksUrl ?? `${opts.issuer}/.well-known/jwks.json`),
  });
  fastify.decorateRequest('clientId', null);

  // onRequest, so that rate limiting and every later log line already know the client.
  fastify.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header === undefined) return;
    const token = BEARER.exec(header)?.[1];
    try {
      if (!token) throw new Error('not a bearer token');
      const { client_id } = await verifier.verify(token);
      request.clientId = client_id;
      // Fastify's request logger is a pino child; its bindings reach "request completed" too.
      (request.log as { setBindings?: (bindings: object) => void }).setBindings?.({ client_id });
    } catch (err) {
      // A token never costs access: a bad one is served like none (DESIGN "A token never changes access").
      request.log.debug({ reason: (err as Error).message }, 'authorization ignored');
    }
  });
}

/**
 * Attributes requests to the client named by a bearer token: verifies an `Authorization: Bearer`
 * token if one is sent (ES256, issuer, audience, expiry; keys from the JWKS), sets
 * `request.clientId` and adds `client_id` to the request's log bindings. Never rejects a request
 * because of its token.
 */
export default fp(attribution, { name: 'attribution', fastify: '5.x' });
