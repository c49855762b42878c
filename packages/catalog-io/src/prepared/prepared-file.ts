import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { crc32 } from 'node:zlib';
// Types only: checking a prepared file loads none of the catalog and search code (a reload's
// worker reads most prepared forms without building one).
import type { IndexLayout } from '@repo/search/embedded';
import type { RowError } from '../read/row-sink.js';

/**
 * The version of the prepared file's own frame (below). With the index layout's version, what
 * tells a prepared file this code can read from one it must build again.
 */
export const PREPARED_FORMAT = 1;

// A prepared file: MAGIC, the products' JSON one after the other, the index's arrays (at a
// multiple of 8), the trailer's JSON, its length and CRC-32 (4 bytes each, little-endian),
// MAGIC again. The trailer comes last because its sizes are known only at the end of a build
// that streams the products straight to the file.
export const MAGIC = Buffer.from('CATPACK\n');
/** The trailer's length and CRC, then MAGIC. */
export const TAIL = 8 + MAGIC.length;
const CHUNK = 1 << 22;

/** What the trailer of a prepared file says. */
export interface Trailer {
  readonly format: number;
  /** The version of the catalog it was built from (its files' content hash). */
  readonly source: string;
  readonly products: Region;
  readonly index: Region;
  readonly layout: IndexLayout;
  /** The rows the catalog file had wrong, as its read reported them. */
  readonly errors: readonly RowError[];
  /** The catalog's version, and which file it was read from when its bytes were hashed. */
  readonly catalog?: Remembered;
}

/** A catalog file's version, remembered with the file it was computed from. */
export interface Remembered {
  readonly version: string;
  readonly identity: FileIdentity;
}

export interface Region {
  readonly offset: number;
  readonly length: number;
  readonly crc: number;
}

/**
 * A prepared file checked: its index read, and which file it was (a descriptor does not outlive
 * the thread that opened it: the thread that serves opens the file again and compares).
 */
export interface PreparedFile {
  readonly identity: FileIdentity;
  readonly layout: IndexLayout;
  /**
   * The index's arrays, in a buffer of their own (to decode, or hand to another thread). Shared:
   * V8 counts no shared buffer as a thread's external memory, so the tens of megabytes of a new
   * version arriving do not start a full garbage collection on the thread that serves.
   */
  readonly region: SharedArrayBuffer;
  /** Where the products' JSON starts in the file. */
  readonly productsOffset: number;
  readonly errors: readonly RowError[];
}

/** What tells one file from another written at the same path. */
export interface FileIdentity {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
}

/** The identity of an open file. */
export function identityOf(fd: number): FileIdentity {
  const { dev, ino, size, mtimeMs } = fstatSync(fd);
  return { dev, ino, size, mtimeMs };
}

/** Why a prepared file was not used: it is built again. */
export class StalePreparedFile extends Error {
  override name = 'StalePreparedFile';
}

/**
 * The catalog version a prepared file remembers, when `identity` is the very file it was
 * computed from (same device, inode, size and time): hashing it again would give the same.
 * Reads the trailer only; undefined when there is nothing to trust.
 */
export function rememberedVersion(path: string, identity: FileIdentity): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const { catalog } = readTrailer(fd, fstatSync(fd).size).trailer;
    return catalog && sameFile(catalog.identity, identity) ? catalog.version : undefined;
  } catch {
    return undefined;
  } finally {
    closeQuietly(fd);
  }
}

/** Whether two identities name the same file, unchanged. */
export function sameFile(a: FileIdentity, b: FileIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;
}

function readTrailer(fd: number, size: number): { trailer: Trailer; length: number } {
  if (size < MAGIC.length + TAIL) throw new StalePreparedFile('it is cut short');
  const tail = read(fd, size - TAIL, TAIL);
  if (!tail.subarray(8).equals(MAGIC) || !read(fd, 0, MAGIC.length).equals(MAGIC)) {
    throw new StalePreparedFile('it is not a prepared catalog, or it is cut short');
  }
  const length = tail.readUInt32LE(0);
  if (length > size - TAIL - MAGIC.length) throw new StalePreparedFile('its trailer is damaged');
  const json = read(fd, size - TAIL - length, length);
  if (crc32(json) !== tail.readUInt32LE(4)) throw new StalePreparedFile('its trailer is damaged');
  return { trailer: JSON.parse(json.toString('utf8')) as Trailer, length };
}

/**
 * Opens the prepared file at `path` when it is one this code reads, built from the catalog
 * version `source`, whole: the frame, the trailer's CRC, the index's and the products' CRCs are
 * all checked (a file cut short, damaged or of an older format is never trusted). `layoutVersion`
 * is `PACKED_INDEX_VERSION` of `@repo/search/embedded`, given by the caller.
 *
 * @throws {StalePreparedFile} saying why it cannot be used (absent, stale, damaged).
 */
export function openPreparedFile(
  path: string,
  source: string,
  layoutVersion: number,
): PreparedFile {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new StalePreparedFile(`cannot open it: ${(error as NodeJS.ErrnoException).code}`);
  }
  try {
    const identity = identityOf(fd);
    const { size } = identity;
    const { trailer, length } = readTrailer(fd, size);
    if (trailer.format !== PREPARED_FORMAT || trailer.layout?.version !== layoutVersion) {
      throw new StalePreparedFile(
        `it is of format ${trailer.format}.${trailer.layout?.version}, not ${PREPARED_FORMAT}.${layoutVersion}`,
      );
    }
    if (trailer.source !== source) throw new StalePreparedFile('it was built from another version');
    const { products, index } = trailer;
    if (index.offset % 8 !== 0 || index.offset + index.length > size - TAIL - length) {
      throw new StalePreparedFile('its regions are damaged');
    }
    const region = new SharedArrayBuffer(index.length);
    readInto(fd, new Uint8Array(region), index.offset);
    const crc = region.byteLength === 0 ? 0 : crc32(new Uint8Array(region));
    if (crc !== index.crc) throw new StalePreparedFile('its index is damaged');
    if (crcOf(fd, products.offset, products.length) !== products.crc) {
      throw new StalePreparedFile('its products are damaged');
    }
    closeSync(fd);
    return {
      identity,
      layout: trailer.layout,
      region,
      productsOffset: products.offset,
      errors: trailer.errors,
    };
  } catch (error) {
    closeQuietly(fd);
    if (error instanceof StalePreparedFile) throw error;
    throw new StalePreparedFile(`it cannot be read: ${(error as Error).message}`);
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Closed already.
  }
}

function read(fd: number, position: number, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  readInto(fd, bytes, position);
  return bytes;
}

function readInto(fd: number, into: Uint8Array, position: number): void {
  let done = 0;
  while (done < into.length) {
    const n = readSync(fd, into, done, into.length - done, position + done);
    if (n === 0) throw new StalePreparedFile('it is cut short');
    done += n;
  }
}

function crcOf(fd: number, offset: number, length: number): number {
  const chunk = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(length, 1)));
  let crc = 0;
  for (let at = 0; at < length; at += chunk.length) {
    const part = chunk.subarray(0, Math.min(chunk.length, length - at));
    readInto(fd, part, offset + at);
    crc = crc32(part, crc);
  }
  return crc;
}
