// A pooling HTTP client for tests of what reaches the socket: Node's own agent with keep-alive and
// one socket, as the clients of real agents pool connections. Test-only; not exported from the
// package root.
import { Agent, type IncomingHttpHeaders, request } from 'node:http';

/** One request of a {@link KeepAliveClient}. */
export interface RawRequest {
  readonly method?: string;
  /** Path and query, sent as given (no encoding is added). */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

/** What came back, and over which socket. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** True when the request went over a socket an earlier request had used. */
  readonly reusedSocket: boolean;
}

/** Requests to one origin over one kept-alive socket at a time. */
export interface KeepAliveClient {
  send(request: RawRequest): Promise<RawAnswer>;
  /**
   * Sends `first`, then `follow` (a plain request that must succeed), and checks the connection
   * contract between them: when the first answer did not say `Connection: close`, the follow
   * goes over the same socket. A server that closes a connection without saying so fails here
   * (the follow opens a new socket, or meets "socket hang up").
   *
   * @throws {Error} naming both requests, when the follow fails or the contract is broken.
   */
  sendThenFollow(
    first: RawRequest,
    follow: RawRequest,
  ): Promise<{ first: RawAnswer; follow: RawAnswer }>;
  close(): void;
}

const describe = (r: RawRequest) =>
  `${r.method ?? 'GET'} ${r.path.length > 80 ? `${r.path.slice(0, 70)}…(${r.path.length} chars)` : r.path}`;

/**
 * A client over `new Agent({ keepAlive: true, maxSockets: 1 })`.
 *
 * @example
 * const client = keepAliveClient('http://127.0.0.1:8080');
 * const { first } = await client.sendThenFollow({ path: `/?q=${'a'.repeat(60_000)}` }, { path: '/' });
 */
export function keepAliveClient(origin: string): KeepAliveClient {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  const send = (r: RawRequest) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const req = request(
        `${origin}${r.path}`,
        { agent, method: r.method ?? 'GET', headers: { ...r.headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              reusedSocket: req.reusedSocket,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(r.body);
    });

  return {
    send,
    async sendThenFollow(first, follow) {
      // A warm socket first, so "reused" means something for the first request too.
      const firstAnswer = await send(first);
      const saidClose = firstAnswer.headers.connection?.toLowerCase() === 'close';
      let followAnswer: RawAnswer;
      try {
        followAnswer = await send(follow);
      } catch (err) {
        throw new Error(
          `${describe(follow)} after ${describe(first)} (${firstAnswer.status}) failed: ${(err as Error).message}`,
          { cause: err },
        );
      }
      if (!saidClose && !followAnswer.reusedSocket) {
        throw new Error(
          `${describe(first)} was answered ${firstAnswer.status} without Connection: close, yet the connection did not carry ${describe(follow)}`,
        );
      }
      return { first: firstAnswer, follow: followAnswer };
    },
    close: () => agent.destroy(),
  };
}
