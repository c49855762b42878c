import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CatalogFormat } from '../formats.js';
import { type FetchedCatalog, fetchCatalog, type Validators } from '../remote/fetch-catalog.js';
import { catalogDownloadUrl, shownUrl } from '../remote/sheet-link.js';

/** Whether a command's FILE argument is a link to download rather than a path. */
export const isLink = (file: string) => /^https?:\/\//i.test(file);

/** A link's download, kept in a temporary file for the command to read like any file. */
export interface Download {
  readonly path: string;
  readonly format: CatalogFormat;
  readonly bytes: number;
  readonly validators: Validators;
  /** Removes the temporary file. */
  remove(): Promise<void>;
}

/**
 * Downloads a catalog link (a Google Sheets share link becomes its whole-workbook `.xlsx`
 * export) as `CATALOG_URL` is read, into a temporary file named for the format its bytes have.
 * `not-modified` when the server says the `validators` still hold.
 *
 * @throws {CatalogIoError} `FETCH_FAILED` with the reason.
 */
export async function download(
  link: string,
  maxBytes: number,
  validators: Validators = {},
): Promise<Download | 'not-modified'> {
  const fetched: FetchedCatalog = await fetchCatalog(catalogDownloadUrl(link), {
    ...validators,
    maxBytes,
  });
  if (fetched.status === 'not-modified') return 'not-modified';
  const dir = await mkdtemp(join(tmpdir(), 'catalog-download-'));
  const path = join(dir, `catalog.${fetched.format}`);
  await writeFile(path, fetched.bytes);
  return {
    path,
    format: fetched.format,
    bytes: fetched.bytes.length,
    validators: {
      ...(fetched.etag ? { etag: fetched.etag } : {}),
      ...(fetched.lastModified ? { lastModified: fetched.lastModified } : {}),
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** `downloaded 48,213 bytes (xlsx) from https://docs.google.com/…`. */
export function formatDownload(link: string, got: Download): string {
  return `downloaded ${got.bytes.toLocaleString('en-US')} bytes (${got.format}) from ${shownUrl(catalogDownloadUrl(link))}`;
}
