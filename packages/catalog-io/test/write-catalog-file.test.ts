import { spawnSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openCatalogFileWriter, writeCatalogFile } from '../src/write-catalog-file.js';
import { tempDir } from './helper.js';

// Every file system call the writer makes is recorded (and can be made to fail), so the order
// that makes the switch durable is checked, not assumed.
const calls: string[] = [];
const failing = new Map<string, NodeJS.ErrnoException>();
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const names = ['openSync', 'writeSync', 'fsyncSync', 'closeSync', 'renameSync'] as const;
  const recorded = Object.fromEntries(
    names.map((name) => [
      name,
      (...args: unknown[]) => {
        calls.push(name);
        const error = failing.get(name);
        if (error) throw error;
        return (real[name] as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  );
  return { ...real, ...recorded, default: { ...real, ...recorded } };
});

afterEach(() => {
  calls.length = 0;
  failing.clear();
});

const products = generateSampleCatalog({ count: 3_000 });

describe('writeCatalogFile: durability', () => {
  it('writes, fsyncs and closes the file, renames it, then fsyncs the directory', async () => {
    const path = join(await tempDir(), 'catalog.ndjson');
    await writeCatalogFile(path, products);
    const order = calls.filter((name, i) => name !== 'writeSync' || calls[i - 1] !== 'writeSync');
    expect(order).toEqual([
      'openSync', // the temporary file
      'writeSync', // in blocks of about 1 MB
      'fsyncSync',
      'closeSync',
      'renameSync',
      'openSync', // the directory
      'fsyncSync',
      'closeSync',
    ]);
    expect(calls.filter((name) => name === 'writeSync').length).toBeGreaterThan(1);
    expect((await readFile(path, 'utf8')).split('\n')).toHaveLength(products.length + 1);
  });

  it('leaves the previous file whole and no temporary file when the disk fills up', async () => {
    const dir = await tempDir();
    const path = join(dir, 'catalog.ndjson');
    await writeFile(path, 'previous\n');
    failing.set(
      'writeSync',
      Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }),
    );
    await expect(writeCatalogFile(path, products)).rejects.toMatchObject({
      code: 'FILE_WRITE',
      message: `cannot write ${path}: no space left on device`,
    });
    expect(await readFile(path, 'utf8')).toBe('previous\n');
    expect(await readdir(dir)).toEqual(['catalog.ndjson']);
  });

  it('leaves the previous file whole when the fsync fails: nothing is renamed unsynced', async () => {
    const dir = await tempDir();
    const path = join(dir, 'catalog.ndjson');
    await writeFile(path, 'previous\n');
    failing.set('fsyncSync', Object.assign(new Error('I/O error'), { code: 'EIO' }));
    await expect(writeCatalogFile(path, products)).rejects.toMatchObject({ code: 'FILE_WRITE' });
    expect(calls).not.toContain('renameSync');
    expect(await readFile(path, 'utf8')).toBe('previous\n');
    expect(await readdir(dir)).toEqual(['catalog.ndjson']);
  });
});

describe('openCatalogFileWriter: temporary files of crashed runs', () => {
  it('removes those of dead processes, keeps those of running ones and other files', async () => {
    const dir = await tempDir();
    const path = join(dir, 'catalog.ndjson');
    // A process that has exited: its pid names a stale file.
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const running = process.ppid;
    const names = {
      stale: `catalog.ndjson.tmp-${dead}`,
      live: `catalog.ndjson.tmp-${running}`,
      other: 'other.ndjson.tmp-1',
      notOurs: 'catalog.ndjson.tmp-backup',
    };
    for (const name of Object.values(names)) await writeFile(join(dir, name), 'half a fi');
    const writer = openCatalogFileWriter(path);
    writer.write(products[0]!);
    expect(writer.commit()).toBe(1);
    expect((await readdir(dir)).sort()).toEqual(
      ['catalog.ndjson', names.live, names.other, names.notOurs].sort(),
    );
  });

  it('abort removes the temporary file and leaves the target alone', async () => {
    const dir = await tempDir();
    const path = join(dir, 'catalog.ndjson');
    const writer = openCatalogFileWriter(path);
    writer.write(products[0]!);
    expect(await readdir(dir)).toEqual([`catalog.ndjson.tmp-${process.pid}`]);
    writer.abort();
    expect(await readdir(dir)).toEqual([]);
    expect(() => writer.write(products[1]!)).toThrow(/already committed or aborted/);
  });
});
