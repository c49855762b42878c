import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseClickFile, readClickFile, writeClickFile } from '../src/click-file.js';
import { DayCounts } from '../src/day-counts.js';
import { tempDir } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('the clicks file', () => {
  it('is written whole and read back', async () => {
    const tmp = await tempDir();
    cleanups.push(tmp.remove);
    const path = join(tmp.dir, 'sub', 'clicks.json');
    const counts = new DayCounts();
    counts.add('2026-11-26', 'a-12345 agent_a', 3);
    counts.add('2026-11-25', 'b-12345 agent_b');
    await writeClickFile(path, counts);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({
      version: 1,
      days: { '2026-11-25': { 'b-12345 agent_b': 1 }, '2026-11-26': { 'a-12345 agent_a': 3 } },
    });
    expect((await readClickFile(path))?.toJSON()).toEqual(counts.toJSON());
    expect(await readdir(join(tmp.dir, 'sub'))).toEqual(['clicks.json']);
  });

  it('is none when missing', async () => {
    const tmp = await tempDir();
    cleanups.push(tmp.remove);
    expect(await readClickFile(join(tmp.dir, 'clicks.json'))).toBeUndefined();
  });

  it.each([
    ['not JSON', '{"version":1,'],
    ['another version', '{"version":2,"days":{}}'],
    ['a list', '[]'],
    ['a bad day', '{"version":1,"days":{"26/11/2026":{}}}'],
    ['a bad field', '{"version":1,"days":{"2026-11-26":{"a-12345":1}}}'],
    ['a bad count', '{"version":1,"days":{"2026-11-26":{"a-12345 agent_a":1.5}}}'],
    ['a zero count', '{"version":1,"days":{"2026-11-26":{"a-12345 agent_a":0}}}'],
  ])('is rejected when it holds %s', (_what, text) => {
    expect(() => parseClickFile(text, 'clicks.json')).toThrow(
      expect.objectContaining({ name: 'ClicksError', code: 'CLICKS_FILE_INVALID' }),
    );
  });

  it('reports a failed write with its code and leaves no temporary file', async () => {
    const tmp = await tempDir();
    cleanups.push(tmp.remove);
    await writeFile(join(tmp.dir, 'a-file'), '');
    await expect(
      writeClickFile(join(tmp.dir, 'a-file', 'clicks.json'), new DayCounts()),
    ).rejects.toMatchObject({ code: 'CLICKS_FILE_WRITE' });
    expect(await readdir(tmp.dir)).toEqual(['a-file']);
  });
});
