import { describe, expect, it } from 'vitest';
import { BASE_URL, build, decodeJwt } from '../helper.js';

describe('GET /auth.md', () => {
  it('is Markdown with an auth.md H1 that says no credential is needed', async () => {
    const app = await build({ CONTACT_EMAIL: 'partners@shop.example' });
    const response = await app.inject('/auth.md');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    const text = response.body;
    expect(text.split('\n')[0]).toMatch(/^# .*auth\.md/);
    expect(text).toContain('**No credential is needed.**');
    expect(text).toContain('registration is not needed');
    expect(text).toContain('partners@shop.example');
  });

  it('walks the discovery order with real URLs from BASE_URL', async () => {
    const app = await build();
    const text = (await app.inject('/auth.md')).body;
    const steps = [
      `GET ${BASE_URL}/.well-known/oauth-protected-resource`,
      `GET ${BASE_URL}/.well-known/oauth-authorization-server`,
      `curl -s -X POST ${BASE_URL}/oauth/token`,
      'Authorization: Bearer <ACCESS_TOKEN>',
    ];
    const positions = steps.map((step) => text.indexOf(step));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const url of text.match(/https?:\/\/[^\s`>)'"]+/g) ?? []) {
      expect(url.startsWith(BASE_URL)).toBe(true);
    }
    expect(text).not.toContain('localhost');
  });

  it('answers HEAD too', async () => {
    const app = await build();
    const response = await app.inject({ method: 'HEAD', url: '/auth.md' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
  });
});

describe('POST /auth.md', () => {
  it('registers anonymously and answers with the same kind of token as /oauth/token', async () => {
    const app = await build();
    const response = await app.inject({
      method: 'POST',
      url: '/auth.md',
      payload: { type: 'anonymous' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({
      registration_type: 'anonymous',
      credential_type: 'access_token',
      scopes: ['public'],
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'public',
    });
    expect(body.credential).toBe(body.access_token);
    expect(body.client_id).toBe(`anonymous-${body.registration_id}`);
    const { header, payload } = decodeJwt(body.access_token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    expect(payload).toMatchObject({ iss: BASE_URL, client_id: body.client_id, scope: 'public' });
    expect(new Date(body.credential_expires).getTime()).toBe(payload.exp * 1000);
  });

  it('lets the agent choose its client_id', async () => {
    const app = await build();
    const response = await app.inject({
      method: 'POST',
      url: '/auth.md',
      payload: {
        type: 'anonymous',
        requested_credential_type: 'access_token',
        client_id: 'my-agent',
      },
    });
    expect(decodeJwt(response.json().access_token).payload.client_id).toBe('my-agent');
  });

  it.each([
    ['another type', { type: 'identity_assertion' }, /type must be anonymous/],
    ['no type', {}, /type is required/],
    [
      'an API key request',
      { type: 'anonymous', requested_credential_type: 'api_key' },
      /requested_credential_type must be access_token/,
    ],
    ['a JSON array', [], /the body must be a JSON object/],
    ['broken JSON', '{"type":', /the body must be a JSON object/],
    ['a form', 'type=anonymous', /Content-Type must be application\/json/],
  ])('refuses %s with a clear 400', async (_name, payload, message) => {
    const app = await build();
    const response = await app.inject({
      method: 'POST',
      url: '/auth.md',
      headers: {
        'content-type':
          payload === 'type=anonymous' ? 'application/x-www-form-urlencoded' : 'application/json',
      },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: expect.stringMatching(message),
    });
  });
});
