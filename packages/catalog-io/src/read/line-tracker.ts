const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Maps byte offsets of a stream to line numbers while it flows, keeping only the chunks the
 * cursor has not passed yet. csv-parse reports where a record ends (in bytes); its own line
 * counter drifts after empty CRLF lines, so lines are counted here, from the bytes.
 */
export class LineTracker {
  readonly #chunks: Buffer[] = [];
  /** Offset of the first byte of `#chunks[0]`. */
  #chunkStart = 0;
  /** The cursor: a byte offset and the line it is on. */
  #offset = 0;
  #line = 1;

  /** Feeds the next chunk of the stream (before the parser sees it). */
  push(chunk: Buffer): void {
    this.#chunks.push(chunk);
  }

  /**
   * The line on which the first non-blank byte at or after `offset` sits: where a record that
   * follows `offset`, possibly after empty lines, starts. Offsets must not decrease between calls.
   */
  contentLineAt(offset: number): number {
    this.#advance(offset, false);
    this.#advance(Number.POSITIVE_INFINITY, true);
    return this.#line;
  }

  /**
   * The bytes from the cursor (where {@link contentLineAt} left it) up to `end`, still held
   * because the cursor has not passed them: the raw bytes of the record being read.
   */
  bytesUntil(end: number): Buffer {
    const parts: Buffer[] = [];
    let start = this.#chunkStart;
    for (const chunk of this.#chunks) {
      if (start >= end) break;
      const from = Math.max(0, this.#offset - start);
      parts.push(chunk.subarray(from, Math.min(chunk.length, end - start)));
      start += chunk.length;
    }
    return Buffer.concat(parts);
  }

  #advance(target: number, blanksOnly: boolean): void {
    while (this.#offset < target) {
      const chunk = this.#chunks[0];
      if (chunk === undefined) return;
      let at = this.#offset - this.#chunkStart;
      const end = Math.min(chunk.length, target - this.#chunkStart);
      if (blanksOnly) {
        while (at < end && (chunk[at] === NEWLINE || chunk[at] === CARRIAGE_RETURN)) {
          if (chunk[at] === NEWLINE) this.#line++;
          at++;
        }
        this.#offset = this.#chunkStart + at;
        if (at < end) return;
      } else {
        for (
          let nl = chunk.indexOf(NEWLINE, at);
          nl !== -1 && nl < end;
          nl = chunk.indexOf(NEWLINE, nl + 1)
        ) {
          this.#line++;
        }
        this.#offset = this.#chunkStart + end;
      }
      if (this.#offset - this.#chunkStart >= chunk.length) {
        this.#chunkStart += chunk.length;
        this.#chunks.shift();
      }
    }
  }
}
