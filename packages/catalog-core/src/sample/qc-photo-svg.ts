import type { Product } from '../product.js';
import { qcColour, qcShape } from './qc-shapes.js';

const WIDTH = 640;
const HEIGHT = 480;
const BACKDROPS = ['#ece9e4', '#e6e8ea', '#efe9df', '#e4e6e0'] as const;
/** The ruler: 10 cm at 36 px per cm, under the item like the tape sellers put in QC shots. */
const CM = 36;

/**
 * Renders QC photo `n` of a product as a small self-contained SVG placeholder (no external
 * references, no scripts, all text XML-escaped): a neutral backdrop, the category's silhouette
 * in the colourway's colour, brand and model, "QC n/N" and a centimetre ruler. Deterministic:
 * the same product and `n` give the same bytes. Served at `/qc/{slug}/{n}.svg`.
 *
 * @throws {RangeError} when `n` is not an integer from 1 to `product.qc_photos.length`.
 * @example renderQcPhotoSvg(product, 1).startsWith('<svg') // true
 */
export function renderQcPhotoSvg(
  product: Pick<Product, 'slug' | 'brand' | 'title' | 'category' | 'qc_photos'> &
    Partial<Pick<Product, 'model' | 'colorway' | 'batch'>>,
  n: number,
): string {
  const total = product.qc_photos.length;
  if (!Number.isInteger(n) || n < 1 || n > total) {
    throw new RangeError(`QC photo ${n} does not exist: ${product.slug} has ${total}`);
  }
  const hash = fnv1a(`${product.slug}#${n}`);
  const shape = qcShape(product.category);
  const fill = qcColour(product.colorway, hash);
  // Each photo of a set is "taken" from a slightly different angle.
  const angle = ((hash >>> 8) % 13) - 6;
  const mirror = n % 2 === 0 ? -1 : 1;
  const heading = truncate(product.model ? `${product.brand} ${product.model}` : product.title, 44);
  const detail = truncate(
    [product.colorway, product.batch && `${product.batch} batch`].filter(Boolean).join(' · '),
    52,
  );

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(`QC photo ${n} of ${total}: ${product.title}`)}">`,
    `<title>${escapeXml(`QC ${n}/${total} · ${product.title}`)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${BACKDROPS[hash % BACKDROPS.length]}"/>`,
    `<rect y="330" width="${WIDTH}" height="150" fill="#000" fill-opacity="0.05"/>`,
    `<ellipse cx="320" cy="330" rx="150" ry="18" fill="#000" fill-opacity="0.12"/>`,
    `<g transform="translate(320 225) rotate(${angle}) scale(${mirror * shape.scale} ${shape.scale})" fill="${fill}" stroke="#1f1f1f" stroke-opacity="0.55" stroke-width="2.5" stroke-linejoin="round">`,
    ...shape.fill.map((d) => `<path d="${d}"/>`),
    ...shape.outline.map((d) => `<path d="${d}" fill="none"/>`),
    '</g>',
    `<g font-family="Helvetica, Arial, sans-serif" fill="#222">`,
    `<text x="24" y="42" font-size="22" font-weight="700">${escapeXml(heading)}</text>`,
    detail ? `<text x="24" y="68" font-size="15" fill="#555">${escapeXml(detail)}</text>` : '',
    `<rect x="${WIDTH - 112}" y="20" width="88" height="32" rx="16" fill="#222"/>`,
    `<text x="${WIDTH - 68}" y="42" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">QC ${n}/${total}</text>`,
    `<text x="24" y="${HEIGHT - 16}" font-size="11" fill="#777">Sample QC placeholder · not a real photo</text>`,
    '</g>',
    ruler(WIDTH - 24 - 10 * CM, HEIGHT - 70),
    '</svg>',
  ].join('');
}

function ruler(x: number, y: number): string {
  let ticks = '';
  let labels = '';
  for (let mm = 0; mm <= 100; mm += 5) {
    const tx = x + (mm * CM) / 10;
    ticks += `M${tx} ${y}v${mm % 10 === 0 ? 12 : 7}`;
    if (mm % 20 === 0)
      labels += `<text x="${tx}" y="${y + 26}" text-anchor="middle">${mm / 10}</text>`;
  }
  return [
    `<g font-family="Helvetica, Arial, sans-serif" font-size="10" fill="#333">`,
    `<rect x="${x - 8}" y="${y - 4}" width="${10 * CM + 16}" height="36" rx="3" fill="#f7e27c" stroke="#b59c2a"/>`,
    `<path d="${ticks}" stroke="#333" stroke-width="1"/>`,
    labels,
    `<text x="${x + 10 * CM + 4}" y="${y + 26}" text-anchor="end">cm</text>`,
    '</g>',
  ].join('');
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these; stripping them is the point.
const INVALID_XML_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Escapes text for XML content and attributes, dropping characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
