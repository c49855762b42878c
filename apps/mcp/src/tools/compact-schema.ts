/**
 * An output schema as `tools/list` sends it: the same schema without the descriptions of nested
 * fields. Validation is unchanged (descriptions are annotations); agents read the tool's own
 * description and the field names, and the full, described schema stays in `/openapi.json`.
 * It keeps every agent's `tools/list` (and its context window) about a fifth smaller.
 */
export function compactOutputSchema(schema: unknown): unknown {
  return strip(schema, true);
}

function strip(node: unknown, top: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => strip(item, false));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'description' && !top) continue;
    // `properties` maps field names to schemas: a field may itself be called "description".
    out[key] =
      key === 'properties' && value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([name, s]) => [name, strip(s, false)]))
        : strip(value, false);
  }
  return out;
}
