/** A JSON value as `JSON.parse` returns it. */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNullSchema(value: Json): boolean {
  return isObject(value) && value.type === 'null' && Object.keys(value).length === 1;
}

function convert(node: Json): Json {
  if (Array.isArray(node)) return node.map(convert);
  if (!isObject(node)) return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) out[key] = convert(value);

  // `anyOf: [X, {type: 'null'}]` is how JSON Schema says "X or null"; OpenAPI 3.0 says
  // `nullable: true` and has no `null` type at all.
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.some(isNullSchema)) {
    const rest = anyOf.filter((s) => !isNullSchema(s));
    delete out.anyOf;
    const only = rest.length === 1 ? rest[0] : undefined;
    if (only !== undefined && isObject(only)) return { ...only, ...out, nullable: true };
    return { ...out, anyOf: rest, nullable: true };
  }
  // OpenAPI 3.0 keeps draft-04's boolean exclusiveMinimum/Maximum next to minimum/maximum.
  for (const [bound, flag] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    const limit = out[flag];
    if (typeof limit === 'number') {
      out[bound] = limit;
      out[flag] = true;
    }
  }
  // OpenAPI 3.0 has no `const`; a one-value enum means the same.
  if ('const' in out) {
    const value = out.const as Json;
    delete out.const;
    out.enum = [value];
  }
  return out;
}

/**
 * Rewrites a JSON Schema (as the tool contracts emit it) into the OpenAPI 3.0.3 schema dialect:
 * `anyOf` with a `null` branch becomes `nullable: true`, `const` becomes a one-value `enum`,
 * numeric `exclusiveMinimum`/`exclusiveMaximum` become `minimum`/`maximum` plus `true`.
 * Everything else the contracts use is common to both. Returns a new plain object.
 *
 * @example toOpenApiSchema(SearchProductsOutputSchema).properties.next_offset
 * // { type: 'integer', minimum: 0, description: '...', nullable: true }
 */
export function toOpenApiSchema(schema: unknown): Record<string, unknown> {
  // The JSON round trip drops TypeBox's non-enumerable markers and yields plain data to rewrite.
  return convert(JSON.parse(JSON.stringify(schema)) as Json) as Record<string, unknown>;
}
