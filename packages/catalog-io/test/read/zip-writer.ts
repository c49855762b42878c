import { closeSync, openSync, writeSync } from 'node:fs';
import { constants, crc32, deflateRawSync } from 'node:zlib';

// A zip writer for test workbooks that no library would write: parts of any size in flat
// memory, and archives whose headers lie about their sizes.

/** What a zip part unpacks to: its text, or its text in chunks (a big part, in flat memory). */
export type PartText = string | Iterable<string>;

/**
 * A zip entry: its name, what it unpacks to and, for a lying archive, the size its headers claim
 * instead of the true one.
 */
export type ZipEntry = readonly [name: string, text: PartText, claimedSize?: number];

// Deflate gains nothing from a longer chunk of repeated text than this.
const CHUNK_CHARS = 1 << 20;

/** `text` repeated `times` times, as chunks of about 1 MB (the same string each time). */
export function* repeated(text: string, times: number): Generator<string> {
  const perChunk = Math.max(1, Math.floor(CHUNK_CHARS / text.length));
  const whole = Math.floor(times / perChunk);
  if (whole > 0) {
    const chunk = text.repeat(perChunk);
    for (let i = 0; i < whole; i++) yield chunk;
  }
  const rest = times - whole * perChunk;
  if (rest > 0) yield text.repeat(rest);
}

/** The chunks of several texts, in order. */
export function* joined(...texts: PartText[]): Generator<string> {
  for (const text of texts) {
    if (typeof text === 'string') yield text;
    else yield* text;
  }
}

// 1980-01-01 00:00, the zip epoch: the same bytes on every run.
const ZIP_DATE = (1 << 5) | 1;
const MAX_ZIP32 = 0xffff_ffff;

/** A local file header: sizes are written as zeros first and again once the data is written. */
function localHeader(name: Buffer, crc: number, compressed: number, size: number): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed: deflate
  header.writeUInt16LE(0, 6); // flags: sizes in this header, not after the data
  header.writeUInt16LE(8, 8); // deflated
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(ZIP_DATE, 12);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(compressed, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, name]);
}

interface CentralRecord {
  readonly name: Buffer;
  readonly crc: number;
  readonly compressed: number;
  readonly size: number;
  readonly offset: number;
}

function centralHeader({ name, crc, compressed, size, offset }: CentralRecord): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(0, 8);
  header.writeUInt16LE(8, 10);
  header.writeUInt16LE(0, 12);
  header.writeUInt16LE(ZIP_DATE, 14);
  header.writeUInt32LE(crc, 16);
  header.writeUInt32LE(compressed, 20);
  header.writeUInt32LE(size, 24);
  header.writeUInt16LE(name.length, 28);
  // Extra field, comment, disk and attributes stay zero.
  header.writeUInt32LE(offset, 42);
  return Buffer.concat([header, name]);
}

function endOfCentralDirectory(entries: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/**
 * Writes a zip file, every entry deflated. Each chunk of an entry is compressed on its own and
 * ends on a byte boundary (a sync flush, not the last block), so compressed chunks can follow
 * one another and a chunk equal to the previous one reuses its bytes; an empty last block ends
 * the entry. The sizes and CRC in the local header are written once they are known.
 */
export function writeZip(path: string, entries: Iterable<ZipEntry>): string {
  const fd = openSync(path, 'w');
  let at = 0;
  const append = (bytes: Buffer) => {
    writeSync(fd, bytes, 0, bytes.length, at);
    at += bytes.length;
  };
  try {
    const records: CentralRecord[] = [];
    for (const [entryName, text, claimedSize] of entries) {
      const name = Buffer.from(entryName);
      const offset = at;
      append(localHeader(name, 0, 0, 0));
      let crc = 0;
      let size = 0;
      let compressed = 0;
      let last: { text: string; raw: Buffer; packed: Buffer } | undefined;
      for (const chunk of joined(text)) {
        if (last?.text !== chunk) {
          const raw = Buffer.from(chunk);
          last = {
            text: chunk,
            raw,
            packed: deflateRawSync(raw, { finishFlush: constants.Z_SYNC_FLUSH }),
          };
        }
        crc = crc32(last.raw, crc);
        size += last.raw.length;
        compressed += last.packed.length;
        append(last.packed);
      }
      const end = deflateRawSync(Buffer.alloc(0));
      compressed += end.length;
      append(end);
      if (size > MAX_ZIP32) throw new Error(`${entryName}: ${size} bytes need zip64, not written`);
      const record = { name, crc, compressed, size: claimedSize ?? size, offset };
      writeSync(fd, localHeader(name, crc, compressed, record.size), 0, 30, offset);
      records.push(record);
    }
    const directory = at;
    for (const record of records) append(centralHeader(record));
    append(endOfCentralDirectory(records.length, at - directory, directory));
  } finally {
    closeSync(fd);
  }
  return path;
}
