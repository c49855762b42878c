import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A fresh temporary directory, removed when the test ends. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'catalog-io-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes `content` to `name` in a fresh temporary directory and returns its path. */
export async function tempFile(name: string, content: string | Buffer): Promise<string> {
  const path = join(await tempDir(), name);
  await writeFile(path, content);
  return path;
}

/** The import time the tests pass as `now`. */
export const NOW = '2025-06-30T12:00:00.000Z';
