import { Writable } from 'node:stream';

/** A log stream that keeps each JSON line it is written, parsed, in `lines`. */
export function logLines(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, stream };
}
