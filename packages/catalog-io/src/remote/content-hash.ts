import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { CatalogFormat } from '../formats.js';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/**
 * What a download holds, as a hash that the same sheet gives every time it is exported: for a
 * workbook, the name, CRC-32 and size of each part but its document properties (`docProps/`, where
 * an export may write the time it was made) and never the zip's own bytes (entry dates,
 * compression); for any other format, its bytes. Every replica that fetches the same sheet, at
 * whatever time, names the same version, and an export of an unchanged sheet changes nothing.
 */
export async function contentHash(bytes: Buffer, format: CatalogFormat): Promise<string> {
  if (format !== 'xlsx') return sha256(bytes);
  try {
    const zip = await promisify<Buffer, yauzl.Options, ZipFile>(yauzl.fromBuffer)(bytes, {
      lazyEntries: true,
    });
    const parts: string[] = [];
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        if (!entry.fileName.startsWith('docProps/')) {
          parts.push(`${entry.fileName}\0${entry.crc32}\0${entry.uncompressedSize}`);
        }
        zip.readEntry();
      });
      zip.once('end', resolve);
      zip.once('error', reject);
      zip.readEntry();
    });
    zip.close();
    return sha256(`xlsx\0${parts.sort().join('\n')}`);
  } catch {
    // Not a zip after all (the reader will say what it is): its bytes are what it holds.
    return sha256(bytes);
  }
}
