// The worker thread of `openPreparedCatalog`, started once per process and kept: it prepares
// catalogs off the event loop and hands each index's arrays over without copying them (their
// buffer is shared).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import type { PrepareJob } from './prepare.js';

// The build yields the processor to the thread that serves: on Linux a thread has a priority of
// its own, set through its thread id (`/proc/thread-self`); elsewhere it keeps the process's.
// Set before the reading code loads, so that loading it yields too.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid)) setPriority(tid, 19);
} catch {
  // Not Linux, or not allowed: the build shares the processor evenly.
}

// V8's `gc()`, in a context of its own: the flag gives it to new contexts only.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const { prepare } = await import('./prepare.js');

parentPort!.on('message', async ({ id, job }: { id: number; job: PrepareJob }) => {
  try {
    const prepared = await prepare(job);
    parentPort!.postMessage({ id, ok: true, prepared });
  } catch (error) {
    const { name, message, code } = error as Error & { code?: string };
    parentPort!.postMessage({ id, ok: false, error: { name, message, code } });
  }
  // An idle thread would not collect for minutes, and until it does, its references keep the
  // buffers it shared (this index, the previous version's fingerprints) and what a build left.
  collect();
});
