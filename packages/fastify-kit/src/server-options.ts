import { answerClientError, type HttpLimits, requestIdOf } from '@repo/ops';
import { AccessLog } from './access-log.js';

/** Largest body of a route that sets no limit of its own; every POST sets a smaller one. */
export const DEFAULT_BODY_LIMIT = 65_536;

// Node checks the header and request deadlines on a timer (30 s by default); once a second makes
// a deadline hold to within a second at the cost of one pass over the open sockets.
const CHECK_INTERVAL_MS = 1_000;

// Longer than the gateway's idle upstream connections (nginx: 60 s), so the app never closes a
// kept-alive connection the gateway is about to reuse.
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * The Fastify factory options every server entry shares, so that slow clients cannot hold the
 * server and every log line carries the request's id:
 *
 * - headers must arrive within `headersTimeoutMs` and the whole request within `requestTimeoutMs`
 *   (Node answers 408 and closes), and a socket silent for `requestTimeoutMs` is closed (a client
 *   that stops reading its response);
 * - a body without a route limit is capped at {@link DEFAULT_BODY_LIMIT};
 * - the request id is a valid `X-Request-Id` or a new UUID ({@link requestIdOf}); Fastify's
 *   `requestIdHeader` is off because it takes the header unchecked;
 * - requests Node refuses before routing (431, 408, 400) get problem+json and `Connection: close`
 *   ({@link answerClientError});
 * - each request writes one access line when it completes ({@link AccessLog}), not two.
 *
 * {@link startServer} spreads it into `Fastify({...})`; a test server can too.
 */
export function serverOptions(limits: HttpLimits) {
  return {
    connectionTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: CHECK_INTERVAL_MS,
    },
    bodyLimit: DEFAULT_BODY_LIMIT,
    requestIdHeader: false as const,
    genReqId: requestIdOf,
    clientErrorHandler: answerClientError,
    logController: new AccessLog(),
  };
}
