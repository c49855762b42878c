import { randomUUID } from 'node:crypto';
import { type AddressInfo, connect } from 'node:net';
import { finished } from 'node:stream/promises';
import type { CatalogVersion } from '@repo/catalog-io';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// A warm-up request names the version it reads by a token that lives in this process only for
// the length of the request: a client that sends the header gets the version that serves, its
// requests logged, counted and rate limited as any other.
const WARM_HEADER = 'x-catalog-warm';
const pending = new Map<string, CatalogVersion>();
const seen = new WeakSet<object>();

// Its own server answers a warm-up in milliseconds; one that takes this long is wedged.
const SOCKET_TIMEOUT_MS = 30_000;

/** A request worked out again before a swap (see {@link injectWarm}). */
export interface WarmRequest {
  /** The path and query, as the request that was kept had them. */
  readonly url: string;
  /**
   * The headers that choose the representation and its coding (`accept`, `accept-language`,
   * `accept-encoding`).
   */
  readonly headers: Readonly<Record<string, string>>;
}

/** What is read of a request to tell a warm-up (a `FastifyRequest` has it; tests pass less). */
export interface WarmCandidate {
  readonly headers?: FastifyRequest['headers'];
}

/** The version a warm-up request reads; undefined for every other request. */
export function warmVersion(request: WarmCandidate): CatalogVersion | undefined {
  const token = request.headers?.[WARM_HEADER];
  const version = typeof token === 'string' ? pending.get(token) : undefined;
  // Its token goes when its answer is read, possibly before its last hook runs.
  if (version !== undefined) seen.add(request);
  return version;
}

/**
 * Whether `request` is a warm-up: neither logged, counted in the metrics nor rate limited, since
 * no client sent it.
 */
export function isWarmRequest(request: WarmCandidate): boolean {
  return seen.has(request) || warmVersion(request) !== undefined;
}

/**
 * Sends `request` through `app` reading `version`, a version not yet swapped in, so that
 * whatever its routes keep per version is kept before the first client asks. Resolves to the
 * status code.
 *
 * A server that listens is asked through its own socket, as a client asks it. In-process
 * (`inject`), the requests and replies are objects of other classes than a client's, with other
 * hidden classes: V8 threw away the optimised code of the whole request path (Node's HTTP
 * server, Fastify's routing and hooks) at each reload under load, and the server answered its
 * clients from unoptimised code while it compiled it all again, on the core that serves them.
 * An app that does not listen (tests) is asked in-process.
 */
export async function injectWarm(
  app: FastifyInstance,
  version: CatalogVersion,
  request: WarmRequest,
): Promise<number> {
  const token = randomUUID();
  pending.set(token, version);
  try {
    const headers = { ...request.headers, [WARM_HEADER]: token };
    const address = app.server.listening ? app.server.address() : null;
    return address !== null && typeof address === 'object'
      ? await overSocket(address, request.url, headers)
      : await inProcess(app, request.url, headers);
  } finally {
    pending.delete(token);
  }
}

async function inProcess(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
): Promise<number> {
  // Streamed and drained, never read: `inject` otherwise copies each body into one buffer and
  // decodes it into a string. A page's is a large object, which only a full collection frees,
  // and a warm-up of hundreds of pages made the young collections of a loaded server several
  // times as long.
  const response = await app.inject({ method: 'GET', url, headers, payloadAsStream: true });
  await finished(response.stream().resume());
  return response.statusCode;
}

/**
 * One request on a connection of its own, closed by the server once it has answered: the answer
 * is read to its end without an HTTP client, whose classes (a client request, an incoming
 * response) share the server's code as `inject`'s do. Only its status line is parsed.
 */
function overSocket(
  address: AddressInfo,
  path: string,
  headers: Record<string, string>,
): Promise<number> {
  const fields = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  // Kept from a request Node parsed, where none can occur: a line break would split the request.
  if ([path, ...fields].some((part) => /[\r\n]/.test(part))) {
    return Promise.reject(new TypeError(`a warm-up request cannot hold a line break: ${path}`));
  }
  const host = loopbackOf(address.address);
  const head = [
    `GET ${path} HTTP/1.1`,
    `host: ${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    'connection: close',
    ...fields,
    '\r\n',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    let status = '';
    const socket = connect({ host, port: address.port });
    socket.setTimeout(SOCKET_TIMEOUT_MS, () =>
      socket.destroy(new Error(`no answer to a warm-up request in ${SOCKET_TIMEOUT_MS} ms`)),
    );
    socket.on('data', (chunk: Buffer) => {
      // The status line fits in the first few bytes: `HTTP/1.1 200 OK`.
      if (status.length < STATUS_END) status += chunk.toString('latin1', 0, STATUS_END);
    });
    socket.on('error', reject);
    socket.on('close', (failed) => {
      const code = /^HTTP\/1\.[01] (\d{3}) /.exec(status)?.[1];
      if (code !== undefined) resolve(Number(code));
      else if (!failed) reject(new Error(`no HTTP answer to a warm-up request: ${path}`));
    });
    // Written, not ended: a server that sees its client's end before it has answered aborts the
    // request (Node's default, without `httpAllowHalfOpen`).
    socket.write(head, 'latin1');
  });
}

// `HTTP/1.1 200 ` and the first byte of its reason.
const STATUS_END = 14;

// A server bound to every address is reached on the loopback of its family.
function loopbackOf(address: string): string {
  if (address === '0.0.0.0') return '127.0.0.1';
  return address === '::' ? '::1' : address;
}
