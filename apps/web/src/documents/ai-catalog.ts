import type { SiteUrls } from '@repo/catalog-core';
import { SERVICE_INFO } from '@repo/catalog-core';
import { type Static, Type } from 'typebox';
import type { Skill } from './agent-skills.js';

const Entry = Type.Object({
  identifier: Type.String(),
  displayName: Type.String(),
  type: Type.String(),
  mediaType: Type.String({
    description: 'The former name of `type`, kept while readers move over.',
  }),
  url: Type.String({ format: 'uri' }),
  description: Type.Optional(Type.String()),
});

/** `/.well-known/ai-catalog.json` (AI Catalog format). */
export const AiCatalogSchema = Type.Object({
  specVersion: Type.String(),
  host: Type.Object({
    displayName: Type.String(),
    identifier: Type.String(),
    documentationUrl: Type.String({ format: 'uri' }),
  }),
  entries: Type.Array(Entry, { minItems: 1 }),
});

/**
 * The AI catalog: the MCP server card, each skill, the OpenAPI document and the API catalog.
 * Entries carry both `type` and its former name `mediaType` (the format renamed the field).
 */
export function aiCatalog(
  urls: SiteUrls,
  skills: readonly Skill[],
): Static<typeof AiCatalogSchema> {
  const host = new URL(urls.baseUrl).host;
  const entry = (
    id: string,
    displayName: string,
    type: string,
    url: string,
    description: string,
  ) => ({
    identifier: `urn:air:${host}:${id}`,
    displayName,
    type,
    mediaType: type,
    url,
    description,
  });
  return {
    specVersion: '1.0',
    host: {
      displayName: SERVICE_INFO.title,
      identifier: host,
      documentationUrl: `${urls.apiDocs()}`,
    },
    entries: [
      entry(
        'mcp:catalog',
        `${SERVICE_INFO.title} MCP server`,
        'application/mcp-server-card+json',
        `${urls.wellKnown('mcp/server-card.json')}`,
        SERVICE_INFO.description,
      ),
      ...skills.map((s) =>
        entry(
          `skill:${s.name}`,
          `Skill: ${s.name}`,
          'text/markdown',
          `${urls.skill(s.name)}`,
          s.description,
        ),
      ),
      entry(
        'openapi:catalog',
        'OpenAPI description',
        'application/vnd.oai.openapi+json',
        `${urls.document('openapi')}`,
        'Every public HTTP endpoint, OpenAPI 3.0.3.',
      ),
      entry(
        'api-catalog:catalog',
        'API catalog (RFC 9727)',
        'application/linkset+json',
        `${urls.wellKnown('api-catalog')}`,
        'The APIs of the service with their descriptions and status.',
      ),
    ],
  };
}
