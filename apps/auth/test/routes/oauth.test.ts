import { MAX_CLIENT_ID_LENGTH } from '@repo/catalog-core';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BASE_URL, build, decodeJwt, form } from '../helper.js';

const good = { grant_type: 'client_credentials', client_id: 'agent-7', scope: 'public' };

describe('POST /oauth/token', () => {
  it('issues an RFC 9068 ES256 token with the documented response and no-store', async () => {
    const app = await build();
    const before = Math.floor(Date.now() / 1000);
    const response = await app.inject({ method: 'POST', url: '/oauth/token', ...form(good) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.pragma).toBe('no-cache');
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type']);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'public' });
    const { header, payload } = decodeJwt(body.access_token);
    expect(header).toEqual({ alg: 'ES256', kid: 'test-key', typ: 'at+jwt' });
    expect(payload).toMatchObject({
      iss: BASE_URL,
      sub: 'agent-7',
      client_id: 'agent-7',
      aud: [BASE_URL, `${BASE_URL}/mcp`],
      scope: 'public',
    });
    expect(payload.iat).toBeGreaterThanOrEqual(before);
    expect(payload.exp).toBe(payload.iat + 3600);
    expect(typeof payload.jti).toBe('string');
  });

  it('accepts a request without scope and ignores unknown fields (RFC 6749 section 3.2)', async () => {
    const app = await build();
    const response = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      ...form({ grant_type: 'client_credentials', client_id: 'a b/~', resource: BASE_URL }),
    });
    expect(response.statusCode).toBe(200);
    expect(decodeJwt(response.json().access_token).payload.client_id).toBe('a b/~');
  });

  const json = { 'content-type': 'application/json' };
  const bytes = (...b: number[]) => Buffer.from(b);
  const bad: [string, number, string, RegExp, InjectOptions][] = [
    ['GET', 405, 'invalid_request', /only POST/, { method: 'GET' }],
    ['HEAD', 405, '', /^$/, { method: 'HEAD' }],
    [
      'PUT with a JSON body',
      405,
      'invalid_request',
      /only POST/,
      { method: 'PUT', headers: json, payload: '{}' },
    ],
    ['DELETE', 405, 'invalid_request', /only POST/, { method: 'DELETE' }],
    ['PATCH', 405, 'invalid_request', /only POST/, { method: 'PATCH', ...form(good) }],
    ['OPTIONS', 405, 'invalid_request', /only POST/, { method: 'OPTIONS' }],
    [
      'missing grant_type',
      400,
      'invalid_request',
      /grant_type is required/,
      { method: 'POST', ...form({ client_id: 'a' }) },
    ],
    [
      'grant_type=password',
      400,
      'unsupported_grant_type',
      /grant_type must be client_credentials/,
      { method: 'POST', ...form({ ...good, grant_type: 'password' }) },
    ],
    [
      'missing client_id',
      400,
      'invalid_request',
      /client_id is required/,
      { method: 'POST', ...form({ grant_type: 'client_credentials' }) },
    ],
    [
      'an empty client_id',
      400,
      'invalid_request',
      /client_id/,
      { method: 'POST', ...form({ ...good, client_id: '' }) },
    ],
    [
      'an oversized client_id',
      400,
      'invalid_request',
      /client_id must NOT have more than 200/,
      { method: 'POST', ...form({ ...good, client_id: 'x'.repeat(MAX_CLIENT_ID_LENGTH + 1) }) },
    ],
    [
      'a repeated client_id',
      400,
      'invalid_request',
      /client_id must be given once/,
      {
        method: 'POST',
        headers: form(good).headers,
        payload: 'grant_type=client_credentials&client_id=a&client_id=b',
      },
    ],
    [
      'scope=admin',
      400,
      'invalid_scope',
      /scope must be public/,
      { method: 'POST', ...form({ ...good, scope: 'admin' }) },
    ],
    [
      'a JSON body',
      400,
      'invalid_request',
      /Content-Type must be application\/x-www-form-urlencoded/,
      { method: 'POST', headers: json, payload: JSON.stringify(good) },
    ],
    ['an empty body', 400, 'invalid_request', /the body must be a form/, { method: 'POST' }],
    [
      'an empty form',
      400,
      'invalid_request',
      /grant_type is required/,
      { method: 'POST', ...form({}) },
    ],
    [
      'an empty JSON body',
      400,
      'invalid_request',
      /Content-Type must be/,
      { method: 'POST', headers: json, payload: '' },
    ],
    [
      'garbage bytes',
      400,
      'invalid_request',
      /Content-Type must be/,
      {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        payload: bytes(0, 255, 1, 254, 0x1b),
      },
    ],
    [
      'garbage bytes without a content type',
      400,
      'invalid_request',
      /Content-Type must be/,
      { method: 'POST', payload: bytes(0, 255, 1, 254) },
    ],
    [
      'garbage bytes as a form',
      400,
      'invalid_request',
      /grant_type is required/,
      {
        method: 'POST',
        headers: form(good).headers,
        payload: bytes(0x25, 0xff, 0x3d, 0x26, 0x00, 0x25),
      },
    ],
    [
      'a 10 KB form',
      400,
      'invalid_request',
      /too large/,
      { method: 'POST', ...form({ ...good, pad: 'x'.repeat(10_000) }) },
    ],
    [
      'a text body',
      400,
      'invalid_request',
      /Content-Type must be/,
      {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        payload: 'grant_type=client_credentials',
      },
    ],
  ];

  it.each(bad)('answers %s with %i %s', async (_name, status, error, description, request) => {
    const app = await build();
    const response = await app.inject({ url: '/oauth/token', ...request });
    expect(response.statusCode).toBe(status);
    expect(response.statusCode).toBeLessThan(500);
    if (status === 405) expect(response.headers.allow).toBe('POST');
    // HEAD answers carry no body on the wire; the status and Allow are what a client sees.
    if (request.method === 'HEAD') return;
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      error,
      error_description: expect.stringMatching(description),
    });
    expect(response.body).not.toMatch(/at .*\.(js|ts):\d+|node_modules|\/src\//);
  });
});
