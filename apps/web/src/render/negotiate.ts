/** The representations a page or an error can take. */
export type Representation = 'html' | 'markdown' | 'json';

interface Range {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
}

// The main media type of each representation, then aliases that only count when named exactly
// (so `text/html;q=0, */*` does not bring HTML back through `application/xhtml+xml`).
const MEDIA: Record<Representation, readonly [string, string][]> = {
  html: [
    ['text', 'html'],
    ['application', 'xhtml+xml'],
  ],
  markdown: [
    ['text', 'markdown'],
    ['text', 'x-markdown'],
  ],
  json: [
    ['application', 'json'],
    ['application', 'problem+json'],
  ],
};

/** Parses an `Accept` header into media ranges with their q-values (RFC 9110, section 12.5.1). */
export function parseAccept(header: string): Range[] {
  const ranges: Range[] = [];
  for (const part of header.slice(0, 2000).split(',')) {
    const [media = '', ...params] = part.split(';');
    const [type, subtype] = media.trim().toLowerCase().split('/');
    if (!type || !subtype) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=').map((s) => s.trim());
      if (name?.toLowerCase() === 'q') {
        const n = Number(value);
        q = Number.isFinite(n) ? Math.min(Math.max(n, 0), 1) : 0;
      }
    }
    ranges.push({ type, subtype, q });
  }
  return ranges;
}

/** The q-value the ranges give one media type: the most specific matching range decides. */
function qualityOf(ranges: readonly Range[], type: string, subtype: string): number {
  let best = -1;
  let q = 0;
  for (const r of ranges) {
    const specificity =
      r.type === type && r.subtype === subtype
        ? 2
        : r.type === type && r.subtype === '*'
          ? 1
          : r.type === '*' && r.subtype === '*'
            ? 0
            : -1;
    if (specificity > best) {
      best = specificity;
      q = r.q;
    }
  }
  return q;
}

/**
 * Picks the representation the client prefers among `offered` (in the server's order of
 * preference, which breaks ties). No `Accept` header, or one that accepts none of them, gives the
 * first offered: browsers and `*\/*` get HTML, and only an explicit, higher-ranked
 * `text/markdown` gets Markdown.
 *
 * @example negotiate('text/markdown, text/html;q=0.9', ['html', 'markdown']) // 'markdown'
 */
export function negotiate(
  accept: string | undefined,
  offered: readonly Representation[] = ['html', 'markdown'],
): Representation {
  const first = offered[0] ?? 'html';
  if (!accept) return first;
  const ranges = parseAccept(accept);
  let chosen = first;
  let bestQ = 0;
  for (const rep of offered) {
    const [[type, subtype] = ['', ''], ...aliases] = MEDIA[rep];
    const named = aliases.map(
      ([t, s]) => ranges.find((r) => r.type === t && r.subtype === s)?.q ?? 0,
    );
    const q = Math.max(qualityOf(ranges, type, subtype), ...named);
    if (q > bestQ) {
      bestQ = q;
      chosen = rep;
    }
  }
  return chosen;
}
