import { absoluteUrl } from '../urls.js';
import { albumHostOf, LINK_ONLY_PHOTO_HOSTS, siteHost } from './qc-hosts.js';
import { ownPhotoNumber } from './read-qc-links.js';

// What a page may put in an `src`: the import checked every photo (`readQcLinks`); this second,
// cheap look keeps a product built by other code (a library user, an old index) from putting
// anything but an https URL without markup characters there.
const SHOWABLE = /^https:\/\/[a-z0-9.-]+\.[a-z]{2,}(?:\/[^\s"'<>\\`]*)?$/i;

/**
 * The address a product's photo is shown from: a checked `https:` photo as it is; the product's
 * own drawn photo (`/qc/{slug}/{n}.svg`) under `baseUrl`; anything else nothing, so that no
 * address is ever made by joining the base URL to catalog text.
 *
 * @example qcPhotoUrl('https://shop.example', 'a-123456', '/qc/a-123456/1.svg') // 'https://shop.example/qc/a-123456/1.svg'
 * @example qcPhotoUrl('https://shop.example', 'a-123456', 'see yupoo') // undefined
 */
export function qcPhotoUrl(baseUrl: string, slug: string, photo: string): string | undefined {
  if (SHOWABLE.test(photo)) return photo;
  const n = ownPhotoNumber(photo, slug);
  return n === undefined
    ? undefined
    : absoluteUrl(baseUrl, `/qc/${encodeURIComponent(slug)}/${n}.svg`);
}

/**
 * An album link as people are shown it: where it goes ("QC album on Imgur") and its address
 * (`https:` only; anything else gives `undefined` and is not shown).
 *
 * @example qcAlbum('https://imgur.com/a/Xy12') // { url: 'https://imgur.com/a/Xy12', label: 'QC album on Imgur' }
 */
export function qcAlbum(url: string): { url: string; label: string } | undefined {
  if (!SHOWABLE.test(url)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const host = siteHost(parsed.hostname);
  const label =
    LINK_ONLY_PHOTO_HOSTS.get(host) ?? albumHostOf(parsed)?.label ?? `QC photos on ${host}`;
  return { url: parsed.href, label };
}
