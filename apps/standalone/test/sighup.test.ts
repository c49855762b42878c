import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '@repo/fastify-kit/testing';
import { expect, it, onTestFinished } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const entry = join(root, 'apps', 'standalone', 'dist', 'server.js');
// The operator's own tool writes the catalog, as in the README.
const catalogCli = join(root, 'packages', 'catalog-io', 'dist', 'cli.js');

interface Health {
  readonly catalog: { version: string; products: number; reload: { status: string; at: string } };
}

async function health(base: string) {
  for (let i = 0; i < 300; i++) {
    const response = await fetch(`${base}/health.json`).catch(() => undefined);
    if (response) return (await response.json()) as Health;
    await sleep(50);
  }
  throw new Error('server did not answer within 15 s');
}

// SIGHUP reloads the catalog and the server keeps serving (close-with-grace would otherwise take
// SIGHUP as a reason to close). The first SIGHUP comes with no file changed, so no file event can
// be what reloads: the last reload's time moves, the version stays.
it('reloads the catalog on SIGHUP and keeps serving', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sighup-'));
  const file = join(dir, 'catalog.ndjson');
  execFileSync(process.execPath, [catalogCli, 'sample', '--count', '120', '--out', file]);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    env: {
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      CATALOG_FILE: file,
      CATALOG_POLL_MS: '0',
      DATA_DIR: dir,
    },
    stdio: 'ignore',
  });
  onTestFinished(() => {
    child.kill('SIGTERM');
  });
  const before = await health(base);
  expect(before.catalog.products).toBe(120);

  child.kill('SIGHUP');
  await expect
    .poll(async () => (await health(base)).catalog.reload.at, { timeout: 10_000 })
    .not.toBe(before.catalog.reload.at);
  expect(child.exitCode).toBeNull();
  expect((await health(base)).catalog).toMatchObject({
    version: before.catalog.version,
    reload: { status: 'ok' },
  });

  execFileSync(process.execPath, [catalogCli, 'sample', '--count', '150', '--out', file]);
  child.kill('SIGHUP');
  await expect
    .poll(async () => (await health(base)).catalog.products, { timeout: 10_000 })
    .toBe(150);
  expect(child.exitCode).toBeNull();
}, 30_000);
