import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSigningKey } from '@repo/jwt';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startServer } from './e2e/real-server.js';

const entry = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'server.js');

describe('the auth server on its own (production)', () => {
  it('refuses to start without a signing key, naming the variable, with no stack trace', async () => {
    const child = spawn(process.execPath, [entry], {
      env: { HOST: '127.0.0.1', PORT: '0' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toMatch(/JWT_PRIVATE_KEYS: is required/);
    expect(stderr).not.toMatch(/at .*\.js:\d+/);
  });

  it('serves its keys from JWT_PRIVATE_KEYS and issues tokens', async () => {
    const key = generateSigningKey('prod-1');
    const server = await startServer(entry, { JWT_PRIVATE_KEYS: JSON.stringify({ keys: [key] }) });
    onTestFinished(() => server.stop());
    const jwks = (await (await fetch(`${server.base}/.well-known/jwks.json`)).json()) as {
      keys: { kid: string }[];
    };
    expect(jwks.keys.map((k) => k.kid)).toEqual(['prod-1']);
    const response = await fetch(`${server.base}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'x' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${server.base}/oauth/token`)).status).toBe(405);
  });
});
