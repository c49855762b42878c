// The token logic lives in @repo/jwt; this is the hook that puts its answer on the request.
import { type ClientAttributionOptions, createClientAttribution } from '@repo/jwt';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bindRequestLog } from './access-log.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The `client_id` of a valid bearer token, or `null` for an anonymous request (no token, or a
     * token that does not verify). For logging and rate limiting only: it never changes access.
     */
    clientId: string | null;
  }
}

/** Options of the attribution plugin: the token issuer and where its keys are. */
export type AttributionOptions = ClientAttributionOptions;

async function attribute(fastify: FastifyInstance, opts: AttributionOptions) {
  const clientOf = createClientAttribution(opts);
  fastify.decorateRequest('clientId', null);

  // onRequest, so that rate limiting and every later log line already know the client. Callback
  // style: most requests carry no token, and an async hook would cost each of them a promise.
  fastify.addHook('onRequest', (request, _reply, done) => {
    const { authorization } = request.headers;
    if (authorization === undefined) return done();
    clientOf(authorization)
      .then((who) => {
        if (who.clientId === null) {
          // A token never costs access: a bad one is served like none (DESIGN "A token never changes access").
          request.log.debug({ reason: who.ignored }, 'authorization ignored');
          return;
        }
        request.clientId = who.clientId;
        bindRequestLog(request, { client_id: who.clientId });
      })
      .then(() => done(), done);
  });
}

/**
 * Attributes requests to the client named by a bearer token (see `createClientAttribution` of
 * @repo/jwt): sets `request.clientId` and adds `client_id` to the request's log bindings. Never
 * rejects a request because of its token.
 */
export const attributionPlugin = fp(attribute, { name: 'attribution', fastify: '5.x' });
