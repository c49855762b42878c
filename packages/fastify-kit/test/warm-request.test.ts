import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import type { CatalogVersion } from '@repo/catalog-io';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { catalogPlugin, injectWarm, serverOptions } from '../src/index.js';
import { servedSinceAsked } from '../src/served-requests.js';
import { swappableCatalog } from '../src/testing/swappable-catalog.js';
import { logLines } from './helper.js';

// The plugin hands requests a version and reads nothing of it: its name is enough here.
const version = (id: string) => ({ version: id, loadedAt: new Date() }) as CatalogVersion;

/**
 * An app that answers the version each request reads, logging access lines into `lines`;
 * listening on a port of its own when `listens`.
 */
async function build(listens: boolean, routes: (app: FastifyInstance) => void = () => {}) {
  const { lines, stream } = logLines();
  const app = Fastify({
    logger: { level: 'info', stream },
    ...serverOptions({ headersTimeoutMs: 5_000, requestTimeoutMs: 10_000 }),
  });
  const catalog = swappableCatalog(version('serving'));
  const read: string[] = [];
  // Whether each request came as a client's does (a socket's), or from `inject`.
  const sockets: boolean[] = [];
  await app.register(catalogPlugin, { catalog });
  app.get('/version', async (request) => {
    read.push(request.catalog.version);
    sockets.push(request.raw.constructor === IncomingMessage);
    return request.catalog.version;
  });
  routes(app);
  onTestFinished(() => app.close());
  const served = servedSinceAsked(app);
  if (listens) await app.listen({ host: '127.0.0.1', port: 0 });
  else await app.ready();
  return { app, lines, read, sockets, served };
}

describe.each([
  { mode: 'in-process, when the app does not listen', listens: false },
  { mode: "through the server's own socket, when it listens", listens: true },
])('warm-up requests, $mode', ({ listens }) => {
  it('read the version about to be swapped in, and write no access line', async () => {
    const { app, lines, read, sockets } = await build(listens);
    const status = await injectWarm(app, version('next'), { url: '/version', headers: {} });
    expect(status).toBe(200);
    expect(read).toEqual(['next']);
    expect(sockets).toEqual([listens]);
    expect(lines.filter((l) => l.msg === 'request completed')).toEqual([]);

    const served = await app.inject('/version');
    expect(served.body).toBe('serving');
    expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(1);
  });

  it('resolve once the whole answer is written, not when its head is', async () => {
    let ended = false;
    const { app } = await build(listens, (app) =>
      app.get('/slow', (_request, reply) => {
        async function* parts() {
          yield 'first part, ';
          await setTimeout(20);
          yield 'last part';
          ended = true;
        }
        return reply.type('text/plain').send(Readable.from(parts()));
      }),
    );
    expect(await injectWarm(app, version('next'), { url: '/slow', headers: {} })).toBe(200);
    expect(ended).toBe(true);
  });

  it("resolve to the answer's status, with the headers asked for", async () => {
    const { app } = await build(listens, (app) =>
      app.get('/language', (request, reply) =>
        reply.code(request.headers['accept-language'] === 'es' ? 203 : 406).send(),
      ),
    );
    const ask = (headers: Record<string, string>) =>
      injectWarm(app, version('next'), { url: '/language', headers });
    expect(await ask({ 'accept-language': 'es' })).toBe(203);
    expect(await ask({})).toBe(406);
    expect(await injectWarm(app, version('next'), { url: '/nowhere', headers: {} })).toBe(404);
  });

  it('leave the requests of clients on the version that serves, side by side', async () => {
    const { app, read } = await build(listens);
    await Promise.all([
      injectWarm(app, version('next'), { url: '/version', headers: {} }),
      app.inject('/version'),
      app.inject({ url: '/version', headers: { 'x-catalog-warm': 'a guess' } }),
    ]);
    expect(read.sort()).toEqual(['next', 'serving', 'serving']);
  });

  it('are no client: the warm-up does not leave the loop to them', async () => {
    const { app, served } = await build(listens);
    await injectWarm(app, version('next'), { url: '/version', headers: {} });
    expect(served()).toBe(false);
  });
});

describe('warm-up requests through the socket', () => {
  it('come from a thread of their own: the thread that serves opens no client socket', async () => {
    const { app, read } = await build(true);
    const opened: unknown[] = [];
    const onSocket = (socket: unknown) => opened.push(socket);
    subscribe('net.client.socket', onSocket);
    onTestFinished(() => {
      unsubscribe('net.client.socket', onSocket);
    });
    const asked = Array.from({ length: 3 }, () =>
      injectWarm(app, version('next'), { url: '/version', headers: {} }),
    );
    expect(await Promise.all(asked)).toEqual([200, 200, 200]);
    expect(read).toEqual(['next', 'next', 'next']);
    expect(opened).toEqual([]);
  });

  it('refuse a request that a line break would split, and send nothing', async () => {
    const { app, read } = await build(true);
    await expect(
      injectWarm(app, version('next'), {
        url: '/version',
        headers: { accept: 'text/html\r\nx-catalog-warm: forged' },
      }),
    ).rejects.toThrow(/line break/);
    await expect(
      injectWarm(app, version('next'), { url: '/version HTTP/1.1\r\nx: y', headers: {} }),
    ).rejects.toThrow(/line break/);
    expect(read).toEqual([]);
  });

  it('fail, not hang, when the server closes without an answer', async () => {
    const { app } = await build(true, (app) =>
      app.get('/drop', (request) => {
        request.raw.socket.destroy();
      }),
    );
    await expect(injectWarm(app, version('next'), { url: '/drop', headers: {} })).rejects.toThrow(
      /no HTTP answer|ECONNRESET/,
    );
  });
});
