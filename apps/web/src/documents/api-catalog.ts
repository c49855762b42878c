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
export function apiCatalog(base: string): ApiCatalog {
  const status = [{ href: `${base}/health.json`, type: 'application/json' }];
  return {
    linkset: [
      {
        anchor: `${base}/`,
        'service-desc': [
          {
            href: `${base}/openapi.json`,
            type: 'application/vnd.oai.openapi+json;version=3.0',
            title: 'OpenAPI 3.0.3 description',
          },
        ],
        'service-doc': [
          { href: `${base}/api-docs`, type: 'text/html', title: 'API and MCP documentation' },
        ],
        status,
      },
      {
        anchor: `${base}/mcp`,
        'service-desc': [
          {
            href: `${base}/.well-known/mcp/server-card.json`,
            type: 'application/json',
            title: 'MCP server card',
          },
        ],
        'service-doc': [
          { href: `${base}/api-docs`, type: 'text/html', title: 'MCP tools' },
          {
            href: `${base}/.well-known/agent-skills/catalog-search/SKILL.md`,
            type: 'text/markdown',
            title: 'Catalog search skill',
          },
        ],
        status,
      },
      {
        anchor: `${base}/oauth/token`,
        'service-desc': [
          {
            href: `${base}/.well-known/oauth-authorization-server`,
            type: 'application/json',
            title: 'OAuth authorization server metadata',
          },
        ],
        'service-doc': [
          { href: `${base}/auth.md`, type: 'text/markdown', title: 'auth.md: the optional token' },
        ],
      },
    ],
  };
}
