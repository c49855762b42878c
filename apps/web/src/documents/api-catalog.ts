import type { SiteUrls } from '@repo/catalog-core';
import { type Static, Type } from 'typebox';

/** RFC 9727: the media type of the API catalog, with the RFC's profile. */
export const API_CATALOG_TYPE =
  'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

const Target = Type.Object({
  href: Type.String({ format: 'uri' }),
  type: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
});

/** The linkset document (RFC 9264, section 4.2) as the API catalog uses it. */
export const ApiCatalogSchema = Type.Object({
  linkset: Type.Array(
    Type.Object({
      anchor: Type.String({ format: 'uri' }),
      'service-desc': Type.Array(Target),
      'service-doc': Type.Array(Target),
      status: Type.Optional(Type.Array(Target)),
    }),
    { minItems: 1 },
  ),
});

/** The body of `/.well-known/api-catalog`. */
export type ApiCatalog = Static<typeof ApiCatalogSchema>;

/**
 * `/.well-known/api-catalog` (RFC 9727): the public APIs of the service, each with its
 * machine-readable description, its documentation and its status endpoint.
 */
export function apiCatalog(urls: SiteUrls): ApiCatalog {
  const status = [{ href: `${urls.document('health')}`, type: 'application/json' }];
  return {
    linkset: [
      {
        anchor: `${urls.home()}`,
        'service-desc': [
          {
            href: `${urls.document('openapi')}`,
            type: 'application/vnd.oai.openapi+json;version=3.0',
            title: 'OpenAPI 3.0.3 description',
          },
        ],
        'service-doc': [
          { href: `${urls.apiDocs()}`, type: 'text/html', title: 'API and MCP documentation' },
        ],
        status,
      },
      {
        anchor: `${urls.document('mcp')}`,
        'service-desc': [
          {
            href: `${urls.wellKnown('mcp/server-card.json')}`,
            type: 'application/json',
            title: 'MCP server card',
          },
        ],
        'service-doc': [
          { href: `${urls.apiDocs()}`, type: 'text/html', title: 'MCP tools' },
          {
            href: `${urls.skill('catalog-search')}`,
            type: 'text/markdown',
            title: 'Catalog search skill',
          },
        ],
        status,
      },
      {
        anchor: `${urls.document('oauthToken')}`,
        'service-desc': [
          {
            href: `${urls.wellKnown('oauth-authorization-server')}`,
            type: 'application/json',
            title: 'OAuth authorization server metadata',
          },
        ],
        'service-doc': [
          {
            href: `${urls.document('authMd')}`,
            type: 'text/markdown',
            title: 'auth.md: the optional token',
          },
        ],
      },
    ],
  };
}
