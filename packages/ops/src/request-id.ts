import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** The header that carries a request's id in and out (the gateway sets it). */
export const REQUEST_ID_HEADER = 'x-request-id';

// Short and printable, so an id a client chose can go into logs and a response header as it is:
// nginx's $request_id (32 hex digits), UUIDs and the usual trace ids all fit.
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request: its `X-Request-Id` when that is 1 to 128 characters of `A-Z a-z 0-9 . _ : -`,
 * else a new UUID. Given to Fastify as `genReqId`, so it is the `reqId` of every log line.
 */
export function requestIdOf(request: { readonly headers: IncomingHttpHeaders }): string {
  const header = request.headers[REQUEST_ID_HEADER];
  return typeof header === 'string' && SAFE_ID.test(header) ? header : randomUUID();
}
