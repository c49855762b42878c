import { HealthSchema } from '../../schemas/health.js';
import { SkillsIndexSchema } from '../agent-skills.js';
import { AiCatalogSchema } from '../ai-catalog.js';
import { ApiCatalogSchema } from '../api-catalog.js';
import {
  jsonResponse,
  type OpenApiObject,
  pathParameter,
  ref,
  schema,
  textResponse,
} from './shared.js';

const tags = ['Documents'];

/** Component schemas of the documents the web and MCP apps serve. */
export function documentSchemas(): Record<string, OpenApiObject> {
  return {
    Health: schema(HealthSchema),
    ApiCatalog: schema(ApiCatalogSchema),
    AiCatalog: schema(AiCatalogSchema),
    SkillsIndex: schema(SkillsIndexSchema),
    Problem: {
      type: 'object',
      required: ['type', 'title', 'status'],
      properties: {
        type: { type: 'string' },
        title: { type: 'string' },
        status: { type: 'integer' },
        detail: { type: 'string' },
        instance: { type: 'string' },
      },
      description: 'RFC 9457 problem details.',
    },
    ServerCard: {
      type: 'object',
      required: ['$schema', 'name', 'version', 'description', 'remotes', 'serverInfo', 'endpoint'],
      additionalProperties: true,
      description:
        'MCP server card: SEP-2127 draft fields plus the older serverInfo/endpoint/transport/capabilities.',
      properties: {
        $schema: { type: 'string', format: 'uri' },
        name: { type: 'string' },
        version: { type: 'string' },
        description: { type: 'string' },
        remotes: {
          type: 'array',
          items: {
            type: 'object',
            required: ['type', 'url'],
            properties: {
              type: { type: 'string' },
              url: { type: 'string' },
              supportedProtocolVersions: { type: 'array', items: { type: 'string' } },
            },
          },
        },
        serverInfo: {
          type: 'object',
          required: ['name', 'version'],
          properties: { name: { type: 'string' }, version: { type: 'string' } },
        },
        endpoint: { type: 'string', format: 'uri' },
        capabilities: { type: 'object' },
      },
    },
  };
}

/** The documents: health, discovery, robots, sitemap, llms.txt and this description. */
export function documentPaths(): Record<string, OpenApiObject> {
  const get = (operationId: string, summary: string, responses: OpenApiObject) => ({
    get: { tags, operationId, summary, responses },
  });
  return {
    '/health.json': {
      get: {
        tags,
        operationId: 'health',
        summary: 'Service status',
        responses: {
          ...jsonResponse('Status, version, uptime, catalog counts, search engine.', ref('Health')),
          503: {
            description: 'The search engine is degraded.',
            content: { 'application/json': { schema: ref('Health') } },
          },
        },
      },
    },
    '/openapi.json': get(
      'openapi',
      'This OpenAPI 3.0.3 description',
      jsonResponse('The description.', { type: 'object' }),
    ),
    '/.well-known/api-catalog': {
      ...get(
        'apiCatalog',
        'RFC 9727 API catalog (also HEAD, with a Link rel="api-catalog" header)',
        jsonResponse(
          'Linkset with profile="https://www.rfc-editor.org/info/rfc9727".',
          ref('ApiCatalog'),
          'application/linkset+json',
        ),
      ),
    },
    '/.well-known/ai-catalog.json': get(
      'aiCatalog',
      'AI catalog: server card, skills, OpenAPI',
      jsonResponse('The AI catalog.', ref('AiCatalog')),
    ),
    '/.well-known/agent-skills/index.json': get(
      'agentSkills',
      'Agent skills index (discovery v0.2.0)',
      jsonResponse('Skills with sha256 digests.', ref('SkillsIndex')),
    ),
    '/.well-known/agent-skills/{name}/SKILL.md': {
      get: {
        tags,
        operationId: 'skill',
        summary: 'One SKILL.md',
        parameters: [pathParameter('name', { type: 'string' }, 'Skill name from the index.')],
        responses: {
          ...textResponse('The skill; its sha256 is the index digest.', 'text/markdown'),
          404: {
            description: 'No such skill.',
            content: { 'application/problem+json': { schema: ref('Problem') } },
          },
        },
      },
    },
    '/.well-known/mcp/server-card.json': get(
      'serverCard',
      'MCP server card',
      jsonResponse('The server card.', ref('ServerCard')),
    ),
    '/robots.txt': get(
      'robots',
      'Crawler rules with the content signal',
      textResponse('robots.txt', 'text/plain'),
    ),
    '/sitemap.xml': get(
      'sitemap',
      'Every page (an index of /sitemap-{n}.xml past 50,000 URLs)',
      textResponse('Sitemap or sitemap index.', 'application/xml'),
    ),
    '/llms.txt': get('llmsTxt', 'Where an AI agent starts', textResponse('llms.txt', 'text/plain')),
  };
}
