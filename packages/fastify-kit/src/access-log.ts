import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { type Logger, symbols } from 'pino';
import { isWarmRequest } from './warm-request.js';

// The parts of a pino logger the access line is written with (pino exports these symbols for
// libraries that write for it): its destination, and its bindings as pino serialised them.
type PinoInternals = Logger & Record<symbol, unknown>;

/**
 * Fastify's request log lines, one per request instead of two: no `incoming request` line, and a
 * `request completed` line that says everything an access log needs, `{ method, url, statusCode,
 * responseTime }` beside the request logger's bindings (`reqId`, and `client_id` when a token was
 * attributed). Fastify's default wrote the request when it came in and the status when it went
 * out: the same `reqId` twice, and a tenth of a small request's CPU time at `LOG_LEVEL=info`.
 * A failed response is still logged as Fastify does (`request errored`, at `error`), with the
 * request's method and URL added.
 *
 * The access line is the one line every request pays for, so it is put together here rather
 * than by pino's generic object walk: the same JSON pino writes for `log.info(fields, msg)` with
 * this service's logger options (no formatters, epoch time), at a fraction of the cost. A logger that
 * is not pino gets the fields through `info`.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request) || isWarmRequest(request)) return;
    const { method, url } = request.raw;
    // Milliseconds to the microsecond: a double's every digit costs as much to print as the rest
    // of the line, and says nothing.
    const responseTime = Math.round(reply.elapsedTime * 1_000) / 1_000;
    if (error) {
      reply.log.error(
        { method, url, statusCode: reply.statusCode, responseTime, err: error },
        'request errored',
      );
      return;
    }
    writeAccessLine(reply.log, method, url, reply.statusCode, responseTime);
  }
}

/** The `request completed` line, as `log.info({ method, url, statusCode, responseTime }, msg)`. */
export function writeAccessLine(
  log: FastifyBaseLogger,
  method: string | undefined,
  url: string | undefined,
  statusCode: number,
  responseTime: number,
): void {
  const pino = log as PinoInternals;
  const stream = pino[symbols.streamSym] as { write(line: string): unknown } | undefined;
  const bindings = pino[symbols.chindingsSym];
  // pino leaves an undefined field out, where JSON.stringify would give no JSON at all.
  if (
    stream === undefined ||
    typeof bindings !== 'string' ||
    method === undefined ||
    url === undefined
  ) {
    log.info({ method, url, statusCode, responseTime }, 'request completed');
    return;
  }
  if (!pino.isLevelEnabled('info')) return;
  stream.write(
    `{"level":30,"time":${epochText()}${bindings},"method":${JSON.stringify(method)},"url":${JSON.stringify(url)},"statusCode":${statusCode},"responseTime":${millisText(responseTime)},"msg":"request completed"}\n`,
  );
}

// Printing a double (the epoch in milliseconds is past 2^31) takes V8's general number-to-text
// path: the two numbers were a fifth of the line's own cost. Under load a hundred lines share one
// millisecond, and a duration to the microsecond prints from two small integers.
let lastEpoch = 0;
let lastEpochText = '0';
function epochText(): string {
  const now = Date.now();
  if (now !== lastEpoch) {
    lastEpoch = now;
    lastEpochText = String(now);
  }
  return lastEpochText;
}

// `.5`, `.05`, `.005` ... for 1-999 thousandths, as JavaScript prints them (no trailing zero).
const THOUSANDTHS = Array.from({ length: 1_000 }, (_, n) =>
  n === 0 ? '' : `.${String(n).padStart(3, '0').replace(/0+$/, '')}`,
);

/** `ms` (to the microsecond) as `String(ms)` prints it: `1.25`, `0.005`, `14`. */
export function millisText(ms: number): string {
  const us = Math.round(ms * 1_000);
  if (!(us >= 0 && us < 2 ** 31)) return String(ms);
  const whole = Math.floor(us / 1_000);
  return `${whole}${THOUSANDTHS[us - whole * 1_000]}`;
}

/**
 * Adds `fields` to every later log line of the request, its access line included: how an app puts
 * what it learnt while answering (the caller's `client_id`, the MCP method called) on the one
 * line, rather than writing a line of its own.
 */
export function bindRequestLog(request: FastifyRequest, fields: Record<string, unknown>): void {
  // Fastify's request logger is a pino child, which takes more bindings after it is made.
  (request.log as { setBindings?: (bindings: object) => void }).setBindings?.(fields);
}

/**
 * {@link bindRequestLog} for what an app learns once it has answered (the MCP method called): the
 * access line is the only line left to carry it, so below `info`, where there is none, nothing is
 * bound (pino serialises bound fields at once, a microsecond or two for nothing).
 */
export function bindAccessLine(request: FastifyRequest, fields: Record<string, unknown>): void {
  const log = request.log as Partial<Pick<Logger, 'isLevelEnabled'>>;
  if (log.isLevelEnabled?.('info') === false) return;
  bindRequestLog(request, fields);
}
