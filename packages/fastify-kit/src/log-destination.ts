import { writevSync } from 'node:fs';

/** Options of {@link LineBatch}. */
export interface LineBatchOptions {
  /** Where the lines go (1: standard output). */
  readonly fd: number;
  /** Waiting lines start a write once they reach this many bytes. */
  readonly batchBytes: number;
  /** The longest a line waits on a quiet server, in milliseconds. */
  readonly flushMs: number;
  /**
   * The most bytes kept while `fd` takes none (a non-blocking pipe that is full); past it the
   * writer waits for the reader, as a blocking pipe would make it.
   */
  readonly maxWaitingBytes: number;
  /**
   * How long {@link LineBatch.flushSync} (the last flush, at exit) waits for a reader that takes
   * nothing: a stuck pipe must not keep the process from ending.
   */
  readonly finalWaitMs: number;
  /** The write itself; tests put a pipe's refusals here. */
  readonly writev?: (fd: number, buffers: readonly Buffer[]) => number;
}

// The most buffers one writev takes on Linux (IOV_MAX).
const IOV_MAX = 1_024;
// How long a blocked writer sleeps between tries.
const RETRY_MS = 1;

const nap = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number) => Atomics.wait(nap, 0, 0, ms);

/**
 * A pino destination that writes log lines in batches, each batch one synchronous write: under
 * load dozens of requests' lines leave in one system call, and a quiet server's lines still go
 * out within `flushMs`. What waits is written when the process exits (a crash included); only a
 * SIGKILL loses it.
 *
 * In place of pino's own `destination` (sonic-boom) for two reasons, both measured: its `write`
 * measures the whole waiting batch again for every line (`Buffer.byteLength` of the joined
 * string), about a fifth of the cost of an access line; and on a non-blocking descriptor (standard
 * output and error sharing one pipe) it sleeps 100 ms on each `EAGAIN`, holding every request of
 * the process. Here a refused batch simply waits for the next write or tick, in order.
 */
export class LineBatch {
  readonly #options: LineBatchOptions;
  readonly #writev: (fd: number, buffers: readonly Buffer[]) => number;
  // Lines are encoded straight into one reused buffer: no string joined, no copy per batch.
  readonly #batch: Buffer;
  #used = 0;
  // Encoded batches the descriptor has not taken yet, oldest first.
  #waiting: Buffer[] = [];
  #waitingBytes = 0;
  // The descriptor failed for good (a closed pipe): there is no one left to read the lines.
  #gone = false;

  constructor(options: LineBatchOptions) {
    this.#options = options;
    this.#writev = options.writev ?? writevSync;
    // Room for a batch and the line that completes it; its own memory, so that a view of it is
    // recognised below.
    this.#batch = Buffer.allocUnsafeSlow(options.batchBytes * 2);
    setInterval(() => this.#flush(0), options.flushMs).unref();
  }

  /** Takes one line (pino's stream contract). */
  write(line: string): boolean {
    if (this.#gone) return true;
    // UTF-8 takes at most 3 bytes per UTF-16 unit; the exact length only when that may not fit.
    if (this.#used + line.length * 3 > this.#batch.length) {
      const bytes = Buffer.byteLength(line);
      if (this.#used + bytes > this.#batch.length) this.#flush(0);
      if (bytes > this.#batch.length) {
        this.#enqueue(Buffer.from(line));
        this.#flush(0);
        return true;
      }
    }
    this.#used += this.#batch.write(line, this.#used);
    if (this.#used >= this.#options.batchBytes) this.#flush(0);
    return true;
  }

  /** Writes everything that waits, waiting up to `finalWaitMs` for a reader that is full. */
  flushSync(): void {
    this.#flush(this.#options.finalWaitMs);
  }

  // Writes what waits. A refusal (EAGAIN) keeps it for the next try unless more than
  // `maxWaitingBytes` wait, or `waitMs` is given: then it sleeps and tries again.
  #flush(waitMs: number): void {
    if (this.#used > 0) {
      this.#enqueue(this.#batch.subarray(0, this.#used));
      this.#used = 0;
    }
    const deadline = Date.now() + waitMs;
    while (this.#waitingBytes > 0 && !this.#gone) {
      let written: number;
      try {
        written = this.#writev(this.#options.fd, this.#waiting.slice(0, IOV_MAX));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') {
          this.#gone = true;
          this.#waiting = [];
          this.#waitingBytes = 0;
          return;
        }
        // Over the bound, a request's write waits for the reader; the last flush waits no longer
        // than its deadline.
        const full = this.#waitingBytes > this.#options.maxWaitingBytes;
        if (Date.now() >= deadline && (!full || waitMs > 0)) break;
        sleep(RETRY_MS);
        continue;
      }
      this.#taken(written);
    }
    // What the descriptor has not taken is copied out of the batch buffer the next lines reuse.
    const last = this.#waiting.length - 1;
    if (last >= 0 && this.#waiting[last]!.buffer === this.#batch.buffer) {
      this.#waiting[last] = Buffer.from(this.#waiting[last]!);
    }
  }

  #enqueue(bytes: Buffer): void {
    if (this.#gone) return;
    this.#waiting.push(bytes);
    this.#waitingBytes += bytes.length;
  }

  // Drops the first `bytes` of what waits.
  #taken(bytes: number): void {
    this.#waitingBytes -= bytes;
    let left = bytes;
    while (left > 0) {
      const first = this.#waiting[0]!;
      if (first.length > left) {
        this.#waiting[0] = first.subarray(left);
        return;
      }
      left -= first.length;
      this.#waiting.shift();
    }
  }
}
