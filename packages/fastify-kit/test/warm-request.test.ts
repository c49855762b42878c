import { Readable } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import type { CatalogVersion } from '@repo/catalog-io';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { catalogPlugin, injectWarm, serverOptions } from '../src/index.js';
import { swappableCatalog } from '../src/testing/swappable-catalog.js';
import { logLines } from './helper.js';

// The plugin hands requests a version and reads nothing of it: its name is enough here.
const version = (id: string) => ({ version: id, loadedAt: new Date() }) as CatalogVersion;

/** An app that answers the version each request reads, logging access lines into `lines`. */
async function build(routes: (app: FastifyInstance) => void = () => {}) {
  const { lines, stream } = logLines();
  const app = Fastify({
    logger: { level: 'info', stream },
    ...serverOptions({ headersTimeoutMs: 5_000, requestTimeoutMs: 10_000 }),
  });
  const catalog = swappableCatalog(version('serving'));
  const read: string[] = [];
  await app.register(catalogPlugin, { catalog });
  app.get('/version', async (request) => {
    read.push(request.catalog.version);
    return request.catalog.version;
  });
  routes(app);
  onTestFinished(() => app.close());
  await app.ready();
  return { app, lines, read };
}

describe('warm-up requests', () => {
  it('read the version about to be swapped in, and write no access line', async () => {
    const { app, lines, read } = await build();
    const status = await injectWarm(app, version('next'), { url: '/version', headers: {} });
    expect(status).toBe(200);
    expect(read).toEqual(['next']);
    expect(lines.filter((l) => l.msg === 'request completed')).toEqual([]);

    const served = await app.inject('/version');
    expect(served.body).toBe('serving');
    expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(1);
  });

  it('resolve once the whole answer is written, not when its head is', async () => {
    let ended = false;
    const { app } = await build((app) =>
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

  it('leave the requests of clients on the version that serves, side by side', async () => {
    const { app, read } = await build();
    await Promise.all([
      injectWarm(app, version('next'), { url: '/version', headers: {} }),
      app.inject('/version'),
      app.inject({ url: '/version', headers: { 'x-catalog-warm': 'a guess' } }),
    ]);
    expect(read.sort()).toEqual(['next', 'serving', 'serving']);
  });
});
