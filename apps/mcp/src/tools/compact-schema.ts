// What an output schema keeps in `tools/list`: its shape. Bounds, lengths, patterns and
// `additionalProperties: false` only restate what the server already guarantees (the tests check
// every result against the full schema), and nested descriptions repeat the field names.
const DROPPED = new Set([
  'description',
  'additionalProperties',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
]);

/**
 * An output schema as `tools/list` sends it: types, properties, required fields, items, enums,
 * `anyOf` and formats, and the top-level description. Every result that matches the full schema
 * matches this one; the full, described schema stays in `/openapi.json`. It keeps each agent's
 * `tools/list` (and its context window) about a quarter smaller.
 */
export function compactOutputSchema(schema: unknown): unknown {
  return strip(schema, true);
}

function strip(node: unknown, top: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => strip(item, false));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED.has(key) && !(top && key === 'description')) continue;
    // `properties` maps field names to schemas: a field may itself be called "description".
    out[key] =
      key === 'properties' && value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([name, s]) => [name, strip(s, false)]))
        : strip(value, false);
  }
  return out;
}
