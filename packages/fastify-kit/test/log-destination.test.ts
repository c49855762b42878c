import { describe, expect, it } from 'vitest';
import { LineBatch, type LineBatchOptions } from '../src/log-destination.js';

const errno = (code: string) => Object.assign(new Error(code), { code });

/** A descriptor that takes what `take` says of each write (bytes, or an error), and keeps it. */
function pipe(take: (offered: number) => number | Error = (offered) => offered) {
  const writes: string[] = [];
  const writev = (_fd: number, buffers: readonly Buffer[]) => {
    const offered = Buffer.concat(buffers);
    const taken = take(offered.length);
    if (taken instanceof Error) throw taken;
    writes.push(offered.subarray(0, taken).toString());
    return taken;
  };
  return { writes, text: () => writes.join(''), writev };
}

function batch(writev: LineBatchOptions['writev'], options: Partial<LineBatchOptions> = {}) {
  return new LineBatch({
    fd: -1,
    batchBytes: 64,
    flushMs: 60_000,
    maxWaitingBytes: 1_000,
    finalWaitMs: 200,
    writev,
    ...options,
  });
}

const line = (n: number) => `{"n":${String(n).padStart(3, '0')},"pad":"${'x'.repeat(8)}"}\n`; // 27 bytes

describe('LineBatch', () => {
  it('holds lines until a batch is full, then writes them in one write, in order', () => {
    const out = pipe();
    const log = batch(out.writev);
    log.write(line(1));
    log.write(line(2));
    expect(out.writes).toEqual([]);
    log.write(line(3));
    expect(out.writes).toEqual([line(1) + line(2) + line(3)]);
    log.write(line(4));
    log.flushSync();
    expect(out.text()).toBe([1, 2, 3, 4].map(line).join(''));
  });

  it('writes a quiet server’s lines within flushMs', async () => {
    const out = pipe();
    const log = batch(out.writev, { flushMs: 20 });
    log.write(line(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(out.text()).toBe(line(1));
  });

  it('encodes UTF-8 and takes a line longer than its buffer', () => {
    const out = pipe();
    const log = batch(out.writev);
    const long = `${'é'.repeat(200)}\n`;
    log.write('¥ first\n');
    log.write(long);
    log.write('last\n');
    log.flushSync();
    expect(out.text()).toBe(`¥ first\n${long}last\n`);
  });

  it('keeps what a full non-blocking pipe refuses, and writes it first, without waiting', () => {
    let refuse = 3;
    const out = pipe((offered) => (refuse-- > 0 ? errno('EAGAIN') : Math.min(offered, 50)));
    const log = batch(out.writev);
    const started = Date.now();
    for (let n = 1; n <= 9; n++) log.write(line(n));
    expect(Date.now() - started).toBeLessThan(50);
    log.flushSync();
    expect(out.text()).toBe([1, 2, 3, 4, 5, 6, 7, 8, 9].map(line).join(''));
  });

  it('waits for the reader once more than maxWaitingBytes wait', () => {
    let tries = 0;
    const out = pipe((offered) => (++tries <= 8 ? errno('EAGAIN') : offered));
    const log = batch(out.writev, { maxWaitingBytes: 100 });
    for (let n = 1; n <= 6; n++) log.write(line(n));
    // 168 bytes over a bound of 100: the sixth line's write waited until the pipe took them.
    expect(tries).toBeGreaterThan(8);
    expect(out.text()).toBe([1, 2, 3, 4, 5, 6].map(line).join(''));
  });

  it('drops lines quietly once the descriptor is gone (a closed pipe), never throwing', () => {
    let calls = 0;
    const out = pipe(() => {
      calls++;
      return errno('EPIPE');
    });
    const log = batch(out.writev);
    for (let n = 1; n <= 10; n++) expect(log.write(line(n))).toBe(true);
    expect(() => log.flushSync()).not.toThrow();
    expect(calls).toBe(1);
  });

  it('gives up the last flush after its deadline when the reader takes nothing', () => {
    const out = pipe(() => errno('EAGAIN'));
    const log = batch(out.writev);
    log.write(line(1));
    const started = Date.now();
    log.flushSync();
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited).toBeLessThan(2_000);
  });
});
