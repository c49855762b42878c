/**
 * How deep tool arguments may nest. The deepest contract needs three levels (estimate_shipping:
 * arguments, items, an item); anything far deeper is refused before it is walked, because the
 * recursive walks on a call's path (the result-cache key's JSON.stringify first) overflow the
 * stack at a few thousand levels, which the body limit allows.
 */
export const MAX_ARGUMENT_DEPTH = 32;

/**
 * Tells whether `value` holds objects or arrays nested more than `limit` levels deep (a scalar
 * is at depth 0, the members of a top-level object at depth 1). Walks with a stack of its own,
 * not the call stack, and stops at the first level too deep.
 *
 * @example nestsDeeperThan({ items: [{ slug: 'x' }] }, 2) // true
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: { readonly value: object; readonly depth: number }[] = [];
  if (typeof value === 'object' && value !== null) pending.push({ value, depth: 1 });
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.depth > limit) return true;
    for (const child of Object.values(next.value)) {
      if (typeof child === 'object' && child !== null) {
        pending.push({ value: child, depth: next.depth + 1 });
      }
    }
  }
  return false;
}
