import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { importedSwapper, preparedOf } from '../src/catalog-swap.js';

function folder() {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-swap-test-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const read = (file: string) => readFileSync(file, 'utf8');

describe('importedSwapper', () => {
  it('swaps each version in with its prepared form, in turn, and leaves nothing beside', async () => {
    const dir = folder();
    const served = join(dir, 'catalog.ndjson');
    const [a, b] = [join(dir, 'a.ndjson'), join(dir, 'b.ndjson')];
    for (const [file, text] of [
      [served, 'A'],
      [preparedOf(served), 'A prepared'],
      [a, 'A'],
      [preparedOf(a), 'A prepared'],
      [b, 'B'],
      [preparedOf(b), 'B prepared'],
    ] as const) {
      writeFileSync(file, text);
    }
    const files = importedSwapper(served, [b, a]);
    for (const expected of ['B', 'A', 'B']) {
      await files.prepare();
      await files.swap();
      expect([read(served), read(preparedOf(served))]).toEqual([expected, `${expected} prepared`]);
    }
    expect(existsSync(`${served}.next`)).toBe(false);
    expect(existsSync(`${preparedOf(served)}.next`)).toBe(false);
    // The versions stay for the next swaps.
    expect([read(a), read(b)]).toEqual(['A', 'B']);
  });

  it('keeps the modification time the import gave the file', async () => {
    const dir = folder();
    const served = join(dir, 'catalog.ndjson');
    const b = join(dir, 'b.ndjson');
    writeFileSync(served, 'A');
    writeFileSync(b, 'B');
    const written = statSync(b).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const files = importedSwapper(served, [b]);
    await files.prepare();
    await files.swap();
    expect(statSync(served).mtimeMs).toBe(written);
  });

  it('replaces the catalog alone when the import wrote no prepared form', async () => {
    const dir = folder();
    const served = join(dir, 'catalog.ndjson');
    const b = join(dir, 'b.ndjson');
    writeFileSync(served, 'A');
    writeFileSync(b, 'B');
    const files = importedSwapper(served, [b]);
    await files.prepare();
    await files.swap();
    expect(read(served)).toBe('B');
    expect(existsSync(preparedOf(served))).toBe(false);
  });

  it('prepares again over what a swap that failed left beside the file', async () => {
    const dir = folder();
    const served = join(dir, 'catalog.ndjson');
    const b = join(dir, 'b.ndjson');
    writeFileSync(served, 'A');
    writeFileSync(b, 'B');
    writeFileSync(`${served}.next`, 'left over');
    const files = importedSwapper(served, [b]);
    await files.prepare();
    await files.swap();
    expect(read(served)).toBe('B');
  });
});
