// Where community sheets keep QC pictures (reference/domain.md, "QC photo and album links"): which
// links are pictures a page can show, which are pages to link to, and which cannot be used.

/** Path endings of a picture file a browser shows in an `<img>`. */
export const PHOTO_EXTENSIONS = /\.(?:jpe?g|png|gif|webp|avif)$/i;

/**
 * Picture hosts whose files never show on another site: Yupoo refuses them without the store's
 * Referer (so the picture is linked to, as a page), Discord's links are signed and expire about a
 * day after they were copied (so they are dropped).
 */
export const LINK_ONLY_PHOTO_HOSTS: ReadonlyMap<string, string> = new Map([
  ['photo.yupoo.com', 'QC photo on Yupoo'],
]);

/** Hosts whose links stop working soon after they were copied, with why. */
export const EXPIRING_HOSTS: ReadonlyMap<string, string> = new Map([
  ['cdn.discordapp.com', 'a Discord attachment link, which expires a day after it was copied'],
  ['media.discordapp.net', 'a Discord attachment link, which expires a day after it was copied'],
]);

/** An album or gallery page: a host (or a suffix of one, `.yupoo.com`), the paths it holds. */
interface AlbumHost {
  /** The host itself, or `.suffix` for every sub-domain of it. */
  readonly host: string;
  /** Paths of album pages; absent: every path but the root. */
  readonly path?: RegExp;
  /** What the link is, for the link text: "QC album on Imgur". */
  readonly label: string;
}

/** Album and gallery pages of the hosts community sheets use. */
export const ALBUM_HOSTS: readonly AlbumHost[] = [
  { host: 'imgur.com', path: /^\/(?:a|gallery)\/[A-Za-z0-9]+/, label: 'QC album on Imgur' },
  // One picture's page (imgur.com/AbC123): not the picture itself, which lives on i.imgur.com.
  { host: 'imgur.com', path: /^\/[A-Za-z0-9]{5,10}$/, label: 'QC photo page on Imgur' },
  {
    host: '.yupoo.com',
    path: /^\/(?:albums|categories|collections)\//,
    label: 'QC album on Yupoo',
  },
  { host: 'drive.google.com', label: 'QC folder on Google Drive' },
  { host: 'photos.app.goo.gl', label: 'QC album on Google Photos' },
  { host: 'photos.google.com', path: /^\/(?:share|album)\//, label: 'QC album on Google Photos' },
  { host: 'reddit.com', path: /^\/r\/[^/]+\/comments\//, label: 'QC post on Reddit' },
  { host: 'flickr.com', path: /^\/photos\//, label: 'QC album on Flickr' },
  { host: 'ibb.co', path: /^\/album\//, label: 'QC album on ImgBB' },
  { host: 'postimg.cc', path: /^\/gallery\//, label: 'QC album on Postimages' },
  { host: 'dropbox.com', path: /^\/(?:sh|scl)\//, label: 'QC folder on Dropbox' },
  { host: 'icloud.com', path: /^\/sharedalbum\//, label: 'QC album on iCloud' },
];

/** `www.` and `m.` are the same site as the host without them. */
export function siteHost(hostname: string): string {
  return hostname.replace(/^(?:www|m|old|new)\./, '');
}

/** The album host entry a page belongs to, if any. */
export function albumHostOf(url: URL): AlbumHost | undefined {
  const host = siteHost(url.hostname);
  return ALBUM_HOSTS.find(
    (entry) =>
      (entry.host.startsWith('.') ? host.endsWith(entry.host) : host === entry.host) &&
      (entry.path ? entry.path.test(url.pathname) : url.pathname.length > 1),
  );
}
