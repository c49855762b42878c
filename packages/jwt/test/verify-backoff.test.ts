import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { generateSigningKey } from '../src/key-file.js';
import { createKeySet } from '../src/key-set.js';
import { signAccessToken } from '../src/sign.js';
import { parseSigningKeys } from '../src/signing-keys.js';
import { createTokenVerifier } from '../src/verify.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

// A key server that accepts connections and never answers: the worst case for a remote JWKS.
async function hangingServer(): Promise<string> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => sockets.push(socket)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  closers.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/jwks.json`;
}

describe('a remote JWK Set that hangs', () => {
  it('costs one fetch timeout, then tokens are refused at once until the back-off ends', async () => {
    const keySet = await createKeySet(parseSigningKeys(JSON.stringify(generateSigningKey('k1'))));
    const { token } = await signAccessToken(keySet, {
      issuer: 'https://shop.example',
      audience: 'https://shop.example',
      clientId: 'agent',
      scope: 'public',
    });
    const verifier = createTokenVerifier({
      issuer: 'https://shop.example',
      audience: 'https://shop.example',
      jwksUrl: await hangingServer(),
      jwksTimeoutMs: 300,
      jwksFailureBackoffMs: 60_000,
    });

    let started = performance.now();
    await expect(verifier.verify(token)).rejects.toThrow();
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);

    started = performance.now();
    await expect(verifier.verify(token)).rejects.toThrow(/not fetching it again yet/);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
