import {
  AnonymousRegistrationResponseSchema,
  OAuthErrorSchema,
  TokenResponseSchema,
} from '@repo/catalog-core';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { build } from '../helper.js';
import {
  authorization,
  contentType,
  fuzz,
  nastyString,
  rawBody,
  TIME_BOUND_MS,
  tokenForm,
} from './arbitraries.js';

const token = Compile(TokenResponseSchema);
const registration = Compile(AnonymousRegistrationResponseSchema);
const oauthError = Compile(OAuthErrorSchema);
// Rate limiting is off: hundreds of requests from one address are the point here.
const ENV = { RATE_LIMIT_TOKEN: '0' };

async function send(app: FastifyInstance, options: InjectOptions) {
  const started = performance.now();
  const response = await app.inject(options);
  return { response, ms: performance.now() - started };
}

const shorten = (s: string) => (s.length > 200 ? `${s.slice(0, 190)}…(${s.length} chars)` : s);

/**
 * Every answer of the token endpoint and of `POST /auth.md`: no 5xx, in time, `application/json`,
 * never stored, and either the success body or an RFC 6749 error body.
 */
function checkAnswer(
  what: string,
  response: LightMyRequestResponse,
  ms: number,
  success: (body: unknown) => boolean,
) {
  const where = `${shorten(what)} → ${response.statusCode} ${shorten(response.body)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  expect(ms, `${where} took ${Math.round(ms)} ms`).toBeLessThan(TIME_BOUND_MS);
  expect(response.headers['content-type'], where).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control'], where).toBe('no-store');
  const body = JSON.parse(response.body) as unknown;
  if (response.statusCode === 200) expect(success(body), where).toBe(true);
  else expect(oauthError.Check(body), where).toBe(true);
}

describe('fuzzing the token endpoint', () => {
  it('answers any form with a token or an OAuth error', async () => {
    const app = await build(ENV);
    const statuses = new Set<number>();
    await fuzz(
      fc.asyncProperty(tokenForm, authorization, async (fields, auth) => {
        const payload = new URLSearchParams(fields).toString();
        const { response, ms } = await send(app, {
          method: 'POST',
          url: '/oauth/token',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            ...(auth === undefined ? {} : { authorization: auth }),
          },
          payload,
        });
        checkAnswer(payload, response, ms, (b) => token.Check(b));
        statuses.add(response.statusCode);
        const grants = fields.filter(([k]) => k === 'grant_type');
        const ids = fields.filter(([k]) => k === 'client_id');
        const wellFormed =
          grants.length === 1 &&
          grants[0]?.[1] === 'client_credentials' &&
          ids.length === 1 &&
          (ids[0]?.[1].length ?? 0) > 0 &&
          (ids[0]?.[1].length ?? 0) <= 200;
        // Malformed requests get 400 (interface, token endpoint rule 3); a valid one is never refused
        // for its client_id (rule 2: any client_id) unless its scope is not public.
        if (!wellFormed) expect(response.statusCode, payload).toBe(400);
        const scopes = fields.filter(([k]) => k === 'scope');
        if (wellFormed && scopes.length === 0) expect(response.statusCode, payload).toBe(200);
      }),
      250,
    );
    expect([...statuses].sort()).toEqual([200, 400]);
  });

  it('answers any raw body, content type and method with an OAuth error or a token', async () => {
    const app = await build(ENV);
    const method = fc.constantFrom('POST', 'POST', 'POST', 'PUT', 'GET', 'DELETE', 'PATCH');
    await fuzz(
      fc.asyncProperty(rawBody, contentType, method, async (payload, type, m) => {
        const { response, ms } = await send(app, {
          method: m as 'POST',
          url: '/oauth/token',
          headers: type === '' ? {} : { 'content-type': type },
          ...(m === 'GET' ? {} : { payload }),
        });
        if (m !== 'POST') expect(response.statusCode).toBe(405);
        if (m === 'POST' && response.statusCode !== 200) expect(response.statusCode).toBe(400);
        const what = `${m} ${type} ${String(payload).slice(0, 100)}`;
        // A GET's 405 is Fastify's HEAD twin too; both carry the same OAuth body.
        checkAnswer(what, response, ms, (b) => token.Check(b));
      }),
      200,
    );
  });
});

describe('fuzzing POST /auth.md', () => {
  it('answers any JSON or raw body with a registration or an OAuth error', async () => {
    const app = await build(ENV);
    const json = fc
      .record(
        {
          type: fc.oneof(fc.constant('anonymous'), nastyString),
          requested_credential_type: fc.oneof(fc.constant('access_token'), nastyString),
          client_id: fc.oneof(fc.constant('my-agent'), nastyString),
          extra: fc.jsonValue({ maxDepth: 2 }),
        },
        { requiredKeys: [] },
      )
      .map((v) => JSON.stringify(v));
    await fuzz(
      fc.asyncProperty(
        fc.oneof({ weight: 3, arbitrary: json }, { weight: 1, arbitrary: rawBody }),
        fc.oneof(
          { weight: 3, arbitrary: fc.constant('application/json') },
          { weight: 1, arbitrary: contentType },
        ),
        async (payload, type) => {
          const { response, ms } = await send(app, {
            method: 'POST',
            url: '/auth.md',
            headers: type === '' ? {} : { 'content-type': type },
            payload,
          });
          checkAnswer(`${type} ${String(payload)}`, response, ms, (b) => registration.Check(b));
        },
      ),
      200,
    );
  });
});
