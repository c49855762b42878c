import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
/** The built CLI, as `pnpm catalog` runs it. */
export const CLI = join(packageDir, 'dist', 'cli.js');

/** Builds the CLI when a lone `vitest run` in a fresh clone finds it missing (`pnpm test` builds first). */
export async function ensureCli(): Promise<void> {
  if (!existsSync(CLI)) await run('pnpm', ['run', 'build'], { cwd: packageDir });
}

/**
 * Runs the built CLI in a clean environment (only `env`: no MEILISEARCH_* or DATA_DIR leaking in
 * from the shell); never rejects, so tests can look at the exit code.
 */
export async function catalog(args: readonly string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
