import type { Product } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { build, products } from '../helper.js';

// QC links as pages show them. An import keeps only https photos and album pages, but a product
// can reach the app from elsewhere (a library user, an index written before `readQcLinks`): the
// junk one below is what a sheet's QC cell holds, put straight into `qc_photos`. None of it may
// become an <img>, nor be glued to the base URL into a link nobody meant.

const PHOTOS = ['https://i.imgur.com/AbCdEf1.jpg', 'https://si.geilicdn.com/pcitem1_a.jpg'];
const ALBUMS = [
  { url: 'https://imgur.com/a/Xy12ab', label: 'QC album on Imgur' },
  // A query with `&`: the link must survive HTML escaping whole.
  { url: 'https://store.x.yupoo.com/albums/123?uid=1&isSubCate=false', label: 'QC album on Yupoo' },
  // A picture file that only opens on Yupoo: a link, never an image, although it ends in .jpg.
  { url: 'https://photo.yupoo.com/store/abc123/big.jpg', label: 'QC photo on Yupoo' },
  { url: 'https://drive.google.com/drive/folders/1AbCdE', label: 'QC folder on Google Drive' },
];
const JUNK = [
  'see yupoo',
  'javascript:alert(1)',
  '//evil.example/x.png',
  'http://i.imgur.com/x.jpg',
];
const JUNK_ALBUMS = ['javascript:alert(2)', 'http://imgur.com/a/Xy12ab', 'see album'];

// Sample products whose brand has others in their category, so that their pages list related
// products with photos of their own beside whatever the QC section shows.
const [first, second, third] = products
  .filter((p) => products.some((q) => q !== p && q.brand === p.brand && q.category === p.category))
  .map(({ qc_albums: _, ...p }) => p);
if (!first || !second || !third) throw new Error('the sample catalog changed shape');
const withQc: Product = {
  ...first,
  title: 'Quokka Shell Jacket',
  qc_photos: PHOTOS,
  qc_albums: ALBUMS.map((a) => a.url),
};
const junk: Product = {
  ...second,
  title: 'Quokka Junk Tee',
  qc_photos: JUNK,
  qc_albums: JUNK_ALBUMS,
};
const bare: Product = { ...third, title: 'Quokka Plain Cap', qc_photos: [] };
const catalog = [
  withQc,
  junk,
  bare,
  ...products.filter((p) => ![withQc, junk, bare].some((q) => q.slug === p.slug)),
];

/** Every value of `name="…"` attributes in an HTML page, unescaped the way a browser reads `&amp;`. */
const attributes = (body: string, name: string) =>
  [...body.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'g'))].map((m) =>
    (m[1] ?? '').replace(/&amp;/g, '&'),
  );

/** The QC section of a product page: its albums. */
const qcSection = (body: string) =>
  /<section aria-labelledby="qc">.*?<\/section>/s.exec(body)?.[0] ?? '';

/** The strip of photos that leads a product page, or the box saying there are none. */
const photoStrip = (body: string) =>
  /<ul class="strip">.*?<\/ul>|<p class="no-photo lead-photo">.*?<\/p>/s.exec(body)?.[0] ?? '';

/** Every image of a Markdown page: `![alt](url)`. */
const markdownImages = (md: string) =>
  [...md.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);

describe('a product with photos and albums', () => {
  it('shows the photos as images and links each album with its label, ugc and nofollow', async () => {
    const app = await build({}, { catalog });
    const response = await app.inject(`/producto/${withQc.slug}`);
    expect(response.statusCode).toBe(200);
    const qc = qcSection(response.body);
    expect(attributes(photoStrip(response.body), 'src')).toEqual(PHOTOS);
    for (const { url, label } of ALBUMS) {
      const href = url.replace(/&/g, '&amp;');
      expect(qc).toContain(
        `<a href="${href}" rel="ugc nofollow noopener" target="_blank">${label}</a>`,
      );
    }
    // No album is an image anywhere on the page (JSON-LD included), however it ends.
    const images = attributes(response.body, 'src');
    for (const { url } of ALBUMS) expect(images).not.toContain(url);
    const ld = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/.exec(response.body)?.[1] ?? '{}',
    ) as { '@graph': { '@type': string; image?: string[] }[] };
    expect(ld['@graph'].find((n) => n['@type'] === 'Product')?.image).toEqual(PHOTOS);
    expect(response.body).toMatch(/<dt>QC photos<\/dt><dd>2 photos, 4 albums<\/dd>/);
  });

  it('has a Markdown twin with the photos as images and the albums as links', async () => {
    const app = await build({}, { catalog });
    const response = await app.inject(`/producto/${withQc.slug}.md`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    const md = response.body;
    expect(markdownImages(md)).toEqual(PHOTOS);
    for (const { url, label } of ALBUMS) expect(md).toContain(`- [${label}](${url})`);
    expect(md).toContain('- **QC photos:** 2 photos, 4 albums');
  });
});

