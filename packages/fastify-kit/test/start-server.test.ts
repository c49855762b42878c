import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createServer, type EntryConfig, type ServerSetup } from '../src/index.js';
import { freePort } from '../src/testing/index.js';

const config = (extra: Partial<EntryConfig> = {}): EntryConfig => ({
  host: '127.0.0.1',
  port: 0,
  baseUrl: 'http://127.0.0.1',
  logLevel: 'silent',
  closeGraceMs: 1_000,
  ops: { http: { headersTimeoutMs: 5_000, requestTimeoutMs: 10_000 } },
  ...extra,
});

function refuse(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  reply.code(400).type('text/plain').send('refused by the router');
}

const setup = (extra: Partial<ServerSetup> = {}): ServerSetup => ({
  config: config(),
  apps: ['test'],
  frameworkErrors: refuse,
  register: (server) => {
    server.get('/hello', async () => 'hello');
  },
  ...extra,
});

async function listening(app: FastifyInstance) {
  onTestFinished(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** One GET over `agent`, with its status, headers and body. */
function get(port: number, path: string, agent: Agent, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('createServer', () => {
  it('answers X-Request-Id with the id its log lines carry, replacing an unsafe one', async () => {
    const app = await createServer(setup());
    onTestFinished(() => app.close());
    const kept = await app.inject({ url: '/hello', headers: { 'x-request-id': 'req-1' } });
    expect(kept.headers['x-request-id']).toBe('req-1');
    const replaced = await app.inject({ url: '/hello', headers: { 'x-request-id': 'a b\n{' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await app.inject('/nowhere');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes the client address from X-Forwarded-For only behind the configured gateway', async () => {
    const ipOf = async (edge?: EntryConfig['edge']) => {
      const app = await createServer(
        setup({
          config: config(edge ? { edge } : {}),
          register: (server) => {
            server.get('/ip', async (request) => request.ip);
          },
        }),
      );
      onTestFinished(() => app.close());
      const headers = { 'x-forwarded-for': '203.0.113.9' };
      return (await app.inject({ url: '/ip', headers, remoteAddress: '127.0.0.1' })).body;
    };
    expect(await ipOf({ trustProxy: ['127.0.0.1'] })).toBe('203.0.113.9');
    expect(await ipOf({ trustProxy: false })).toBe('127.0.0.1');
    expect(await ipOf()).toBe('127.0.0.1');
  });

  it('answers a URL the router refuses with the entry’s frameworkErrors', async () => {
    const app = await createServer(setup());
    onTestFinished(() => app.close());
    const response = await app.inject('/hello%ZZ');
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('refused by the router');
  });

  it('once closing, ends each answered connection, and close() waits for in-flight requests', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = await createServer(
      setup({
        register: (server) => {
          server.get('/hello', async () => 'hello');
          server.get('/held', async () => {
            await held;
            return 'done';
          });
        },
      }),
    );
    const port = await listening(app);
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    onTestFinished(() => agent.destroy());
    const before = await get(port, '/hello', agent);
    expect(before.headers.connection).toBe('keep-alive');

    const inFlight = get(port, '/held', agent);
    await new Promise((resolve) => setTimeout(resolve, 50));
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    release();
    const answer = await inFlight;
    expect(answer).toMatchObject({ status: 200, body: 'done' });
    expect(answer.headers.connection).toBe('close');
    await closing;
    expect(closed).toBe(true);
  });

  it('opens the named catalog for register, serves its metrics apart, and closes both', async () => {
    const metricsPort = await freePort();
    let seen: { products: number; metrics: boolean } | undefined;
    const app = await createServer({
      ...setup(),
      config: config({
        ops: { ...config().ops, metrics: { host: '127.0.0.1', port: metricsPort } },
      }),
      catalog: { engine: 'embedded' },
      register: async (_server, { catalog, metrics }) => {
        const health = await catalog.current.index.health();
        seen = { products: health.state === 'ready' ? health.products : 0, metrics: !!metrics };
      },
    });
    expect(seen).toEqual({ products: 17_917, metrics: true });
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(await scraped.text()).toMatch(/^catalog_products 17917$/m);
    await app.close();
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  }, 60_000);
});

describe('startServer, as a process', () => {
  const entry = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'slow-server.mjs');

  async function start(...args: string[]) {
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, [entry, String(port), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    onTestFinished(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    for (let i = 0; i < 400; i++) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${stderr}`);
      if (await fetch(`http://127.0.0.1:${port}/ready`).catch(() => undefined)) {
        return { port, child, log: () => stdout };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`did not start: ${stderr}`);
  }

  it('on SIGTERM finishes the request in flight, says Connection: close, and exits 0', async () => {
    const { port, child, log } = await start();
    const agent = new Agent({ keepAlive: true });
    onTestFinished(() => agent.destroy());
    // An idle kept-alive connection must not hold the exit.
    await get(port, '/ready', agent);
    const inFlight = get(port, '/slow', agent);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = once(child, 'exit');
    // 'close' comes once standard output has ended too: everything the process wrote is read.
    const closed = once(child, 'close');
    child.kill('SIGTERM');
    const answer = await inFlight;
    expect(answer).toMatchObject({ status: 200, body: 'finished' });
    expect(answer.headers.connection).toBe('close');
    const [code] = await exited;
    expect(code).toBe(0);
    // The log is written in batches: the last access line still leaves before the exit.
    await closed;
    const slow = log()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { url?: string; statusCode?: number; msg?: string })
      .find((line) => line.url === '/slow');
    expect(slow).toMatchObject({ statusCode: 200, msg: 'request completed' });
  });

  it('on SIGHUP reloads its catalog and keeps serving; SIGTERM still ends it', async () => {
    const { port, child, log } = await start('catalog');
    const opened = await (await fetch(`http://127.0.0.1:${port}/reloaded`)).text();
    const exited = once(child, 'exit');
    child.kill('SIGHUP');
    // The sample's files do not change, so the reload keeps the version and only its time moves.
    let reloaded = opened;
    for (let i = 0; i < 100 && reloaded === opened; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      reloaded = await (await fetch(`http://127.0.0.1:${port}/reloaded`)).text();
    }
    expect(reloaded).not.toBe(opened);
    // close-with-grace would have begun closing on the same signal: the server would be gone.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(child.exitCode).toBeNull();
    expect(await (await fetch(`http://127.0.0.1:${port}/ready`)).text()).toBe('ready');
    expect(log()).toContain('SIGHUP: reloading the catalog');
    child.kill('SIGTERM');
    expect((await exited)[0]).toBe(0);
  }, 30_000);

  it('writes the access line of a quiet server at once, without waiting for a full batch', async () => {
    const { port, log } = await start();
    const agent = new Agent();
    onTestFinished(() => agent.destroy());
    await get(port, '/ready?quiet', agent);
    const started = Date.now();
    while (!log().includes('"url":"/ready?quiet"')) {
      if (Date.now() - started > 2_000) throw new Error(`no access line in 2 s: ${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});
