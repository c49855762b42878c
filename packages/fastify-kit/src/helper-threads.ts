import { readdir, readFile, readlink } from 'node:fs/promises';
import { setPriority } from 'node:os';

// Behind the event loop, not starved: V8 compiles optimised code on the same helpers, and at the
// lowest priority (19) a server at full speed, which leaves them no idle time, kept running
// unoptimised code and answered a third fewer requests. At 10, four busy helpers get about a
// third of a shared core and the event loop the rest (the kernel's weights: 110 against 1,024).
const HELPER_NICE = 10;
// libuv's own default for UV_THREADPOOL_SIZE.
const DEFAULT_POOL_SIZE = 4;

/**
 * Gives the threads Node starts before any JavaScript runs (V8's garbage-collection and compiler
 * helpers, their timer, the inspector's signal watcher) a lower priority, and returns their ids.
 * On a replica with one core, V8's concurrent marking runs on four helpers that share that core
 * with the event loop as equals: during a full collection of a large heap, the thread that serves
 * gets a fifth of the processor, and requests wait tens of milliseconds (a reload of a 200,000
 * product catalog under load). At a lower priority the helpers take mostly the time the event loop
 * leaves idle, and on a machine with a core to spare nothing changes.
 *
 * Linux only: a thread has a priority of its own there, set through its id. Node 24 names the
 * helpers (`V8Worker`); before it, they are told apart by the order Linux numbers threads in: they
 * come after the main thread and before libuv's pool (which does file, compression and crypto work
 * for requests, and keeps its priority), whose threads name themselves through
 * `/proc/thread-self`. When that order cannot be read with certainty (ids that wrapped around),
 * nothing changes. `poolSize` is libuv's pool size (`UV_THREADPOOL_SIZE`).
 */
export async function yieldHelperThreads(poolSize = DEFAULT_POOL_SIZE): Promise<readonly number[]> {
  try {
    const named = await namedHelpers(await threadIds());
    const helpers = named.length > 0 ? named : await helpersByOrder(poolSize);
    for (const tid of helpers) setPriority(tid, HELPER_NICE);
    return helpers;
  } catch {
    // Not Linux, or not allowed: the helpers share the processor evenly.
    return [];
  }
}

async function threadIds(): Promise<number[]> {
  return (await readdir('/proc/self/task')).map(Number).sort((a, b) => a - b);
}

async function namedHelpers(threads: readonly number[]): Promise<number[]> {
  const names = await Promise.all(
    // A thread that ended meanwhile has no name to read.
    threads.map((tid) => readFile(`/proc/self/task/${tid}/comm`, 'utf8').catch(() => '')),
  );
  return threads.filter((_tid, i) => names[i]?.trim() === 'V8Worker');
}

async function helpersByOrder(poolSize: number): Promise<number[]> {
  // Listed after: the requests start the pool if nothing has yet.
  const pool = await poolThreadIds(poolSize);
  const threads = await threadIds();
  if (threads[0] !== process.pid) return [];
  const lastPool = Math.max(...[...pool].map((tid) => threads.indexOf(tid)));
  if (lastPool < 0) return [];
  // The pool's threads are numbered one after the other: none is before its last one minus
  // the pool's size.
  return threads.slice(1, Math.max(1, lastPool - poolSize + 1));
}

// Rounds of more requests than threads, until each pool thread has taken one (a few rounds at
// most; an idle pool wakes one thread per request). One it still misses only moves the cut
// earlier (fewer helpers yield), never past a pool thread.
const MAX_PROBE_ROUNDS = 20;

async function poolThreadIds(poolSize: number): Promise<Set<number>> {
  const pool = new Set<number>();
  for (let round = 0; round < MAX_PROBE_ROUNDS && pool.size < poolSize; round++) {
    const seen = await Promise.all(Array.from({ length: poolSize * 4 }, poolThreadId));
    for (const tid of seen) pool.add(tid);
  }
  return pool;
}

// `/proc/thread-self` names the thread that reads it: read from libuv's pool, a pool thread.
async function poolThreadId(): Promise<number> {
  const tid = Number((await readlink('/proc/thread-self')).split('/').pop());
  if (!Number.isInteger(tid)) throw new Error('no thread id');
  return tid;
}
