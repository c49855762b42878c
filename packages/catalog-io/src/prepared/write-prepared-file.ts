import { closeSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { encodeIndex, type PackedIndex } from '@repo/search/embedded';
import type { RowError } from '../read/row-sink.js';
import { isRunning } from '../write-catalog-file.js';
import { MAGIC, PREPARED_FORMAT, type Remembered, TAIL, type Trailer } from './prepared-file.js';

const CHUNK = 1 << 22;

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
    if (!name.startsWith(prefix) || !pid || isRunning(pid)) continue;
    rmSync(join(dirname(path), name), { force: true });
  }
}
