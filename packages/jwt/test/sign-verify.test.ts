import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JSONWebKeySet } from 'jose';
import { describe, expect, it, onTestFinished } from 'vitest';
import { generateSigningKey } from '../src/key-file.js';
import { createKeySet } from '../src/key-set.js';
import { signAccessToken } from '../src/sign.js';
import { parseSigningKeys } from '../src/signing-keys.js';
import { createTokenVerifier } from '../src/verify.js';
import { decode, hmacWithPublicKey, unsignedToken, verifyWithNodeCrypto } from './helpers.js';

const issuer = 'https://shop.example';
const audience = 'https://shop.example';
const oldKey = generateSigningKey('old');
const newKey = generateSigningKey('new');

async function keySet(keys = [oldKey], currentKid?: string) {
  return createKeySet(parseSigningKeys(JSON.stringify(keys), { currentKid }));
}

function issue(set: Awaited<ReturnType<typeof keySet>>, extra: { now?: number } = {}) {
  return signAccessToken(set, { issuer, audience, clientId: 'agent-7', scope: 'public', ...extra });
}

describe('signAccessToken', () => {
  it('issues an RFC 9068 token: ES256, kid, at+jwt, the claims and a one-hour life', async () => {
    const set = await keySet();
    const { token, claims, expiresIn } = await issue(set);
    const { header, payload } = decode(token);
    expect(header).toEqual({ alg: 'ES256', kid: 'old', typ: 'at+jwt' });
    expect(payload).toEqual(claims);
    expect(payload).toMatchObject({
      iss: issuer,
      sub: 'agent-7',
      aud: audience,
      client_id: 'agent-7',
    });
    expect(payload.scope).toBe('public');
    expect(payload.exp - payload.iat).toBe(3600);
    expect(expiresIn).toBe(3600);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect((await issue(set)).claims.jti).not.toBe(payload.jti);
  });

  it('verifies with node:crypto alone, from the published public key', async () => {
    const set = await keySet();
    const { token } = await issue(set);
    const [jwk] = set.publicJwks.keys;
    expect(verifyWithNodeCrypto(token, jwk as object)).toBe(true);
    expect(verifyWithNodeCrypto(`${token.slice(0, -2)}AA`, jwk as object)).toBe(false);
  });
});

describe('createKeySet', () => {
  it('publishes only the public members of every key', async () => {
    const set = await keySet([oldKey, newKey]);
    expect(set.publicJwks.keys).toEqual([oldKey, newKey].map(({ d: _d, ...pub }) => pub));
    expect(JSON.stringify(set.publicJwks)).not.toMatch(/"d"/);
    expect(Object.isFrozen(set.publicJwks.keys[0])).toBe(true);
  });
});

describe('createTokenVerifier (local keys)', () => {
  it('returns the claims of a good token', async () => {
    const set = await keySet();
    const { token, claims } = await issue(set);
    const verifier = createTokenVerifier({ issuer, audience, jwks: set.publicJwks });
    expect(await verifier.verify(token)).toEqual(claims);
  });

  it('keeps old tokens valid across a rotation while new tokens name the new kid', async () => {
    const before = await keySet([oldKey]);
    const { token: oldToken } = await issue(before);
    const after = await keySet([oldKey, newKey], 'new');
    const { token: newToken } = await issue(after);
    expect(decode(newToken).header.kid).toBe('new');
    const verifier = createTokenVerifier({ issuer, audience, jwks: after.publicJwks });
    expect((await verifier.verify(oldToken)).client_id).toBe('agent-7');
    expect((await verifier.verify(newToken)).client_id).toBe('agent-7');
  });

  it.each([
    ['expired', async () => (await issue(await keySet(), { now: 1_000_000_000 })).token],
    [
      'signed by another key',
      async () =>
        (await issue(await keySet([newKey]))).token.replace(
          /^[^.]+/,
          (await issue(await keySet())).token.split('.')[0] ?? '',
        ),
    ],
    ['alg none', async () => unsignedToken((await issue(await keySet())).claims, 'old')],
    [
      'HS256 keyed with the public key',
      async () =>
        hmacWithPublicKey(
          (await issue(await keySet())).claims,
          (await keySet()).publicJwks.keys[0] as object,
        ),
    ],
    [
      'tampered',
      async () => {
        const [h, , s] = (await issue(await keySet())).token.split('.');
        return `${h}.${Buffer.from(JSON.stringify({ client_id: 'admin' })).toString('base64url')}.${s}`;
      },
    ],
    ['not a JWT', async () => 'hello'],
  ])('refuses a token that is %s', async (_name, make) => {
    const verifier = createTokenVerifier({ issuer, audience, jwks: (await keySet()).publicJwks });
    await expect(verifier.verify(await make())).rejects.toMatchObject({ code: 'JWT_INVALID' });
  });

  it('refuses another issuer, another audience and a token of the wrong typ', async () => {
    const set = await keySet();
    const other = await signAccessToken(set, {
      issuer: 'https://evil.example',
      audience,
      clientId: 'x',
      scope: 'public',
    });
    const elsewhere = await signAccessToken(set, {
      issuer,
      audience: 'https://other.example',
      clientId: 'x',
      scope: 'public',
    });
    const verifier = createTokenVerifier({ issuer, audience, jwks: set.publicJwks });
    await expect(verifier.verify(other.token)).rejects.toThrow(/iss/);
    await expect(verifier.verify(elsewhere.token)).rejects.toThrow(/aud/);
  });

  it('needs exactly one key source', () => {
    expect(() => createTokenVerifier({ issuer, audience })).toThrow(/either local keys/);
  });
});

describe('createTokenVerifier (remote JWKS)', () => {
  async function jwksServer(initial: JSONWebKeySet) {
    let jwks = initial;
    let fetches = 0;
    const server = createServer((_req, res) => {
      fetches++;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(jwks));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`,
      publish(next: JSONWebKeySet) {
        jwks = next;
      },
      fetches: () => fetches,
    };
  }

  it('fetches once, caches, and fetches again for an unknown kid', async () => {
    const before = await keySet([oldKey]);
    const remote = await jwksServer(before.publicJwks);
    const verifier = createTokenVerifier({
      issuer,
      audience,
      jwksUrl: remote.url,
      jwksCooldownMs: 0,
      cacheSize: 0,
    });
    const { token: oldToken } = await issue(before);
    await verifier.verify(oldToken);
    await verifier.verify(oldToken);
    expect(remote.fetches()).toBe(1);

    const after = await keySet([oldKey, newKey], 'new');
    remote.publish(after.publicJwks);
    const { token: newToken } = await issue(after);
    expect((await verifier.verify(newToken)).client_id).toBe('agent-7');
    expect(remote.fetches()).toBe(2);
    expect((await verifier.verify(oldToken)).client_id).toBe('agent-7');
  });

  it('remembers verified tokens instead of checking the signature again', async () => {
    const set = await keySet();
    const remote = await jwksServer(set.publicJwks);
    const verifier = createTokenVerifier({ issuer, audience, jwksUrl: remote.url });
    const { token } = await issue(set);
    const first = await verifier.verify(token);
    remote.publish({ keys: [] });
    expect(await verifier.verify(token)).toBe(first);
  });

  it('refuses tokens when the key server is down', async () => {
    const set = await keySet();
    const verifier = createTokenVerifier({
      issuer,
      audience,
      jwksUrl: 'http://127.0.0.1:1/jwks.json',
    });
    await expect(verifier.verify((await issue(set)).token)).rejects.toMatchObject({
      code: 'JWT_INVALID',
    });
  });
});
