import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** An RFC 9457 problem document, the error format of every JSON endpoint of the web app. */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail?: string;
  readonly instance?: string;
}

/** Builds the problem document for a status; `detail` only ever carries client-safe text. */
export function problem(status: number, detail?: string, instance?: string): Problem {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    ...(detail === undefined ? {} : { detail }),
    ...(instance === undefined ? {} : { instance }),
  };
}

/**
 * The app's one error handler: client errors keep their message, anything else is logged in full
 * and answered without internals (no stack, no path).
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
      ? error.statusCode
      : 500;
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ err: { code: error.code, message: error.message } }, 'client error');
  return reply
    .code(status)
    .type('application/problem+json')
    .send(problem(status, status < 500 ? error.message : undefined, request.url));
}

/** 404 for any route the app does not know. */
export function handleNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .type('application/problem+json')
    .send(problem(404, `No resource at ${request.url.split('?')[0]}`, request.url));
}
