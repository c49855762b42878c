import {
  closeSync,
  fstatSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { IndexLayout, PackedIndex } from '@repo/search/embedded';
import { encodeIndex, PACKED_INDEX_VERSION } from '@repo/search/embedded';
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
const MAGIC = Buffer.from('CATPACK\n');
const TAIL = 8 + MAGIC.length;
const CHUNK = 1 << 22;

/** What the trailer of a prepared file says. */
interface Trailer {
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

interface Region {
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
  /** The index's arrays, in a buffer of their own (to decode, or hand to another thread). */
  readonly region: ArrayBuffer;
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
 * Writes a prepared file at `path` (through a temporary file renamed over it, so a reader sees
 * the old file or the new one, whole): `build` streams the products' JSON to `write` and returns
 * the index it built.
 */
export async function writePreparedFile(
  path: string,
  source: string,
  catalog: Remembered | undefined,
  build: (write: (bytes: Uint8Array) => void) => Promise<{
    index: PackedIndex;
    errors: readonly RowError[];
  }>,
): Promise<void> {
  removeAbandoned(path);
  const temporary = `${path}.${process.pid}.${Date.now()}.partial`;
  const fd = openSync(temporary, 'w');
  try {
    let at = 0;
    const put = (bytes: Uint8Array): void => {
      let done = 0;
      while (done < bytes.length)
        done += writeSync(fd, bytes, done, bytes.length - done, at + done);
      at += bytes.length;
    };
    // Products are small: they are gathered into chunks of a few megabytes per write.
    const pending: Uint8Array[] = [];
    let pendingBytes = 0;
    let productsCrc = 0;
    const flush = (): void => {
      if (pendingBytes === 0) return;
      const chunk = Buffer.concat(pending, pendingBytes);
      productsCrc = crc32(chunk, productsCrc);
      put(chunk);
      pending.length = 0;
      pendingBytes = 0;
    };
    put(MAGIC);
    const { index, errors } = await build((bytes) => {
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= CHUNK) flush();
    });
    flush();
    const products = { offset: MAGIC.length, length: at - MAGIC.length, crc: productsCrc };
    put(new Uint8Array((8 - (at % 8)) % 8));
    const { layout, parts, byteLength } = encodeIndex(index);
    const indexOffset = at;
    let indexCrc = 0;
    for (const part of parts) {
      // An empty view of an empty buffer would reset the running CRC (zlib.crc32 gives 0).
      if (part.length === 0) continue;
      indexCrc = crc32(part, indexCrc);
      put(part);
    }
    const trailer: Trailer = {
      format: PREPARED_FORMAT,
      source,
      ...(catalog && { catalog }),
      products,
      index: { offset: indexOffset, length: byteLength, crc: indexCrc },
      layout,
      errors,
    };
    const json = Buffer.from(JSON.stringify(trailer));
    const tail = Buffer.alloc(TAIL);
    tail.writeUInt32LE(json.length, 0);
    tail.writeUInt32LE(crc32(json), 4);
    MAGIC.copy(tail, 8);
    put(json);
    put(tail);
    closeSync(fd);
    renameSync(temporary, path);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
}

// What a killed build left beside `path`: the partial files of processes that no longer run.
function removeAbandoned(path: string): void {
  const prefix = `${basename(path)}.`;
  for (const name of readdirSync(dirname(path))) {
    const pid = Number(/^(\d+)\.\d+\.partial$/.exec(name.slice(prefix.length))?.[1]);
    if (!name.startsWith(prefix) || !pid || running(pid)) continue;
    rmSync(join(dirname(path), name), { force: true });
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
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
 * all checked (a file cut short, damaged or of an older format is never trusted).
 *
 * @throws {StalePreparedFile} saying why it cannot be used (absent, stale, damaged).
 */
export function openPreparedFile(path: string, source: string): PreparedFile {
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
    if (trailer.format !== PREPARED_FORMAT || trailer.layout?.version !== PACKED_INDEX_VERSION) {
      throw new StalePreparedFile(
        `it is of format ${trailer.format}.${trailer.layout?.version}, not ${PREPARED_FORMAT}.${PACKED_INDEX_VERSION}`,
      );
    }
    if (trailer.source !== source) throw new StalePreparedFile('it was built from another version');
    const { products, index } = trailer;
    if (index.offset % 8 !== 0 || index.offset + index.length > size - TAIL - length) {
      throw new StalePreparedFile('its regions are damaged');
    }
    const region = new ArrayBuffer(index.length);
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
