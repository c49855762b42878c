import {
  AuthorizationServerMetadataSchema,
  JwksSchema,
  ProtectedResourceMetadataSchema,
} from '@repo/catalog-core';
import type { FastifyInstance } from 'fastify';
import {
  authorizationServerMetadata,
  protectedResourceMetadata,
} from '../../documents/metadata.js';
import type { AuthUrls } from '../../documents/urls.js';

/** Options of the discovery routes. */
export interface WellKnownOptions {
  readonly urls: AuthUrls;
}

// Short enough that a rotated key is seen within minutes, long enough to spare the server.
const CACHE = 'public, max-age=300';

/** The JWKS and the OAuth discovery documents (RFC 8414, RFC 9728). */
export default async function wellKnownRoutes(fastify: FastifyInstance, opts: WellKnownOptions) {
  const { urls } = opts;
  const asMetadata = authorizationServerMetadata(urls);
  const rootResource = protectedResourceMetadata(urls, urls.issuer);
  const mcpResource = protectedResourceMetadata(urls, urls.mcp);

  fastify.get(
    '/.well-known/jwks.json',
    { schema: { response: { 200: JwksSchema } } },
    async (_request, reply) =>
      reply.header('cache-control', CACHE).send(fastify.tokenIssuer.publicJwks),
  );
  fastify.get(
    '/.well-known/oauth-authorization-server',
    { schema: { response: { 200: AuthorizationServerMetadataSchema } } },
    async (_request, reply) => reply.header('cache-control', CACHE).send(asMetadata),
  );
  fastify.get(
    '/.well-known/oauth-protected-resource',
    { schema: { response: { 200: ProtectedResourceMetadataSchema } } },
    async (_request, reply) => reply.header('cache-control', CACHE).send(rootResource),
  );
  fastify.get(
    '/.well-known/oauth-protected-resource/mcp',
    { schema: { response: { 200: ProtectedResourceMetadataSchema } } },
    async (_request, reply) => reply.header('cache-control', CACHE).send(mcpResource),
  );
}
