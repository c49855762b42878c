/** Request headers as Node gives them; names in any case. */
export type RequestHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

// The headers browsers mark a speculative request with, and the values that mark it:
//   Sec-Purpose: prefetch | prefetch;prerender | prefetch;anonymous-client-ip (Chromium, Firefox)
//   Purpose: prefetch (older Chromium), X-Purpose: preview (Safari's Top Sites), X-Moz: prefetch (Firefox)
const MARKS: Readonly<Record<string, readonly string[]>> = {
  'sec-purpose': ['prefetch'],
  purpose: ['prefetch', 'preview', 'prerender'],
  'x-purpose': ['prefetch', 'preview', 'prerender'],
  'x-moz': ['prefetch'],
};

/**
 * Whether a request is a browser's prefetch or preview, not a shopper's click: what it fetches
 * may never be shown, so it is not counted.
 *
 * @example isPrefetch({ 'sec-purpose': 'prefetch;prerender' }) // true
 */
export function isPrefetch(headers: RequestHeaders): boolean {
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const marks = MARKS[name.toLowerCase()];
    if (!marks) continue;
    const text = typeof value === 'string' ? value : value.join(',');
    // Values are lists of tokens, e.g. `prefetch;prerender` or `prefetch, anonymous-client-ip`.
    for (const token of text.toLowerCase().split(/[\s,;]+/)) {
      if (marks.includes(token)) return true;
    }
  }
  return false;
}
