import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { createKeySet, generateSigningKey, type KeySet, signAccessToken } from '@repo/jwt';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import attribution from '../../src/plugins/attribution.js';

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

const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function claims() {
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

/** An app with the plugin and one route that echoes what it knows; logs captured as JSON lines. */
async function build(
  options: Parameters<typeof attribution>[1] = { issuer, jwks: keys.publicJwks },
) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  await app.register(attribution, options);
  app.get('/who', async (request) => {
    request.log.info('handled');
    return { clientId: request.clientId };
  });
  await app.ready();
  onTestFinished(() => app.close());
  return { app, lines };
}

async function whoWith(app: Awaited<ReturnType<typeof build>>['app'], authorization?: string) {
  const response = await app.inject({
    url: '/who',
    headers: authorization === undefined ? {} : { authorization },
  });
  expect(response.statusCode).toBe(200);
  return response.json().clientId as string | null;
}

describe('attribution', () => {
  it('is anonymous (null) without a token', async () => {
    const { app } = await build();
    expect(await whoWith(app)).toBeNull();
  });

  it('sets clientId from a valid token and logs it on every line of the request', async () => {
    const { app, lines } = await build();
    expect(await whoWith(app, `Bearer ${await sign(keys)}`)).toBe('agent-7');
    const handled = lines.find((l) => l.msg === 'handled');
    const completed = lines.find((l) => l.msg === 'request completed');
    expect(handled?.client_id).toBe('agent-7');
    expect(completed?.client_id).toBe('agent-7');
    expect(await whoWith(app)).toBeNull();
    expect(lines.filter((l) => l.msg === 'handled').at(-1)?.client_id).toBeUndefined();
  });

  it('accepts the scheme in any case (RFC 7235)', async () => {
    const { app } = await build();
    expect(await whoWith(app, `bearer ${await sign(keys)}`)).toBe('agent-7');
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
    [
      'alg none',
      async () =>
        `Bearer ${segment({ alg: 'none', typ: 'at+jwt', kid: 'k1' })}.${segment(await claims())}.`,
    ],
    [
      'HS256 keyed with the public key',
      async () => {
        const input = `${segment({ alg: 'HS256', typ: 'at+jwt', kid: 'k1' })}.${segment(await claims())}`;
        const mac = createHmac('sha256', JSON.stringify(keys.publicJwks.keys[0])).update(input);
        return `Bearer ${input}.${mac.digest('base64url')}`;
      },
    ],
    [
      'a tampered payload',
      async () => {
        const [h, , s] = (await sign(keys)).split('.');
        return `Bearer ${h}.${segment(await claims())}.${s}`;
      },
    ],
    ['garbage', async () => 'Bearer !!!not-a-token'],
    ['an empty bearer', async () => 'Bearer '],
    ['Basic credentials', async () => `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['a huge header', async () => `Bearer ${'a'.repeat(10_000)}`],
  ];

  it.each(bad)('serves %s as anonymous, never rejecting', async (_name, header) => {
    const { app, lines } = await build();
    expect(await whoWith(app, await header())).toBeNull();
    expect(lines.some((l) => 'client_id' in l)).toBe(false);
  });

  it('verifies against a remote JWKS, fetched once, and stays anonymous when it is unreachable', async () => {
    const keyServer = Fastify({ logger: false });
    let fetches = 0;
    keyServer.get('/.well-known/jwks.json', async () => {
      fetches++;
      return keys.publicJwks;
    });
    const base = await keyServer.listen({ host: '127.0.0.1', port: 0 });
    onTestFinished(() => keyServer.close());

    const { app } = await build({ issuer, jwksUrl: `${base}/.well-known/jwks.json` });
    expect(await whoWith(app, `Bearer ${await sign(keys, { clientId: 'a' })}`)).toBe('a');
    expect(await whoWith(app, `Bearer ${await sign(keys, { clientId: 'b' })}`)).toBe('b');
    expect(fetches).toBe(1);

    const { app: offline } = await build({
      issuer,
      jwksUrl: 'http://127.0.0.1:1/.well-known/jwks.json',
    });
    expect(await whoWith(offline, `Bearer ${await sign(keys)}`)).toBeNull();
  });
});
