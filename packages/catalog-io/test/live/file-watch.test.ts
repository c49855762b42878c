import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import { signature, watchFiles } from '../../src/live/file-watch.js';
import { tempDir } from '../helper.js';

async function watched(options: { pollMs: number; settleMs: number }) {
  const dir = await tempDir();
  const file = join(dir, 'catalog.ndjson');
  await writeFile(file, 'old\n');
  const seen = { changes: 0 };
  const watch = watchFiles([file], () => seen.changes++, {
    ...options,
    since: [await signature(file)],
  });
  onTestFinished(() => watch.close());
  const replace = async (text: string) => {
    await writeFile(join(dir, 'next'), text);
    await rename(join(dir, 'next'), file);
  };
  return { seen, replace };
}

async function until(done: () => boolean, ms = 3_000) {
  for (let waited = 0; !done() && waited < ms; waited += 50) await sleep(50);
}

describe('watchFiles', () => {
  it('reports a replaced file when the poll is shorter than the settle time', async () => {
    const { seen, replace } = await watched({ pollMs: 50, settleMs: 200 });
    await replace('new, longer\n');
    await until(() => seen.changes > 0);
    expect(seen.changes).toBe(1);
  });

  it('reports a burst of replacements once, when the file has stayed the same', async () => {
    const { seen, replace } = await watched({ pollMs: 0, settleMs: 200 });
    for (let i = 0; i < 5; i++) {
      await replace(`version ${i}\n`);
      await sleep(30);
    }
    await until(() => seen.changes > 0);
    // Any second report would come within another settle time.
    await sleep(400);
    expect(seen.changes).toBe(1);
  });

  it('reports nothing when no file changed', async () => {
    const { seen } = await watched({ pollMs: 50, settleMs: 100 });
    await sleep(400);
    expect(seen.changes).toBe(0);
  });
});
