import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '@repo/fastify-kit/testing';
import { createTokenVerifier } from '@repo/jwt';
import { afterAll, describe, expect, it } from 'vitest';

// The one-process default keeps its generated signing key in DATA_DIR, so a token issued before a
// restart still verifies after it.
const entry = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'server.js');
const dataDir = mkdtempSync(join(tmpdir(), 'standalone-data-'));
const children: ChildProcess[] = [];
const BASE_URL = 'https://catalog.test';

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    // A fixed public origin, as in a real deployment: only the listening port changes.
    env: { LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), BASE_URL, DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`${base}/.well-known/jwks.json`).catch(() => undefined)) break;
    await sleep(50);
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

async function token(base: string): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'restart-test' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('the one-process signing key', () => {
  it('is generated on first start, owner-only, and reused after a restart', async () => {
    const first = await start();
    const before = await token(first.base);
    await first.stop();

    const file = join(dataDir, 'keys', 'signing-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const keyFile = readFileSync(file, 'utf8');

    const second = await start();
    const verifier = createTokenVerifier({
      issuer: BASE_URL,
      audience: BASE_URL,
      jwksUrl: `${second.base}/.well-known/jwks.json`,
    });
    expect((await verifier.verify(before)).client_id).toBe('restart-test');
    expect((await verifier.verify(await token(second.base))).client_id).toBe('restart-test');
    expect(readFileSync(file, 'utf8')).toBe(keyFile);
    await second.stop();
  });
});
