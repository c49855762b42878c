// The worker thread of `openPreparedCatalog`: prepares the catalog off the event loop and hands
// the index's arrays over without copying them (the buffer is transferred).
import { parentPort, workerData } from 'node:worker_threads';
import { type PrepareJob, prepare } from './prepare.js';

try {
  const prepared = await prepare(workerData as PrepareJob);
  parentPort!.postMessage({ ok: true, prepared }, [prepared.region]);
} catch (error) {
  const { name, message, code } = error as Error & { code?: string };
  parentPort!.postMessage({ ok: false, error: { name, message, code } });
}
