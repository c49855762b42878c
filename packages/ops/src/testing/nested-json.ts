const OPENERS = { array: ['[', ']'], object: ['{"a":', '}'] } as const;

/**
 * JSON text nested `depth` levels deep: `[[[…]]]`, `{"a":{"a":…}}`, or the two alternating, around
 * `core`. Text, because a test's own JSON.stringify could not walk it either.
 */
export function nestedJson(depth: number, kind: 'array' | 'object' | 'mixed', core = '1'): string {
  const levels = Array.from({ length: depth }, (_, i) =>
    kind === 'mixed' ? OPENERS[i % 2 === 0 ? 'array' : 'object'] : OPENERS[kind],
  );
  return `${levels.map(([open]) => open).join('')}${core}${levels
    .map(([, close]) => close)
    .reverse()
    .join('')}`;
}
