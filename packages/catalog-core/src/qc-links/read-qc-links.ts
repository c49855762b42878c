import {
  albumHostOf,
  EXPIRING_HOSTS,
  LINK_ONLY_PHOTO_HOSTS,
  PHOTO_EXTENSIONS,
  siteHost,
} from './qc-hosts.js';

/** The most photos and albums one product keeps (the product schema's limits). */
export const MAX_QC_PHOTOS = 50;
export const MAX_QC_ALBUMS = 20;

/** What one cell of QC links held: photos to show, album pages to link to, and what was dropped. */
export interface QcLinks {
  /** Pictures an `<img>` can show: checked `https:` URLs, or the product's own `/qc/…` paths. */
  readonly photos: string[];
  /** Album and gallery pages (and pictures that only open on their own site): `https:` URLs. */
  readonly albums: string[];
  /** Text and links that are neither, each with why, as a warning can quote them. */
  readonly dropped: { readonly text: string; readonly reason: string }[];
}

/** What one piece of a cell is. */
type Piece =
  | { readonly kind: 'photo' | 'album'; readonly url: string }
  | { readonly kind: 'dropped'; readonly reason: string };

// Links are separated by white space, `|`, `;` or a comma that is not inside a link (a comma
// followed by a space, another link, or the end).
const SEPARATORS = /\s+|[|;]|,(?=\s|[a-z][a-z0-9+.-]*:|\/\/|$)/i;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// A link written without its scheme: `i.imgur.com/abc.jpg`, `www.imgur.com/a/x`.
const BARE_HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+\//i;
const IP_HOST = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[.*\])$/;
const MAX_URL_LENGTH = 500;
// Labels and blanks around links ("QC:", "(GL)", "N/A", "-"): nothing lost, nothing to report.
const SAYS_NOTHING = /^(?:qcs?|pics?|photos?|albums?|gl|rl|n\/?a|none|tbd|[-–—/:]+):?$/i;
const PLAIN_LIST = /^[^\s,;<>()[\]"']*$/;
// Brackets, quotes and trailing punctuation around a link ("(https://…)", "https://….").
const WRAPPED = /^[<("'[]|[>)"'\].,]$/;
const WRAPPING = /^[<("'[]+|[>)"'\].,]+$/g;
const OTHER_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'mailto', 'ftp']);

/**
 * Reads a QC cell as data from strangers: every link in it (separated by spaces, commas, `|`,
 * `;` or new lines) is a **photo** when it is an `https:` picture file a page can show, an
 * **album** when it is an album or gallery page (Imgur `/a/` and `/gallery/`, Yupoo albums,
 * Google Drive and Photos, a Reddit QC post, a Yupoo picture that only opens on Yupoo), and is
 * dropped otherwise, with the reason: plain text ("see yupoo"), `http:`, protocol-relative,
 * `javascript:` or `data:` links, expiring Discord links, other pages. `slug` lets the product's
 * own drawn photos (`/qc/{slug}/{n}.svg`, the sample catalog's) through; no other path is kept.
 *
 * @example
 * readQcLinks('https://i.imgur.com/a1.jpg https://imgur.com/a/Xy12 see yupoo')
 * // { photos: ['https://i.imgur.com/a1.jpg'], albums: ['https://imgur.com/a/Xy12'],
 * //   dropped: [{ text: 'see yupoo', reason: 'not a link' }] }
 */
export function readQcLinks(value: unknown, slug?: string): QcLinks {
  const own = slug === undefined ? undefined : ownPhotos(value, slug);
  if (own) return { photos: own, albums: [], dropped: [] };
  const photos: string[] = [];
  const albums: string[] = [];
  const dropped: { text: string; reason: string }[] = [];
  let words: string[] = [];
  const endWords = () => {
    const text = words.filter((word) => !SAYS_NOTHING.test(word)).join(' ');
    if (text !== '') dropped.push({ text: words.join(' '), reason: 'not a link' });
    words = [];
  };
  const cells = Array.isArray(value) ? value : [value];
  for (const cell of cells) {
    if (typeof cell !== 'string') {
      if (cell !== undefined && cell !== null) {
        dropped.push({ text: String(cell), reason: 'not a link' });
      }
      continue;
    }
    // Paths and links joined by `|` alone (every catalog this service writes) need no finer split.
    const parts = PLAIN_LIST.test(cell) ? cell.split('|') : cell.split(SEPARATORS);
    for (const raw of parts) {
      const token = WRAPPED.test(raw) ? raw.replace(WRAPPING, '') : raw;
      if (token === '') continue;
      const piece = readPiece(token, slug);
      if (piece === undefined) {
        words.push(token);
        continue;
      }
      endWords();
      if (piece.kind === 'dropped') dropped.push({ text: token, reason: piece.reason });
      else if (piece.kind === 'photo') keep(photos, MAX_QC_PHOTOS, piece.url, token, dropped);
      else keep(albums, MAX_QC_ALBUMS, piece.url, token, dropped);
    }
    endWords();
  }
  return { photos, albums, dropped };
}

function keep(
  list: string[],
  limit: number,
  url: string,
  token: string,
  dropped: { text: string; reason: string }[],
): void {
  if (list.includes(url)) return;
  if (list.length < limit) list.push(url);
  else dropped.push({ text: token, reason: `more than ${limit} links of its kind` });
}

/** What a token is, or `undefined` when it is a word rather than a link. */
function readPiece(token: string, slug: string | undefined): Piece | undefined {
  if (token.startsWith('/')) {
    if (token.startsWith('//')) return { kind: 'dropped', reason: 'no https:// before the host' };
    return slug !== undefined && ownPhotoNumber(token, slug) !== undefined
      ? { kind: 'photo', url: token }
      : { kind: 'dropped', reason: 'a path, not a link' };
  }
  const scheme = SCHEME.exec(token)?.[1]?.toLowerCase();
  let text = token;
  if (scheme === undefined) {
    if (!BARE_HOST.test(token)) return undefined;
    text = `https://${token}`;
  } else if (scheme === 'http') {
    return { kind: 'dropped', reason: 'http://, not https://' };
  } else if (scheme !== 'https') {
    // "Note:" or "QC:" before a word is text; a link of another scheme is not a web page.
    return OTHER_SCHEMES.has(scheme) || token.startsWith(`${scheme}://`)
      ? { kind: 'dropped', reason: `a ${scheme}: link` }
      : undefined;
  }
  return readHttps(text);
}

function readHttps(text: string): Piece {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { kind: 'dropped', reason: 'not a valid link' };
  }
  const host = url.hostname.toLowerCase();
  if (url.username !== '' || url.password !== '' || !host.includes('.') || IP_HOST.test(host)) {
    return { kind: 'dropped', reason: 'not a public web address' };
  }
  if (url.port !== '') return { kind: 'dropped', reason: 'not on the standard https port' };
  if (url.href.length > MAX_URL_LENGTH) {
    return { kind: 'dropped', reason: `longer than ${MAX_URL_LENGTH} characters` };
  }
  const expiring = EXPIRING_HOSTS.get(siteHost(host));
  if (expiring !== undefined) return { kind: 'dropped', reason: expiring };
  if (PHOTO_EXTENSIONS.test(url.pathname)) {
    return LINK_ONLY_PHOTO_HOSTS.has(siteHost(host))
      ? { kind: 'album', url: url.href }
      : { kind: 'photo', url: url.href };
  }
  if (albumHostOf(url)) return { kind: 'album', url: url.href };
  return { kind: 'dropped', reason: 'neither a picture nor a known album page' };
}

/**
 * A cell of nothing but the product's own drawn photos, `|`-joined (how this service writes
 * them; a catalog file of a million rows holds millions): read in one pass.
 */
function ownPhotos(value: unknown, slug: string): string[] | undefined {
  if (typeof value !== 'string' || !value.startsWith('/qc/')) return undefined;
  const paths = value.split('|');
  if (paths.length > MAX_QC_PHOTOS || new Set(paths).size !== paths.length) return undefined;
  return paths.every((path) => ownPhotoNumber(path, slug) !== undefined) ? paths : undefined;
}

/** `n` of the product's own drawn photo `/qc/{slug}/{n}.svg`, else `undefined`. */
export function ownPhotoNumber(path: string, slug: string): number | undefined {
  // Read for every photo of every row of a big import: plain string checks, no pattern.
  if (!path.startsWith('/qc/') || !path.endsWith('.svg') || !path.startsWith(slug, 4)) {
    return undefined;
  }
  const digits = path.slice(5 + slug.length, -4);
  const n = Number(digits);
  return path.charAt(4 + slug.length) === '/' && /^[1-9][0-9]?$/.test(digits) ? n : undefined;
}
