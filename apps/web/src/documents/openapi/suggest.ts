import { MAX_SUGGESTIONS, SuggestionsSchema, SuggestQuerySchema } from '../../schemas/suggest.js';
import { type OpenApiObject, queryParameters, ref, schema } from './shared.js';

const problem = { 'application/problem+json': { schema: ref('Problem') } };

/** Component schemas of `/suggest`. */
export function suggestSchemas(): Record<string, OpenApiObject> {
  return { Suggestions: schema(SuggestionsSchema) };
}

/** `/suggest`: the search suggestions of the site's search fields. */
export function suggestPaths(): Record<string, OpenApiObject> {
  return {
    '/suggest': {
      get: {
        tags: ['Suggestions'],
        operationId: 'suggest',
        summary: `Search suggestions: up to ${MAX_SUGGESTIONS} brands, categories and products for a text being typed`,
        description:
          'What the search fields of the pages show as their text is typed: the categories the ' +
          'catalog search reads from the words (nicknames, typos, other languages) or that hold ' +
          'most of the matches, the brands named or most matched, then the best products, each ' +
          'with the page it leads to. Counted in the pages’ rate limit; never indexed ' +
          '(`X-Robots-Tag: noindex`). Errors are problem+json whatever `Accept` says.',
        parameters: queryParameters(SuggestQuerySchema),
        responses: {
          200: {
            description: 'The suggestions, best first, and a status line for a screen reader.',
            headers: {
              'X-Robots-Tag': { schema: { type: 'string' }, description: 'Always `noindex`.' },
              'Cache-Control': { schema: { type: 'string' }, description: 'public, max-age=300' },
            },
            content: { 'application/json': { schema: ref('Suggestions') } },
          },
          400: {
            description:
              'q is missing, shorter than 2 or longer than 200 characters, or lang unknown.',
            content: problem,
          },
          405: { description: 'Only GET and HEAD are allowed.' },
          429: {
            description: 'Too many requests from this client: see Retry-After.',
            content: problem,
          },
        },
      },
    },
  };
}
