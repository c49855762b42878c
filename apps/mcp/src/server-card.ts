import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { SERVICE_INFO } from '@repo/catalog-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CAPABILITIES } from './protocol/server-info.js';
import { SUPPORTED_VERSIONS } from './protocol/versions.js';

/** SEP-2127 caps `description` at 100 characters; SERVICE_INFO's is longer. */
const CARD_DESCRIPTION =
  'Read-only affiliate catalog: search products, categories, agent offers and shipping estimates.';

/** `shop.example.com` → `com.example.shop`; IP addresses and single labels stay as they are. */
function reverseDns(hostname: string): string {
  return isIP(hostname) ? hostname : hostname.split('.').reverse().join('.');
}

/** The server card as served, with its strong validator. */
export interface ServerCard {
  readonly body: string;
  readonly etag: string;
}

/**
 * The one server card served at `/.well-known/mcp/server-card.json` and `/mcp/server-card`: the
 * SEP-2127 draft fields (`$schema`, a reverse-DNS `name`, `version`, `description`, `remotes`) and
 * the SEP-1649 fields scanners read (`serverInfo`, `endpoint`, `transport`, `capabilities`). The
 * draft schema is open, so one document satisfies both. `serverInfo` is exactly what `initialize`
 * returns in 2025-06-18; `version` is the same everywhere.
 *
 * @example buildServerCard('https://shop.example.com').body // '{"$schema":…,"name":"com.example.shop/affiliate-catalog",…}'
 */
export function buildServerCard(baseUrl: string): ServerCard {
  const endpoint = `${baseUrl}/mcp`;
  const card = {
    $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
    name: `${reverseDns(new URL(baseUrl).hostname)}/${SERVICE_INFO.name}`,
    version: SERVICE_INFO.version,
    title: SERVICE_INFO.title,
    description: CARD_DESCRIPTION,
    websiteUrl: `${baseUrl}/`,
    remotes: [
      { type: 'streamable-http', url: endpoint, supportedProtocolVersions: SUPPORTED_VERSIONS },
    ],
    serverInfo: {
      name: SERVICE_INFO.name,
      title: SERVICE_INFO.title,
      version: SERVICE_INFO.version,
    },
    endpoint,
    transport: { type: 'streamable-http', endpoint },
    capabilities: CAPABILITIES,
    authentication: { required: false },
  };
  const body = JSON.stringify(card);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}

/**
 * Sends the card with the headers SEP-2127 asks for: readable from any origin, cacheable for an
 * hour, a strong `ETag` and `304` on `If-None-Match`. The draft media type only when asked for it;
 * scanners expect `application/json`.
 */
export function replyWithCard(request: FastifyRequest, reply: FastifyReply, card: ServerCard) {
  reply
    .header('access-control-allow-origin', '*')
    .header('access-control-expose-headers', 'ETag')
    .header('cache-control', 'public, max-age=3600')
    .header('etag', card.etag);
  const match = request.headers['if-none-match'];
  if (match?.split(',').some((t) => t.trim() === card.etag)) {
    return reply.code(304).send();
  }
  const wantsCardType = (request.headers.accept ?? '').includes('application/mcp-server-card+json');
  return reply
    .type(wantsCardType ? 'application/mcp-server-card+json' : 'application/json; charset=utf-8')
    .send(card.body);
}
