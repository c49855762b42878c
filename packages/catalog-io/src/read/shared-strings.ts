import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Bytes gathered before each write to the spill file. */
const WRITE_SIZE = 1 << 20;

/**
 * An XLSX file's shared-string table kept on disk: spreadsheets store each distinct text once
 * and cells refer to it by number, so a sheet of unique titles and links has a table as big as
 * its data. Held in memory it would grow with the file; here each string is appended to a
 * temporary file and only its offset (8 bytes) stays in memory.
 */
export class SharedStrings {
  readonly #directory = mkdtempSync(join(tmpdir(), 'catalog-xlsx-'));
  readonly #fd = openSync(join(this.#directory, 'shared-strings'), 'w+');
  /** Byte offset of string i at [i], its end at [i + 1]. */
  #offsets = new Float64Array(1024);
  #count = 0;
  #written = 0;
  #pending: Buffer[] = [];
  #pendingBytes = 0;

  /** Appends the string of the next index. */
  push(text: string): void {
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

  /** The string at `index`, or `undefined` for an index the table does not have. */
  get(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.#count) return undefined;
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
    closeSync(this.#fd);
    rmSync(this.#directory, { recursive: true, force: true });
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
