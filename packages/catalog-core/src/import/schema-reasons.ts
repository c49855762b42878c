import { Compile } from 'typebox/compile';
import { ProductSchema } from '../product.js';
import { show } from './fields.js';

const checker = Compile(ProductSchema);

/** `/tags/3` → `tags[3]`. */
function fieldPath(instancePath: string): string {
  return instancePath
    .slice(1)
    .split('/')
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('');
}

function valueAt(value: unknown, instancePath: string): unknown {
  let at: unknown = value;
  for (const part of instancePath.slice(1).split('/')) {
    if (part === '' || at === null || typeof at !== 'object') break;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/**
 * Checks a product against `ProductSchema`; returns `undefined` when it passes, else one
 * human sentence per failing field: `title: must be at most 200 characters`.
 */
export function productSchemaReasons(product: unknown): string[] | undefined {
  if (checker.Check(product)) return undefined;
  const reasons = new Map<string, string>();
  for (const error of checker.Errors(product)) {
    const path = fieldPath(error.instancePath) || 'row';
    if (reasons.has(path)) continue;
    const params = (error as { params?: Record<string, unknown> }).params ?? {};
    const got = show(valueAt(product, error.instancePath));
    const message =
      error.keyword === 'maxLength'
        ? `must be at most ${params.limit} characters`
        : error.keyword === 'maxItems'
          ? `must have at most ${params.limit} entries`
          : error.keyword === 'pattern' && path === 'slug'
            ? `must be lower-case letters and digits joined by dashes, ending with -<item_id>, got ${got}`
            : error.keyword === 'format'
              ? `must be a valid ${params.format}, got ${got}`
              : `${error.message}, got ${got}`;
    reasons.set(path, `${path}: ${message}`);
  }
  return [...reasons.values()];
}
