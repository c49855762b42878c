import formbody from '@fastify/formbody';
import {
  OAUTH_SCOPE,
  OAuthErrorSchema,
  type TokenRequest,
  TokenRequestSchema,
  type TokenResponse,
  TokenResponseSchema,
} from '@repo/catalog-core';
import type { FastifyInstance } from 'fastify';
import { OAuthError } from '../../errors.js';

const FORM = 'application/x-www-form-urlencoded';

/** `POST /oauth/token`: the client credentials grant, and 405 for every other method. */
export default async function oauthRoutes(fastify: FastifyInstance) {
  // RFC 6749 section 4.4.2 takes a form and nothing else: a JSON body must be refused, not parsed.
  fastify.removeAllContentTypeParsers();
  await fastify.register(formbody, { bodyLimit: 4096 });

  fastify.post<{ Body: TokenRequest; Reply: TokenResponse }>(
    '/oauth/token',
    {
      bodyLimit: 4096,
      schema: {
        body: TokenRequestSchema,
        response: { 200: TokenResponseSchema, '4xx': OAuthErrorSchema },
      },
      config: {
        oauth: {
          accepts: FORM,
          body: `a form (${FORM}) with grant_type and client_id`,
          valueErrors: { grant_type: 'unsupported_grant_type', scope: 'invalid_scope' },
        },
      },
    },
    async (request, reply) => {
      const { token, expiresIn } = await fastify.tokenIssuer.issue(request.body.client_id);
      // RFC 6749 section 5.1: token responses must not be stored by any cache.
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send({
        access_token: token,
        token_type: 'Bearer',
        expires_in: expiresIn,
        scope: OAUTH_SCOPE,
      });
    },
  );

  fastify.route({
    method: fastify.supportedMethods.filter((m) => m !== 'POST'),
    url: '/oauth/token',
    exposeHeadRoute: false,
    config: { oauth: { accepts: FORM } },
    // Answered before the body is read, so a PUT with any body still gets its 405.
    onRequest: async (_request, reply) => {
      reply.header('allow', 'POST');
      throw new OAuthError('invalid_request', 'only POST is accepted', 405);
    },
    handler: async () => undefined,
  });
}
