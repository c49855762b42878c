import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

// How long a refused connection is kept open to read what the client is still sending. Closing a
// socket with unread bytes makes the kernel send a reset, which can discard the answer before the
// client reads it (a client still writing an over-long header meets exactly that).
const LINGER_MS = 2_000;

interface EarlyAnswer {
  readonly status: number;
  readonly detail: string;
}

// Node's parser and its deadlines report these codes; anything else is a malformed request.
const ANSWERS: Readonly<Record<string, EarlyAnswer>> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    detail: `The request line and headers exceed ${maxHeaderSize} bytes; send a shorter URL or fewer headers.`,
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    detail: 'The chunk extensions of the request body are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    detail: 'The request did not arrive in time; send it again on a new connection.',
  },
};
const BAD_REQUEST: EarlyAnswer = {
  status: 400,
  detail: 'The request is not valid HTTP/1.1.',
};

/** A connection error as Node's `clientError` event reports it. */
type ClientError = Error & { readonly code?: string };

// The raw HTTP/1.1 response of an early answer: problem+json, and the connection closes.
function earlyAnswer(code: string | undefined): string {
  const { status, detail } = (code !== undefined && ANSWERS[code]) || BAD_REQUEST;
  const title = STATUS_CODES[status] ?? 'Error';
  const body = JSON.stringify({ type: 'about:blank', title, status, detail });
  return (
    `HTTP/1.1 ${status} ${title}\r\n` +
    'Content-Type: application/problem+json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Cache-Control: no-store\r\n' +
    'Connection: close\r\n\r\n' +
    body
  );
}

/**
 * Answers a request Node refuses before any route sees it (headers over the size limit: 431,
 * headers or body too slow: 408, malformed: 400) and closes the connection, saying so with
 * `Connection: close`: a keep-alive client that is not told reuses the socket and its next
 * request fails. Fastify's own handler leaves that header out; pass this one as its
 * `clientErrorHandler` (it is part of {@link serverOptions}).
 *
 * Like Node's own handler, it writes nothing once a response has started on the socket (that
 * would corrupt it) and only closes it. The socket is half-closed after the answer and kept
 * reading for a moment, so that a client still sending its request gets the answer, not a reset.
 *
 * @example server.on('clientError', answerClientError)
 */
export function answerClientError(error: ClientError, socket: Duplex): void {
  // A reset connection is gone; a socket already answered (Node reports each later chunk of an
  // unparsable request again) needs nothing more.
  if (error.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return;
  const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(earlyAnswer(error.code));
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
