const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Splits a byte stream into lines (LF or CRLF) without decoding it, so that each line can be
 * checked for UTF-8 before it becomes text. A line split across chunks is joined once, at its end.
 */
export class LineSplitter {
  #parts: Buffer[] = [];

  /** Feeds a chunk; `onLine` gets every line it completes, without its line ending. */
  push(chunk: Buffer, onLine: (line: Buffer) => void): void {
    let start = 0;
    for (let newline = chunk.indexOf(NEWLINE); newline !== -1; ) {
      const piece = chunk.subarray(start, newline);
      onLine(this.#take(piece));
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length) this.#parts.push(chunk.subarray(start));
  }

  /** Ends the stream: `onLine` gets the last line if it had no line ending. */
  end(onLine: (line: Buffer) => void): void {
    if (this.#parts.length > 0) onLine(this.#take(Buffer.alloc(0)));
  }

  #take(piece: Buffer): Buffer {
    const line = this.#parts.length === 0 ? piece : Buffer.concat([...this.#parts, piece]);
    this.#parts = [];
    return line.at(-1) === CARRIAGE_RETURN ? line.subarray(0, -1) : line;
  }
}
