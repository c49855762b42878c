import { describe, expect, it } from 'vitest';
import { buildLogged } from './helpers.js';

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/oauth/token',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});
const register = (clientId: string) => ({
  method: 'POST' as const,
  url: '/auth.md',
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify({ type: 'anonymous', client_id: clientId }),
});

// Each would end a log line and start a forged one, recolour a terminal, or cut a C string.
const forged = '\n{"level":50,"msg":"forged","forged":true}';
const CONTROL: [string, string][] = [
  ['CR LF and a forged JSON line', `agent\r${forged}`],
  ['LF alone', `agent${forged}`],
  ['an ANSI escape', 'agent\u001b[2J\u001b[31mred'],
  ['NUL', 'agent\u0000admin'],
  ['TAB', 'agent\tx'],
  ['DEL', 'agent\u007f'],
  ['a C1 control', 'agent\u0085next'],
  ['non-ASCII', 'agént'],
  ['a Unicode line separator', 'agent\u2028forged'],
];

/** Every line the logger wrote is one JSON object, and none of them is the forged one. */
function expectUnforgeable(raw: string) {
  const lines = raw.split('\n').filter((l) => l !== '');
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    const entry = JSON.parse(line) as Record<string, unknown>;
    expect(entry.forged).toBeUndefined();
    expect(entry.msg).not.toBe('forged');
    // pino escapes control characters inside strings, so no raw one reaches the stream.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for raw control characters
    expect(line).not.toMatch(/[\u0000-\u001f\u007f]/);
  }
}

describe('client_id is printable ASCII (RFC 6749 VSCHAR)', () => {
  it.each(CONTROL)('the token endpoint refuses one with %s', async (_name, clientId) => {
    const { app, log } = await buildLogged();
    const response = await app.inject(
      form({ grant_type: 'client_credentials', client_id: clientId }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request' });
    expect(response.json().error_description).toMatch(/^client_id /);
    expectUnforgeable(log());
  });

  it.each(CONTROL)('POST /auth.md refuses one with %s', async (_name, clientId) => {
    const { app, log } = await buildLogged();
    const response = await app.inject(register(clientId));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request' });
    expectUnforgeable(log());
  });

  it('accepts every printable character, spaces and quotes included', async () => {
    const { app } = await buildLogged();
    const clientId = ' !"#$%&\'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~';
    const token = await app.inject(form({ grant_type: 'client_credentials', client_id: clientId }));
    expect(token.statusCode).toBe(200);
    const registration = await app.inject(register(clientId));
    expect(registration.statusCode).toBe(200);
    expect(registration.json().client_id).toBe(clientId);
  });
});

describe('log lines cannot be forged', () => {
  it('through the User-Agent, the URL, the request id or a header, whatever the answer', async () => {
    const { app, log } = await buildLogged();
    const requests = [
      { url: '/oauth/token', method: 'GET' as const, headers: { 'user-agent': `x${forged}` } },
      { url: `/.well-known/jwks.json?q=${encodeURIComponent(forged)}`, method: 'GET' as const },
      { url: '/auth.md', method: 'GET' as const, headers: { 'x-request-id': `id${forged}` } },
      {
        ...form({ grant_type: 'client_credentials', client_id: 'ok' }),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': `\u001b[31m${forged}`,
          referer: `\r${forged}`,
        },
      },
    ];
    for (const request of requests) await app.inject(request);
    expectUnforgeable(log());
    // Each request wrote its own two lines (received, completed) and nothing more.
    expect(log().split('\n').filter(Boolean)).toHaveLength(requests.length * 2);
  });
});
