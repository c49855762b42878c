import { createKeySet, generateSigningKey, type KeySet, signAccessToken } from '@repo/jwt';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { attributionPlugin as attribution } from '../src/index.js';
import { logLines } from './helper.js';

// The plugin's wiring: which token verifies, and why others do not, is tested with
// createClientAttribution in @repo/jwt.
const issuer = 'https://shop.example';
let keys: KeySet;
let otherKeys: KeySet;

beforeAll(async () => {
  keys = await createKeySet({ keys: [generateSigningKey('k1')], currentKid: 'k1' });
  otherKeys = await createKeySet({ keys: [generateSigningKey('k1')], currentKid: 'k1' });
});

const sign = (set: KeySet) =>
  signAccessToken(set, { issuer, audience: issuer, clientId: 'agent-7', scope: 'public' }).then(
    (t) => t.token,
  );

/** An app with the plugin and one route that echoes what it knows; logs captured as JSON lines. */
async function build() {
  const { lines, stream } = logLines();
  const app = Fastify({ logger: { level: 'info', stream } });
  await app.register(attribution, { issuer, jwks: keys.publicJwks });
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

  it.each([
    ['a forged token', async () => `Bearer ${await sign(otherKeys)}`],
    ['garbage', async () => 'Bearer !!!not-a-token'],
  ])('serves %s as anonymous, never rejecting', async (_name, header) => {
    const { app, lines } = await build();
    expect(await whoWith(app, await header())).toBeNull();
    expect(lines.some((l) => 'client_id' in l)).toBe(false);
  });
});
