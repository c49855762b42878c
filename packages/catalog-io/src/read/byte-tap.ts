import { Transform } from 'node:stream';

/**
 * A pass-through stream that reports each chunk before passing it on: bytes read for progress,
 * and the chunk itself for line counting.
 */
export function createByteTap(onChunk: (chunk: Buffer, bytesRead: number) => void): Transform {
  let bytesRead = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytesRead += chunk.length;
      onChunk(chunk, bytesRead);
      callback(null, chunk);
    },
  });
}
