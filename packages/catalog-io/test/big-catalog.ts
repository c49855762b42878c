import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { PRODUCT_FIELDS, type Product } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';

const COLUMNS = PRODUCT_FIELDS;

/** A CSV cell: lists joined with `|`, quoted when it holds a comma, a quote or a new line. */
function cell(value: unknown): string {
  const text = Array.isArray(value) ? value.join('|') : value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The item id of row `index` (0-based) of {@link writeBigCatalogCsv}. */
export function bigCatalogItemId(index: number): string {
  return String(1_000_000_000 + index);
}

/**
 * Writes a CSV export of at least `bytes` bytes (CRLF, every Product column): the sample catalog
 * over and over, each row on its own weidian item so every row is a distinct valid product.
 * Returns the number of data rows.
 */
export async function writeBigCatalogCsv(path: string, bytes: number): Promise<number> {
  const sample = generateSampleCatalog({ count: 2_000 });
  const out = createWriteStream(path);
  let written = 0;
  let rows = 0;
  const write = async (line: string) => {
    written += Buffer.byteLength(line);
    if (!out.write(line)) await once(out, 'drain');
  };
  await write(`${COLUMNS.join(',')}\r\n`);
  while (written < bytes) {
    const product = sample[rows % sample.length] as Product;
    const id = bigCatalogItemId(rows);
    const slug = product.slug.replace(/\d+$/, id);
    const row: Product = {
      ...product,
      slug,
      // A product's own drawn photos are under its own slug.
      qc_photos: product.qc_photos.map((photo) => photo.replace(product.slug, slug)),
      marketplace: 'weidian',
      item_id: id,
      listing_url: `https://weidian.com/item.html?itemID=${id}`,
    };
    await write(`${COLUMNS.map((column) => cell(row[column])).join(',')}\r\n`);
    rows++;
  }
  out.end();
  await once(out, 'finish');
  return rows;
}
