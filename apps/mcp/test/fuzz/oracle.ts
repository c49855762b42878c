import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { expect } from 'vitest';
import { TIME_BOUND_MS } from './arbitraries.js';

// JSON-RPC 2.0 section 5: a response carries the request's id (null when it could not be read)
// and exactly one of `result` and `error`.
const Id = Type.Union([Type.String(), Type.Integer(), Type.Null()]);
const RpcResponse = Type.Union([
  Type.Object(
    { jsonrpc: Type.Literal('2.0'), id: Id, result: Type.Object({}) },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      jsonrpc: Type.Literal('2.0'),
      id: Id,
      error: Type.Object(
        { code: Type.Integer(), message: Type.String(), data: Type.Optional(Type.Unknown()) },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  ),
]);
const checkResponse = Compile(RpcResponse);

/** Sends one request and measures it. */
export async function timedInject(app: FastifyInstance, options: InjectOptions) {
  const started = performance.now();
  const response = await app.inject(options);
  return { response, ms: performance.now() - started };
}

const shorten = (s: string) => (s.length > 200 ? `${s.slice(0, 190)}…(${s.length} chars)` : s);

/**
 * The invariants of every `/mcp` answer: no 5xx, within the time bound, 202 with an empty body,
 * else `application/json` holding a JSON-RPC response object (or, for a batch, an array of them).
 * Returns the parsed responses.
 */
export function checkRpcAnswer(
  what: string,
  response: LightMyRequestResponse,
  ms: number,
): Record<string, unknown>[] {
  const where = `${shorten(what)} → ${response.statusCode} ${shorten(response.body)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  expect(ms, `${where} took ${Math.round(ms)} ms`).toBeLessThan(TIME_BOUND_MS);
  if (response.statusCode === 202) {
    expect(response.body, where).toBe('');
    return [];
  }
  expect(response.headers['content-type'], where).toBe('application/json; charset=utf-8');
  const body = JSON.parse(response.body) as unknown;
  const items = Array.isArray(body) ? body : [body];
  if (Array.isArray(body)) expect(body.length, where).toBeGreaterThan(0);
  for (const item of items) expect(checkResponse.Check(item), where).toBe(true);
  return items as Record<string, unknown>[];
}
