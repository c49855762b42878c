import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';

/** What the server was asked: the path and the headers that make a fetch conditional. */
export interface SeenRequest {
  readonly path: string;
  readonly ifNoneMatch?: string | undefined;
  readonly ifModifiedSince?: string | undefined;
}

/** A real HTTP server on a loopback port, closed when the test ends. */
export interface LocalServer {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** Every request, in the order it came. */
  readonly requests: readonly SeenRequest[];
  /** Closes the server and every connection it holds; a second call does nothing. */
  close(): Promise<void>;
}

/** Starts `handler` on a free loopback port for the length of the test. */
export async function startLocalServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<LocalServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((request, response) => {
    requests.push({
      path: request.url ?? '/',
      ifNoneMatch: request.headers['if-none-match'],
      ifModifiedSince: request.headers['if-modified-since'],
    });
    handler(request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closed;
  };
  onTestFinished(close);
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close,
  };
}

/** What a streaming answer managed to send before the client stopped reading. */
export interface StreamedBody {
  /** Bytes the socket took, once the client had stopped reading or the body was whole. */
  readonly written: Promise<number>;
  /** Whether the client closed the connection before the whole body went. */
  readonly cutShort: Promise<boolean>;
}

/**
 * Writes `total` bytes of `fill` to `response` in 64 KB chunks, waiting for the socket to drain
 * between them as a real server does, and reports how far it got.
 */
export function streamBody(response: ServerResponse, total: number, fill = 0x41): StreamedBody {
  const chunk = Buffer.alloc(64 * 1024, fill);
  let sent = 0;
  let resolveWritten: (bytes: number) => void = () => {};
  let resolveCut: (cut: boolean) => void = () => {};
  const written = new Promise<number>((resolve) => {
    resolveWritten = resolve;
  });
  const cutShort = new Promise<boolean>((resolve) => {
    resolveCut = resolve;
  });
  const finish = (cut: boolean) => {
    resolveWritten(response.socket?.bytesWritten ?? sent);
    resolveCut(cut);
  };
  response.on('close', () => finish(sent < total || !response.writableFinished));
  const pump = () => {
    while (sent < total && !response.destroyed) {
      const size = Math.min(chunk.length, total - sent);
      sent += size;
      if (!response.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
        response.once('drain', pump);
        return;
      }
    }
    if (sent >= total && !response.destroyed) response.end();
  };
  pump();
  return { written, cutShort };
}
