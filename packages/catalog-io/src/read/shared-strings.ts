import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Bytes gathered before each write to the spill file. */
const WRITE_SIZE = 1 << 20;
/** Text kept in memory before the rest goes to the spill file: most workbooks stay within it. */
const MEMORY_CHARS = 16 << 20;

/**
 * An XLSX file's shared-string table kept on disk: spreadsheets store each distinct text once
 * and cells refer to it by number, so a sheet of unique titles and links has a table as big as
 * its data. Held in memory it would grow with the file; here each string is appended to a
 * temporary file and only its offset (8 bytes) stays in memory. The first strings, up to 16 M
 * characters, are kept in memory: a lookup there costs no read, and most workbooks fit.
 */
export class SharedStrings {
  /** The strings held in memory: those of the first indexes. */
  readonly #memory: string[] = [];
  #memoryChars = 0;
  #directory: string | undefined;
  #fd = -1;
  /** Byte offset of string i at [i], its end at [i + 1]. */
  #offsets = new Float64Array(1024);
  #count = 0;
  #written = 0;
  #pending: Buffer[] = [];
  #pendingBytes = 0;

  /** Indexes whose string was longer than a cell may hold, and was not kept. */
  readonly #tooLong = new Set<number>();

  /** Appends the string of the next index. */
  push(text: string): void {
    if (this.#count === 0 && this.#memoryChars + text.length <= MEMORY_CHARS) {
      this.#memory.push(text);
      this.#memoryChars += text.length;
      return;
    }
    if (this.#fd < 0) {
      this.#directory = mkdtempSync(join(tmpdir(), 'catalog-xlsx-'));
      this.#fd = openSync(join(this.#directory, 'shared-strings'), 'w+');
    }
    const bytes = Buffer.from(text);
    if (this.#count + 2 > this.#offsets.length) {
      const grown = new Float64Array(this.#offsets.length * 2);
      grown.set(this.#offsets);
      this.#offsets = grown;
    }
    const start = this.#offsets[this.#count] ?? 0;
    this.#count++;
    this.#offsets[this.#count] = start + bytes.length;
    this.#pending.push(bytes);
    this.#pendingBytes += bytes.length;
    if (this.#pendingBytes >= WRITE_SIZE) this.#flush();
  }

  /** Appends, for the next index, a string too long to keep: a cell that uses it is refused. */
  pushTooLong(): void {
    this.#tooLong.add(this.#memory.length + this.#count);
    this.push('');
  }

  /** Whether the string at `at` was too long to keep. */
  isTooLong(at: number): boolean {
    return this.#tooLong.has(at);
  }

  /** The string at index `at`, or `undefined` for an index the table does not have. */
  get(at: number): string | undefined {
    if (!Number.isInteger(at) || at < 0) return undefined;
    if (at < this.#memory.length) return this.#memory[at];
    const index = at - this.#memory.length;
    if (index >= this.#count) return undefined;
    const start = this.#offsets[index] ?? 0;
    const end = this.#offsets[index + 1] ?? start;
    if (end > this.#written) this.#flush();
    const buffer = Buffer.allocUnsafe(end - start);
    for (let at = 0; at < buffer.length; ) {
      const read = readSync(this.#fd, buffer, at, buffer.length - at, start + at);
      if (read === 0) break;
      at += read;
    }
    return buffer.toString('utf8');
  }

  /** Closes and removes the temporary file. */
  close(): void {
    if (this.#fd >= 0) closeSync(this.#fd);
    if (this.#directory) rmSync(this.#directory, { recursive: true, force: true });
    this.#fd = -1;
  }

  #flush(): void {
    const buffer = Buffer.concat(this.#pending);
    this.#pending = [];
    this.#pendingBytes = 0;
    for (let at = 0; at < buffer.length; ) {
      at += writeSync(this.#fd, buffer, at, buffer.length - at, this.#written + at);
    }
    this.#written += buffer.length;
  }
}
