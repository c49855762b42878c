import { pbkdf2 } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { yieldHelperThreads } from '../src/helper-threads.js';

// A thread's fields in /proc, counted after its name: utime 11, stime 12, nice 16.
function threadStat(tid: number) {
  const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { cpu: Number(fields[11]) + Number(fields[12]), nice: Number(fields[16]) };
}

const threads = () => readdirSync('/proc/self/task').map(Number);
const nameOf = (tid: number) => readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();

// Linux only: elsewhere a thread has no priority of its own, and the function changes nothing.
describe.runIf(process.platform === 'linux')('yieldHelperThreads', () => {
  it('lowers V8 helpers, never the main thread nor a thread of the pool that serves requests', async () => {
    const helpers = await yieldHelperThreads();
    // Node starts four V8 helpers by default, and their timer.
    expect(helpers.length).toBeGreaterThanOrEqual(4);
    expect(helpers).not.toContain(process.pid);
    for (const tid of helpers) expect(threadStat(tid).nice).toBe(10);
    expect(threadStat(process.pid).nice).toBe(0);

    // Told apart another way: the threads that do crypto work for the process are the pool.
    const before = new Map(threads().map((tid) => [tid, threadStat(tid).cpu]));
    await Promise.all(
      Array.from({ length: 8 }, () => promisify(pbkdf2)('secret', 'salt', 300_000, 32, 'sha256')),
    );
    const spent = threads()
      .filter((tid) => tid !== process.pid)
      .map((tid) => ({ tid, cpu: threadStat(tid).cpu - (before.get(tid) ?? 0) }));
    // A V8 helper may run meanwhile (a collection, a compile) for a tick or two; each pool thread
    // spends on the order of the busiest one's time.
    const most = Math.max(...spent.map((thread) => thread.cpu));
    const working = spent.filter((thread) => thread.cpu >= most / 4).map((thread) => thread.tid);
    expect(working.length).toBeGreaterThan(0);
    for (const tid of working) {
      expect(helpers).not.toContain(tid);
      expect(threadStat(tid).nice).toBe(0);
    }
  });

  it('lowers none when told of a pool larger than the threads it finds (unnamed helpers)', async () => {
    const helpers = await yieldHelperThreads(64);
    // Node 24 names its helpers, and the pool's size is not needed to find them.
    if (threads().some((tid) => nameOf(tid) === 'V8Worker')) {
      expect(helpers.map(nameOf)).toEqual(['V8Worker', 'V8Worker', 'V8Worker', 'V8Worker']);
    } else {
      expect(helpers).toEqual([]);
    }
  });
});