describe('a product whose qc_photos hold junk', () => {
  /** Whether text shows any piece of the junk, raw, percent-encoded or glued to the base URL. */
  const showsJunk = (text: string) =>
    /see(?:%20|\s|\+)(?:yupoo|album)|javascript:|evil\.example|http:\/\/i?\.?imgur\.com/i.test(
      text,
    );

  it('renders no image and no link made of it, and says there are no photos', async () => {
    const app = await build({}, { catalog });
    const response = await app.inject(`/producto/${junk.slug}`);
    expect(response.statusCode).toBe(200);
    const body = response.body;
    // What images there are, are the related products' own drawn photos.
    const images = [...body.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/g)].map((m) => m[1]);
    expect(images.length).toBeGreaterThan(0);
    for (const src of images) expect(src).toMatch(/^\/qc\/[a-z0-9-]+\/\d+\.svg$/);
    for (const value of [...attributes(body, 'src'), ...attributes(body, 'href')]) {
      expect(showsJunk(value), value).toBe(false);
    }
    expect(body).not.toMatch(/src="http:\/\/test\.local/);
    // No album either: no QC section, and a box saying so where the photos would lead.
    expect(qcSection(body)).toBe('');
    const strip = photoStrip(body);
    expect(strip).not.toContain('<img');
    expect(strip).not.toContain('<a ');
    expect(strip).toBe('<p class="no-photo lead-photo">No QC photos yet.</p>');
    // The count says what the page shows, not what the catalog holds.
    expect(body).toMatch(/<dt>QC photos<\/dt><dd>no photos<\/dd>/);
    expect(body).toMatch(/<meta name="description" content="[^"]*, QC: no photos,/);
  });

  it('gives its Markdown twin no image and no link made of it', async () => {
    const app = await build({}, { catalog });
    const md = (await app.inject(`/producto/${junk.slug}.md`)).body;
    for (const url of markdownImages(md)) expect(url).toMatch(/^http:\/\/test\.local\/qc\//);
    const destinations = [...md.matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1] ?? '');
    for (const url of destinations) expect(showsJunk(url), url).toBe(false);
    expect(md).toContain('No QC photos yet.');
    expect(md).toContain('- **QC photos:** no photos');
  });

  it('counts no photo and no album in the spreadsheet either', async () => {
    const app = await build({}, { catalog });
    const body = (await app.inject('/spreadsheet/agent_a?q=quokka')).body;
    const row = (p: Product) =>
      new RegExp(`<tr>(?:(?!</tr>).)*/producto/${p.slug}(?:(?!</tr>).)*</tr>`, 's').exec(
        body,
      )?.[0] ?? '';
    expect(row(withQc)).toContain('>2 photos, 4 albums</a>');
    expect(row(junk)).toContain('>no photos</a>');
    expect(row(bare)).toContain('>no photos</a>');
  });
});

describe('a listing card', () => {
  /** The cards of a listing page, by the product they show. */
  async function cards(url: string) {
    const app = await build({}, { catalog });
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    return new Map(
      [...response.body.matchAll(/<li class="card">.*?<\/li>/gs)].map((m) => [
        /<h3><a href="\/producto\/([^"?]+)"/.exec(m[0])?.[1],
        m[0],
      ]),
    );
  }

  it('shows the first photo, or a placeholder with the title and no image', async () => {
    const listed = await cards('/catalog?q=quokka');
    expect(listed.get(withQc.slug)).toContain(`<img src="${PHOTOS[0]}" alt=""`);
    expect(listed.get(withQc.slug)).not.toContain('no-photo');
    for (const product of [junk, bare]) {
      const card = listed.get(product.slug) ?? '';
      expect(card).toContain(
        `<a class="thumb no-photo" href="/producto/${product.slug}" tabindex="-1" aria-hidden="true"><span>${product.title}</span></a>`,
      );
      expect(card).not.toContain('<img');
    }
  });
});
