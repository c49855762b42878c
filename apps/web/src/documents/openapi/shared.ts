import { toOpenApiSchema } from '@repo/catalog-core';
import type { TSchema } from 'typebox';

/** An OpenAPI 3.0.3 object, loosely typed: the document is plain JSON. */
export type OpenApiObject = Record<string, unknown>;

/** A TypeBox schema in the OpenAPI 3.0.3 dialect. */
export const schema = (s: TSchema | Record<string, unknown>): OpenApiObject => toOpenApiSchema(s);

/** A `$ref` to a component schema. */
export const ref = (name: string): OpenApiObject => ({ $ref: `#/components/schemas/${name}` });

/**
 * The query parameters of a TypeBox object schema, each with its schema and description; a
 * property marked `deprecated` (an old name still read) is a deprecated parameter.
 */
export function queryParameters(object: TSchema): OpenApiObject[] {
  const { properties = {}, required = [] } = schema(object) as {
    properties?: Record<string, OpenApiObject>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, s]) => {
    const { description, deprecated, ...rest } = s;
    return {
      name,
      in: 'query',
      required: required.includes(name),
      schema: rest,
      ...(description ? { description } : {}),
      ...(deprecated === true ? { deprecated: true } : {}),
    };
  });
}

/** A path parameter. */
export function pathParameter(name: string, s: OpenApiObject, description: string): OpenApiObject {
  return { name, in: 'path', required: true, schema: s, description };
}

const STRING = { type: 'string' };

const ERRORS: Readonly<Record<number, string>> = {
  400: 'A query parameter is invalid.',
  404: 'No such resource.',
  429: 'Too many requests from this client: see Retry-After.',
};

/** A page's errors: an HTML or Markdown page, or problem+json, as the request asks. */
export function pageErrors(errors: readonly number[]): OpenApiObject {
  const content = {
    'text/html': { schema: STRING },
    'text/markdown': { schema: STRING },
    'application/problem+json': { schema: ref('Problem') },
  };
  return {
    ...Object.fromEntries(
      errors.map((status) => [status, { description: ERRORS[status], content }]),
    ),
    405: { description: 'Only GET and HEAD are allowed.' },
  };
}

/** The responses of an HTML page with its Markdown twin, and its errors in both plus problem+json. */
export function pageResponses(what: string, errors: readonly number[]): OpenApiObject {
  return {
    200: {
      description: `${what}: HTML, or Markdown when \`Accept: text/markdown\` is preferred (Vary: Accept).`,
      headers: {
        Vary: { schema: STRING, description: 'Always `Accept`.' },
        'Content-Signal': { schema: STRING, description: 'ai-train=no, search=yes, ai-input=yes' },
        'x-markdown-tokens': {
          schema: { type: 'integer' },
          description: 'Markdown only: estimated tokens.',
        },
      },
      content: { 'text/html': { schema: STRING }, 'text/markdown': { schema: STRING } },
    },
    ...pageErrors(errors),
  };
}

/** A JSON document response. */
export function jsonResponse(
  description: string,
  body: OpenApiObject,
  mediaType = 'application/json',
): OpenApiObject {
  return { 200: { description, content: { [mediaType]: { schema: body } } } };
}

/** A text document response. */
export function textResponse(description: string, mediaType: string): OpenApiObject {
  return { 200: { description, content: { [mediaType]: { schema: STRING } } } };
}
