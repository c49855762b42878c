import { describe, expect, it } from 'vitest';
import { buildLogged, internalsIn } from './helpers.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
// What a failure deep inside would carry in its message and stack.
const SECRET = 'signing failed at /srv/app/node_modules/jose/dist/sign.ts:12:7';

describe('error bodies of the auth app', () => {
  it('show no stack, source file or path, whatever the error', async () => {
    const { app } = await buildLogged({ RATE_LIMIT_TOKEN: '4' });
    const cases = [
      {
        status: 400,
        request: {
          method: 'POST' as const,
          url: '/oauth/token',
          headers: FORM,
          payload: 'grant_type=x',
        },
      },
      { status: 404, request: { method: 'GET' as const, url: '/no/such/thing' } },
      { status: 405, request: { method: 'DELETE' as const, url: '/oauth/token' } },
      // Too large and the wrong media type are malformed requests in OAuth terms (400).
      {
        status: 400,
        request: {
          method: 'POST' as const,
          url: '/oauth/token',
          headers: FORM,
          payload: `client_id=${'a'.repeat(10_000)}`,
        },
      },
      {
        status: 400,
        request: {
          method: 'POST' as const,
          url: '/auth.md',
          headers: { 'content-type': 'application/xml' },
          payload: '<a/>',
        },
      },
      {
        status: 400,
        request: {
          method: 'POST' as const,
          url: '/auth.md',
          headers: { 'content-type': 'application/json' },
          payload: '{"type":',
        },
      },
      {
        status: 429,
        request: {
          method: 'POST' as const,
          url: '/oauth/token',
          headers: FORM,
          payload: 'grant_type=x',
        },
      },
    ];
    for (const { status, request } of cases) {
      const response = await app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(status);
      expect(internalsIn(response.body), response.body).toEqual([]);
    }
  });

  it('answer a failure inside with server_error and nothing of the failure itself', async () => {
    const { app, log } = await buildLogged();
    app.tokenIssuer.issue = async () => {
      throw new Error(SECRET);
    };
    for (const request of [
      {
        method: 'POST' as const,
        url: '/oauth/token',
        headers: FORM,
        payload: 'grant_type=client_credentials&client_id=a',
      },
      {
        method: 'POST' as const,
        url: '/auth.md',
        headers: { 'content-type': 'application/json' },
        payload: '{"type":"anonymous"}',
      },
    ]) {
      const response = await app.inject(request);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: 'server_error',
        error_description: expect.any(String),
      });
      expect(response.body).not.toContain('signing failed');
      expect(internalsIn(response.body)).toEqual([]);
    }
    // The operator still learns what failed, in the log.
    expect(log()).toContain('signing failed');
  });
});
