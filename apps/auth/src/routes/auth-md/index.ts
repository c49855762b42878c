import { randomUUID } from 'node:crypto';
import {
  type AnonymousRegistrationRequest,
  AnonymousRegistrationRequestSchema,
  type AnonymousRegistrationResponse,
  AnonymousRegistrationResponseSchema,
  OAUTH_SCOPE,
  OAuthErrorSchema,
  SERVICE_INFO,
} from '@repo/catalog-core';
import type { FastifyInstance } from 'fastify';
import { renderAuthMd } from '../../documents/auth-md.js';
import type { AuthUrls } from '../../documents/urls.js';

/** Options of the auth.md routes. */
export interface AuthMdRoutesOptions {
  readonly urls: AuthUrls;
  readonly contactEmail: string;
}

/**
 * `GET /auth.md`: the guide for agents, in Markdown. `POST /auth.md`: anonymous registration of
 * the auth.md protocol (`{"type":"anonymous"}`), answered with the same token as `/oauth/token`.
 */
export default async function authMdRoutes(fastify: FastifyInstance, opts: AuthMdRoutesOptions) {
  const markdown = renderAuthMd(opts.urls, { contactEmail: opts.contactEmail });
  const tokens = String(Math.ceil(markdown.length / 4));

  fastify.get('/auth.md', async (_request, reply) =>
    reply
      .type('text/markdown; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('content-signal', SERVICE_INFO.contentSignal)
      .header('x-markdown-tokens', tokens)
      .send(markdown),
  );

  fastify.post<{ Body: AnonymousRegistrationRequest; Reply: AnonymousRegistrationResponse }>(
    '/auth.md',
    {
      bodyLimit: 4096,
      schema: {
        body: AnonymousRegistrationRequestSchema,
        response: { 200: AnonymousRegistrationResponseSchema, '4xx': OAuthErrorSchema },
      },
      config: {
        oauth: { accepts: 'application/json', body: 'a JSON object such as {"type":"anonymous"}' },
      },
    },
    async (request, reply) => {
      const registrationId = randomUUID();
      const clientId = request.body.client_id ?? `anonymous-${registrationId}`;
      const { token, claims, expiresIn } = await fastify.tokenIssuer.issue(clientId);
      return reply.header('cache-control', 'no-store').send({
        registration_id: registrationId,
        registration_type: 'anonymous',
        client_id: clientId,
        credential_type: 'access_token',
        credential: token,
        credential_expires: new Date(claims.exp * 1000).toISOString(),
        scopes: [OAUTH_SCOPE],
        access_token: token,
        token_type: 'Bearer',
        expires_in: expiresIn,
        scope: OAUTH_SCOPE,
      });
    },
  );
}
