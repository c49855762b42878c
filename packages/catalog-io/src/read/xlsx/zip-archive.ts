import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { CatalogIoError } from '../../errors.js';

/** What a workbook may unpack to unless the caller says otherwise. */
export const DEFAULT_MAX_UNPACKED_BYTES = 500 * 1024 * 1024;

const MB = 1024 * 1024;

/**
 * A workbook's zip archive, opened for random access: its parts are read by name, each as often
 * as needed, streamed. Every size is bounded before a byte is inflated: the parts' declared sizes
 * must add up to at most `maxUnpackedBytes`, and the zip reader refuses a part that inflates past
 * its declared size, so a zip bomb is refused from its directory alone.
 */
export class ZipArchive {
  readonly #zip: ZipFile;
  readonly #entries: ReadonlyMap<string, Entry>;
  /** The parts streamed so far, for progress: their packed bytes are the file's bytes read. */
  readonly #streamed = new Set<string>();

  private constructor(zip: ZipFile, entries: ReadonlyMap<string, Entry>) {
    this.#zip = zip;
    this.#entries = entries;
  }

  /**
   * @throws {CatalogIoError} `FORMAT_MISMATCH` for a damaged or truncated archive,
   *   `WORKBOOK_UNSAFE` when its parts unpack past `maxUnpackedBytes`.
   */
  static async open(path: string, maxUnpackedBytes: number): Promise<ZipArchive> {
    let zip: ZipFile;
    try {
      zip = await promisify<string, yauzl.Options, ZipFile>(yauzl.open)(path, {
        lazyEntries: true,
        autoClose: false,
        validateEntrySizes: true,
        strictFileNames: false,
      });
    } catch (error) {
      throw damaged(path, error);
    }
    const entries = new Map<string, Entry>();
    let unpacked = 0;
    try {
      await new Promise<void>((resolve, reject) => {
        zip.on('entry', (entry: Entry) => {
          unpacked += entry.uncompressedSize;
          if (unpacked > maxUnpackedBytes) {
            reject(
              new CatalogIoError(
                'WORKBOOK_UNSAFE',
                `${path} unpacks to more than ${Math.round(maxUnpackedBytes / MB)} MB (a zip bomb, or a workbook far bigger than a catalog): refused; raise the limit with --max-unpacked-mb if the file is yours`,
              ),
            );
            return;
          }
          if (!entries.has(entry.fileName)) entries.set(entry.fileName, entry);
          zip.readEntry();
        });
        zip.once('end', resolve);
        zip.once('error', reject);
        zip.readEntry();
      });
    } catch (error) {
      zip.close();
      throw error instanceof CatalogIoError ? error : damaged(path, error);
    }
    return new ZipArchive(zip, entries);
  }

  /** The names of its parts. */
  names(): ReadonlySet<string> {
    return new Set(this.#entries.keys());
  }

  has(name: string): boolean {
    return this.#entries.has(name);
  }

  /** A part's bytes, streamed and inflated; `undefined` when there is no such part. */
  async stream(name: string): Promise<Readable | undefined> {
    const entry = this.#entries.get(name);
    if (!entry) return undefined;
    this.#streamed.add(name);
    if (entry.isEncrypted()) {
      throw new CatalogIoError('FORMAT_MISMATCH', `its part ${name} is encrypted`);
    }
    return promisify<Entry, Readable>(this.#zip.openReadStream.bind(this.#zip))(entry);
  }

  /** A small part whole, as text (rels, the workbook, styles); `undefined` when absent. */
  async text(name: string, maxBytes = 16 * MB): Promise<string | undefined> {
    const entry = this.#entries.get(name);
    if (!entry) return undefined;
    if (entry.uncompressedSize > maxBytes) {
      throw new CatalogIoError(
        'WORKBOOK_UNSAFE',
        `its part ${name} unpacks to ${Math.round(entry.uncompressedSize / MB)} MB, more than such a part ever holds`,
      );
    }
    const stream = await this.stream(name);
    const chunks: Buffer[] = [];
    for await (const chunk of stream as Readable) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  /** The packed bytes of the parts streamed so far: how far into the file reading has got. */
  readBytes(): number {
    let bytes = 0;
    for (const name of this.#streamed) bytes += this.#entries.get(name)?.compressedSize ?? 0;
    return bytes;
  }

  close(): void {
    this.#zip.close();
  }
}

function damaged(path: string, cause: unknown): CatalogIoError {
  return new CatalogIoError(
    'FORMAT_MISMATCH',
    `${path} is a damaged or truncated workbook (${(cause as Error).message}): download it again`,
    { cause },
  );
}

/**
 * The error of reading a part, as the reader reports it: a part that inflates past the size its
 * zip directory declares (a zip bomb that lies about its sizes) or whose bytes are damaged.
 */
export function zipReadError(error: unknown, where: string): unknown {
  if (error instanceof CatalogIoError || !(error instanceof Error)) return error;
  if (/too many bytes in the stream/i.test(error.message)) {
    return new CatalogIoError(
      'WORKBOOK_UNSAFE',
      `${where} unpacks to more than its zip directory declares: refused (a zip bomb, or a damaged file)`,
      { cause: error },
    );
  }
  if (/invalid|incorrect|unexpected end|too few bytes|crc32/i.test(error.message)) {
    return new CatalogIoError(
      'FORMAT_MISMATCH',
      `${where} is damaged (${error.message}): download the workbook again`,
      { cause: error },
    );
  }
  return error;
}
