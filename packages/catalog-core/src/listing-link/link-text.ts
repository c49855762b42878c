/** A link as people paste it, before it is read: what {@link toHttpUrl} can turn into a URL. */
const SCHEME = /^https?:\/\//i;
/** `weidian.com/…`, `//item.taobao.com/…`: a host name followed by a path, query or nothing. */
const BARE_HOST = /^(?:\/\/)?(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?:[/?#]|$)/i;
/** A link inside a sentence: the first token that starts with a scheme or a host name. */
const LINK_IN_TEXT = /(?:https?:\/\/|(?:[a-z0-9-]+\.)+[a-z]{2,}\/)\S+/i;
// Sheets and chat apps wrap links in <…>, quotes or brackets, and sentences end them with a dot.
const WRAPPING_START = /^[<("'[\s]+/;
const WRAPPING_END = /[>)"'\].,;!\s]+$/;

/**
 * Turns pasted text into an http(s) URL: trims it and what wraps it, picks the link out of a
 * sentence, decodes a link that was percent-encoded whole (`https%3A%2F%2F…`, as agents carry
 * them), and adds `https://` to a link written without a scheme. `undefined` when nothing in the
 * text is a web link. Never fetches anything.
 *
 * @example toHttpUrl('weidian.com/item.html?itemID=7231234567')?.href
 * // 'https://weidian.com/item.html?itemID=7231234567'
 */
export function toHttpUrl(text: string): URL | undefined {
  let link = text.trim();
  if (/\s/.test(link)) link = LINK_IN_TEXT.exec(link)?.[0] ?? link;
  link = link.replace(WRAPPING_START, '').replace(WRAPPING_END, '');
  link = decodeWhole(link);
  if (!SCHEME.test(link)) {
    if (!BARE_HOST.test(link)) return undefined;
    link = `https://${link.replace(/^\/\//, '')}`;
  }
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A link that was percent-encoded as a whole (`https%3A%2F%2F…`), decoded: once per layer, as
 * some agents encode their `{raw}` twice. Anything else is returned as it is.
 */
export function decodeWhole(text: string): string {
  let link = text;
  for (let layer = 0; layer < 3 && /^(?:https?)?%3A%2F%2F|^https?%253A/i.test(link); layer++) {
    try {
      link = decodeURIComponent(link);
    } catch {
      break;
    }
  }
  return link;
}

/** Whether `host` is `domain` or one of its subdomains. */
export function hostIs(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** The value of a query parameter whatever the case of its name (`itemID`, `itemId`, `itemid`). */
export function paramOf(url: URL, name: string): string | undefined {
  const exact = url.searchParams.get(name);
  if (exact !== null) return exact;
  const wanted = name.toLowerCase();
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === wanted) return value;
  return undefined;
}
