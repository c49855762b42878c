import { SERVICE_INFO } from '@repo/catalog-core';
import { authPaths, authSchemas } from './auth.js';
import { documentPaths, documentSchemas } from './documents.js';
import { mcpPath, mcpSchemas } from './mcp.js';
import { pagePaths } from './pages.js';
import type { OpenApiObject } from './shared.js';
import { suggestPaths, suggestSchemas } from './suggest.js';

/**
 * `/openapi.json`: OpenAPI 3.0.3 description of every public endpoint of the service (pages,
 * documents, `/mcp`, the token endpoint and the auth documents), built from the same schemas the
 * apps validate with.
 */
export function openApiDocument(base: string, contactEmail: string): OpenApiObject {
  return {
    openapi: '3.0.3',
    info: {
      title: SERVICE_INFO.title,
      version: SERVICE_INFO.version,
      description: `${SERVICE_INFO.description}\n\nUsage policy: ${SERVICE_INFO.policy.join(' ')}`,
      contact: { email: contactEmail },
    },
    servers: [{ url: base }],
    tags: [
      { name: 'Pages', description: 'HTML pages with Markdown twins.' },
      { name: 'Suggestions', description: 'What the search fields suggest as they are typed in.' },
      { name: 'MCP', description: 'The MCP tool server.' },
      { name: 'Token (optional)', description: 'An optional bearer token; never required.' },
      { name: 'Documents', description: 'Health and discovery documents.' },
    ],
    paths: {
      ...pagePaths(),
      ...suggestPaths(),
      '/mcp': mcpPath(),
      ...authPaths(),
      ...documentPaths(),
    },
    components: {
      schemas: { ...documentSchemas(), ...suggestSchemas(), ...mcpSchemas(), ...authSchemas() },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Optional: attributes requests, never required.',
        },
      },
    },
    // An empty requirement alongside the bearer one: every endpoint works without a token.
    security: [{}, { bearer: [] }],
  };
}
