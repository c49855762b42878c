import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { watchFiles } from '../../src/live/file-watch.js';
import { tempDir } from '../helper.js';

describe('watchFiles', () => {
  it('reports a replaced file when the poll is shorter than the settle time', async () => {
    const dir = await tempDir();
    const file = join(dir, 'catalog.ndjson');
    await writeFile(file, 'old\n');
    let changes = 0;
    const watch = watchFiles([file], () => changes++, { pollMs: 50, settleMs: 200 });
    try {
      // Let the watch take the file's first signature.
      await sleep(100);
      await writeFile(join(dir, 'next'), 'new, longer\n');
      await rename(join(dir, 'next'), file);
      for (let waited = 0; changes === 0 && waited < 3_000; waited += 50) await sleep(50);
      expect(changes).toBe(1);
    } finally {
      watch.close();
    }
  });
});
