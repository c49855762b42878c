const GOOGLE_SHEETS = /^(?:docs|sheets)\.google\.com$/i;
/** `/spreadsheets/d/<id>/…`: a sheet's own link (edit, view, share, copy, an export of one tab). */
const SHEET_ID = /^\/spreadsheets(?:\/u\/\d+)?\/d\/([A-Za-z0-9_-]{10,})(?:\/|$)/;
/** `/spreadsheets/d/e/<pubid>/pubhtml`: a sheet published to the web. */
const PUBLISHED_ID = /^\/spreadsheets(?:\/u\/\d+)?\/d\/e\/([A-Za-z0-9_-]{10,})(?:\/|$)/;

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The URL a catalog link is downloaded from: a Google Sheets link in any of the forms operators
 * share (`…/d/<id>/edit#gid=…`, `…/edit?usp=sharing`, `…/view`, the published `…/d/e/<pubid>/pubhtml`)
 * becomes the export of its whole workbook as `.xlsx`, so that every tab and every hyperlink comes
 * along (a CSV export holds one tab and drops links); any other link is downloaded as it is.
 *
 * @example catalogDownloadUrl('https://docs.google.com/spreadsheets/d/1AbC…/edit#gid=0').href
 * // 'https://docs.google.com/spreadsheets/d/1AbC…/export?format=xlsx'
 */
export function catalogDownloadUrl(link: string | URL): URL {
  const url = new URL(link);
  if (!GOOGLE_SHEETS.test(url.hostname)) return url;
  const published = PUBLISHED_ID.exec(url.pathname)?.[1];
  if (published) {
    return new URL(`https://docs.google.com/spreadsheets/d/e/${published}/pub?output=xlsx`);
  }
  const id = SHEET_ID.exec(url.pathname)?.[1];
  if (id) return new URL(`https://docs.google.com/spreadsheets/d/${id}/export?format=xlsx`);
  return url;
}

/**
 * Whether a catalog may be fetched from `url`, or a redirect followed to it: `https`, or `http`
 * on this machine (a test server, a sidecar). Anything else is refused before a connection.
 */
export function isFetchableUrl(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK.test(url.hostname);
}

/**
 * A catalog link as logs may show it: scheme and host only. Its path and query (a sheet's id, a
 * published key, a token) are what make a private sheet readable.
 */
export function shownUrl(url: string | URL): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}/…`;
  } catch {
    return 'the catalog link';
  }
}
