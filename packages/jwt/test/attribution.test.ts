import { createServer } from 'node:http';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createClientAttribution } from '../src/attribution.js';
import { generateSigningKey } from '../src/key-file.js';
import { createKeySet, type KeySet } from '../src/key-set.js';
import { signAccessToken } from '../src/sign.js';
import { hmacWithPublicKey, segment, unsignedToken } from './helpers.js';

const issuer = 'https://shop.example';
let keys: KeySet;
let otherKeys: KeySet;

beforeAll(async () => {
  keys = await createKeySet({ keys: [generateSigningKey('k1')], currentKid: 'k1' });
  // Same kid, different key: a forgery that names a published key.
  otherKeys = await createKeySet({ keys: [generateSigningKey('k1')], currentKid: 'k1' });
});

function sign(set: KeySet, extra: { issuer?: string; now?: number; clientId?: string } = {}) {
  return signAccessToken(set, {
    issuer: extra.issuer ?? issuer,
    audience: [issuer, `${issuer}/mcp`],
    clientId: extra.clientId ?? 'agent-7',
    scope: 'public',
    now: extra.now,
  }).then((t) => t.token);
}

function claims() {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: issuer,
    sub: 'evil',
    aud: issuer,
    client_id: 'evil',
    scope: 'public',
    iat: now,
    exp: now + 3600,
    jti: 'x',
  };
}

const local = () => createClientAttribution({ issuer, jwks: keys.publicJwks });

describe('createClientAttribution', () => {
  it('is anonymous without a header, and names the client of a valid token', async () => {
    const attribute = local();
    expect(await attribute(undefined)).toEqual({ clientId: null });
    expect(await attribute(`Bearer ${await sign(keys)}`)).toEqual({ clientId: 'agent-7' });
  });

  it('accepts the scheme in any case (RFC 7235)', async () => {
    expect(await local()(`bearer ${await sign(keys)}`)).toEqual({ clientId: 'agent-7' });
  });

  const bad: [string, () => Promise<string>][] = [
    ['an expired token', async () => `Bearer ${await sign(keys, { now: 1_000_000_000 })}`],
    [
      'a token forged with another key of the same kid',
      async () => `Bearer ${await sign(otherKeys)}`,
    ],
    [
      'a token of another issuer',
      async () => `Bearer ${await sign(keys, { issuer: 'https://evil.example' })}`,
    ],
    ['alg none', async () => `Bearer ${unsignedToken(claims(), 'k1')}`],
    [
      'HS256 keyed with the public key',
      async () => `Bearer ${hmacWithPublicKey(claims(), keys.publicJwks.keys[0] as object)}`,
    ],
    [
      'a tampered payload',
      async () => {
        const [h, , s] = (await sign(keys)).split('.');
        return `Bearer ${h}.${segment(claims())}.${s}`;
      },
    ],
    ['garbage', async () => 'Bearer !!!not-a-token'],
    ['an empty bearer', async () => 'Bearer '],
    ['Basic credentials', async () => `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['a huge header', async () => `Bearer ${'a'.repeat(10_000)}`],
  ];

  it.each(bad)('treats %s as anonymous, with the reason, never throwing', async (_name, header) => {
    const who = await local()(await header());
    expect(who.clientId).toBeNull();
    expect(who).toHaveProperty('ignored', expect.any(String));
  });

  it('verifies against a remote JWKS, fetched once, and stays anonymous when it is unreachable', async () => {
    let fetches = 0;
    const keyServer = createServer((_request, response) => {
      fetches++;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(keys.publicJwks));
    });
    await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => keyServer.close(() => resolve())));
    const { port } = keyServer.address() as { port: number };

    const remote = createClientAttribution({
      issuer,
      jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    });
    expect(await remote(`Bearer ${await sign(keys, { clientId: 'a' })}`)).toEqual({
      clientId: 'a',
    });
    expect(await remote(`Bearer ${await sign(keys, { clientId: 'b' })}`)).toEqual({
      clientId: 'b',
    });
    expect(fetches).toBe(1);

    const offline = createClientAttribution({
      issuer,
      jwksUrl: 'http://127.0.0.1:1/.well-known/jwks.json',
    });
    expect((await offline(`Bearer ${await sign(keys)}`)).clientId).toBeNull();
  });
});
