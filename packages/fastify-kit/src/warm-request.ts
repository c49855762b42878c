import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { finished } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import type { CatalogVersion } from '@repo/catalog-io';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WarmAnswer, WarmSend } from './warm-client.js';

// A warm-up request names the version it reads by a token that lives in this process only for
// the length of the request: a client that sends the header gets the version that serves, its
// requests logged, counted and rate limited as any other.
const WARM_HEADER = 'x-catalog-warm';
const pending = new Map<string, CatalogVersion>();
const seen = new WeakSet<object>();

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
 * A server that listens is asked through its own socket, as a client asks it, by a thread of its
 * own. In-process (`inject`), the requests and replies are objects of other classes than a
 * client's, with other hidden classes: V8 threw away the optimised code of the whole request
 * path (Node's HTTP server, Fastify's routing and hooks) at each reload under load, and the
 * server answered its clients from unoptimised code while it compiled it all again, on the core
 * that serves them. A client's socket in the serving thread did the same to Node's streams, which
 * its connections share with the server's: `Readable.read`, `Socket.resume`, `writeOrBuffer`
 * and a dozen more, at the first warm-up request of each reload. An app that does not listen
 * (tests) is asked in-process.
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
 * One request on a connection of its own, closed by the server once it has answered, sent by the
 * warm-up thread (`warm-client.ts`).
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
  return fromThread(host, address.port, head).catch((error: Error) => {
    throw new Error(`${error.message}: ${path}`, { cause: error });
  });
}

/** The process's warm-up thread, started on first use, with the requests it owes answers to. */
interface Sender {
  readonly worker: Worker;
  readonly waiting: Map<number, { resolve(status: number): void; reject(error: Error): void }>;
  next: number;
}

let sender: Sender | undefined;

function startSender(): Sender {
  // Resolved through the package's own exports: the same file whether this module runs from its
  // sources (tests), its build or a server bundled with it.
  const worker = new Worker(
    createRequire(import.meta.url).resolve('@repo/fastify-kit/warm-client'),
  );
  const started: Sender = { worker, waiting: new Map(), next: 1 };
  const failAll = (error: Error) => {
    if (sender === started) sender = undefined;
    for (const { reject } of started.waiting.values()) reject(error);
    started.waiting.clear();
  };
  worker.on('message', (answer: WarmAnswer) => {
    const request = started.waiting.get(answer.id);
    started.waiting.delete(answer.id);
    // An idle thread does not keep the process alive.
    if (started.waiting.size === 0) worker.unref();
    if ('status' in answer) request?.resolve(answer.status);
    else request?.reject(new Error(answer.error));
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`the warm-up thread exited (${code})`)));
  return started;
}

function fromThread(host: string, port: number, head: string): Promise<number> {
  sender ??= startSender();
  const { worker, waiting } = sender;
  const id = sender.next++;
  worker.ref();
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, host, port, head } satisfies WarmSend);
  });
}

// A server bound to every address is reached on the loopback of its family.
function loopbackOf(address: string): string {
  if (address === '0.0.0.0') return '127.0.0.1';
  return address === '::' ? '::1' : address;
}
