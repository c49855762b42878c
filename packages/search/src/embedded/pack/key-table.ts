/**
 * Strings numbered 0..n-1 (a product's slug, its item number), kept as UTF-8 in one byte array
 * with their offsets, and an open-addressing hash table from a string to its first number. Every
 * part is a typed array: a catalog of a million slugs is three buffers the garbage collector
 * never walks, and a worker thread can hand them over without copying.
 */
export interface KeyTableArrays {
  readonly bytes: Uint8Array;
  /** Where string `i` starts in `bytes`; `offsets[n]` is the end of the last. */
  readonly offsets: Uint32Array;
  /** Hash slots (a power of two, at least twice n): a string's number, or -1 when empty. */
  readonly slots: Int32Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// FNV-1a over UTF-8 bytes: cheap, and good enough for keys that are mostly distinct words.
function hash(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) {
    h ^= bytes[i]!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Builds the table of `keys` (in number order); a repeated key maps to its first number. */
export function buildKeyTable(keys: readonly string[]): KeyTableArrays {
  const offsets = new Uint32Array(keys.length + 1);
  let size = 0;
  keys.forEach((key, i) => {
    offsets[i] = size;
    size += Buffer.byteLength(key);
  });
  offsets[keys.length] = size;
  const bytes = new Uint8Array(size);
  keys.forEach((key, i) => {
    encoder.encodeInto(key, bytes.subarray(offsets[i]!, offsets[i + 1]!));
  });
  let capacity = 16;
  while (capacity < keys.length * 2) capacity *= 2;
  const slots = new Int32Array(capacity).fill(-1);
  const table = { bytes, offsets, slots };
  for (let i = 0; i < keys.length; i++) {
    const start = offsets[i]!;
    const end = offsets[i + 1]!;
    let slot = hash(bytes, start, end) & (capacity - 1);
    for (;;) {
      const held = slots[slot]!;
      if (held === -1) {
        slots[slot] = i;
        break;
      }
      if (sameBytes(table, held, bytes, start, end)) break;
      slot = (slot + 1) & (capacity - 1);
    }
  }
  return table;
}

function sameBytes(
  table: KeyTableArrays,
  key: number,
  bytes: Uint8Array,
  start: number,
  end: number,
): boolean {
  const from = table.offsets[key]!;
  if (table.offsets[key + 1]! - from !== end - start) return false;
  for (let i = 0; i < end - start; i++) {
    if (table.bytes[from + i] !== bytes[start + i]) return false;
  }
  return true;
}

/** Reads a {@link KeyTableArrays}: lookups by string, strings by number. */
export class KeyTable {
  // A lookup's key, encoded into this buffer (grown when a key is longer).
  private scratch = new Uint8Array(256);

  constructor(private readonly arrays: KeyTableArrays) {}

  /** The first number of `key`, or -1. */
  find(key: string): number {
    if (this.scratch.length < key.length * 3) this.scratch = new Uint8Array(key.length * 3);
    const { written } = encoder.encodeInto(key, this.scratch);
    return this.findBytes(this.scratch.subarray(0, written));
  }

  /** The first number of the key whose UTF-8 bytes are `key`, or -1. */
  findBytes(key: Uint8Array): number {
    const { slots } = this.arrays;
    const mask = slots.length - 1;
    let slot = hash(key, 0, key.length) & mask;
    for (;;) {
      const held = slots[slot]!;
      if (held === -1) return -1;
      if (sameBytes(this.arrays, held, key, 0, key.length)) return held;
      slot = (slot + 1) & mask;
    }
  }

  /** String number `i`. */
  at(i: number): string {
    const { bytes, offsets } = this.arrays;
    return decoder.decode(bytes.subarray(offsets[i]!, offsets[i + 1]!));
  }
}
