import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '@repo/fastify-kit/testing';
import { type KeepAliveClient, keepAliveClient } from '@repo/ops/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

// The built one-process server as a real process, with short client deadlines so that cutting a
// slow client takes seconds, and its metrics listener on a port of its own.
const entry = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'server.js');
const HEADERS_TIMEOUT_MS = 2_000;
const REQUEST_TIMEOUT_MS = 3_000;

let child: ChildProcess;
let base: string;
let metricsUrl: string;
let port: number;
let output = '';

beforeAll(async () => {
  port = await freePort();
  const metricsPort = await freePort();
  base = `http://127.0.0.1:${port}`;
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  child = spawn(process.execPath, [entry], {
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'catalog-ops-')),
      METRICS_PORT: String(metricsPort),
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      RATE_LIMIT_TOKEN: '0',
      RATE_LIMIT_PAGES: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    if (await fetch(`${base}/health.json`).catch(() => undefined)) return;
    await sleep(50);
  }
  throw new Error(`server did not start: ${output}`);
});
afterAll(async () => {
  if (child?.exitCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
});

/** A raw connection that records what it receives and when it is closed. */
function rawSocket() {
  const socket: Socket = connect(port, '127.0.0.1');
  const state = { received: '', closedAfterMs: undefined as number | undefined };
  const opened = Date.now();
  socket.setEncoding('utf8');
  socket.on('data', (d) => {
    state.received += d;
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    state.closedAfterMs = Date.now() - opened;
  });
  return { socket, state };
}

async function timed(url: string, init?: RequestInit) {
  const start = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - start };
}

describe('slow clients', () => {
  it('cannot starve the server: 20 slowloris and 5 slow bodies are cut, others served quickly', async () => {
    // Slowloris: a request line, then one header byte a second, never the blank line.
    const loris = Array.from({ length: 20 }, () => {
      const raw = rawSocket();
      raw.socket.write('GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ');
      return raw;
    });
    // Slow bodies: headers at once, then one byte of a 1,000-byte JSON-RPC body every 300 ms.
    const bodies = Array.from({ length: 5 }, () => {
      const raw = rawSocket();
      raw.socket.write(
        'POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
      return raw;
    });
    const drip = setInterval(() => {
      for (const { socket } of loris) if (!socket.destroyed) socket.write('a');
    }, 1_000);
    const dripBody = setInterval(() => {
      for (const { socket } of bodies) if (!socket.destroyed) socket.write(' ');
    }, 300);
    try {
      const answers: { status: number; ms: number }[] = [];
      const until = Date.now() + REQUEST_TIMEOUT_MS + 2_500;
      while (Date.now() < until) {
        answers.push(await timed(`${base}/catalog?q=jordan`));
        answers.push(
          await timed(`${base}/mcp`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
          }),
        );
        await sleep(100);
      }
      expect(answers.length).toBeGreaterThan(20);
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(1_000);

      for (const { state } of loris) {
        expect(state.closedAfterMs).toBeDefined();
        // Cut once the headers deadline passed (checked once a second), long before the body one.
        expect(state.closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
        expect(state.closedAfterMs).toBeLessThan(HEADERS_TIMEOUT_MS + 2_000);
        expect(state.received).toMatch(/^HTTP\/1\.1 408 /);
        // The server closes the connection, so the answer says so (a pooling client must not reuse it).
        expect(state.received).toMatch(/\r\nConnection: close\r\n/i);
      }
      for (const { state } of bodies) {
        expect(state.closedAfterMs).toBeDefined();
        expect(state.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000);
        expect(state.received).not.toMatch(/^HTTP\/1\.1 200 /);
      }
    } finally {
      clearInterval(drip);
      clearInterval(dripBody);
      for (const { socket } of [...loris, ...bodies]) socket.destroy();
    }
  }, 20_000);
});

describe('body limits over a real socket', () => {
  // A client announces a huge body and sends only its start: the answer must come at once, from
  // the announced length, not after a timeout.
  it.each([
    ['/mcp', 'application/json', 413],
    ['/oauth/token', 'application/x-www-form-urlencoded', 400],
    ['/auth.md', 'application/json', 400],
    // Past the default limit of a route that sets none.
    ['/no/such/route', 'application/json', 413],
    ['/catalog', 'application/json', 405],
  ])('POST %s with 50 MB announced is answered at once', async (path, type, status) => {
    const { socket, state } = rawSocket();
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: 52428800\r\n\r\n`,
    );
    socket.write('x'.repeat(65_536));
    const start = Date.now();
    while (!/\r\n\r\n/.test(state.received) && Date.now() - start < 2_000) await sleep(20);
    socket.destroy();
    expect(state.received).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(Date.now() - start).toBeLessThan(1_000);
  });

  it('cuts a chunked body past the limit', async () => {
    const { socket, state } = rawSocket();
    socket.write(
      'POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const chunk = 'x'.repeat(16_384);
    for (let i = 0; i < 8 && !state.received; i++) {
      socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      await sleep(20);
    }
    const start = Date.now();
    while (!state.received && Date.now() - start < 2_000) await sleep(20);
    socket.destroy();
    expect(state.received).toMatch(/^HTTP\/1\.1 413 /);
  });
});

describe('early answers on a keep-alive connection', () => {
  // Node's agent with keep-alive and one socket: the next request goes where the last one went,
  // unless the answer said `Connection: close`.
  let client: KeepAliveClient;
  beforeEach(() => {
    client = keepAliveClient(base);
  });
  afterEach(() => client.close());

  it.each([
    ['a 60,000-character query', `/catalog?q=${'a'.repeat(60_000)}`, {}],
    ['a 20 KB header', '/', { 'x-big': 'a'.repeat(20_000) }],
  ])(
    'refuses %s with 431 problem+json and Connection: close; the next request is served',
    async (_what, path, headers) => {
      await client.send({ path: '/health.json' });
      const { first, follow } = await client.sendThenFollow(
        { path, headers },
        { path: '/catalog?q=%' },
      );
      expect(first.status).toBe(431);
      expect(first.headers.connection).toBe('close');
      expect(first.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(first.body)).toMatchObject({ status: 431 });
      expect(follow.status).toBe(200);
    },
  );

  it('keeps the connection after a 414 from the router', async () => {
    await client.send({ path: '/health.json' });
    const { first, follow } = await client.sendThenFollow(
      { path: `/producto/${'a'.repeat(5_000)}-1` },
      { path: '/health.json' },
    );
    expect(first.status).toBe(414);
    expect(follow.reusedSocket).toBe(true);
  });

  it.each([
    ['/mcp', 'application/json', 413],
    ['/oauth/token', 'application/x-www-form-urlencoded', 400],
    ['/auth.md', 'application/json', 400],
    ['/no/such/route', 'application/json', 413],
  ])(
    'answers a body past the limit of POST %s, and the connection serves the next request',
    async (path, type, status) => {
      await client.send({ path: '/health.json' });
      // sendThenFollow fails if the server closes the connection without saying so.
      const { first, follow } = await client.sendThenFollow(
        { method: 'POST', path, headers: { 'content-type': type }, body: 'x'.repeat(100_000) },
        { path: '/health.json' },
      );
      expect(first.status).toBe(status);
      expect(follow.status).toBe(200);
    },
  );
});

describe('request ids and metrics', () => {
  it('answers with the request id its one access line carries, and replaces an unsafe one', async () => {
    const kept = await fetch(`${base}/category/bags`, {
      headers: { 'x-request-id': 'ops-test-1' },
    });
    expect(kept.headers.get('x-request-id')).toBe('ops-test-1');
    const call = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        'x-request-id': 'ops-test-2',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(call.status).toBe(200);
    const replaced = await fetch(`${base}/`, {
      headers: { 'x-request-id': '{"level":50} forged' },
    });
    const id = replaced.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const notFound = await fetch(`${base}/nope.md`);
    expect(notFound.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // The log leaves in batches (at most 200 ms late): wait for the last request's line.
    const deadline = Date.now() + 2_000;
    while (!output.includes('"url":"/nope.md"') && Date.now() < deadline) await sleep(20);
    const lines = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const page = lines.filter((l) => l.reqId === 'ops-test-1');
    expect(page).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        method: 'GET',
        url: '/category/bags',
        statusCode: 200,
        responseTime: expect.any(Number),
      }),
    ]);
    // The MCP call says what was called on the same line, never the arguments.
    expect(lines.filter((l) => l.reqId === 'ops-test-2')).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        method: 'POST',
        url: '/mcp',
        statusCode: 200,
        rpc: { method: 'tools/list' },
      }),
    ]);
    expect(lines.some((l) => l.reqId === id)).toBe(true);
    expect(output).not.toContain('forged');
  });

  it('serves /metrics on its own port only', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    await fetch(`${base}/producto/no-such-product`);
    await fetch(`${base}/.well-known/jwks.json`);
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^catalog_products 17917$/m);
    expect(text).toMatch(
      /^http_requests_total\{app="web",method="GET",route="\/producto\/:slug",status="404"\} \d+$/m,
    );
    expect(text).toMatch(
      /^http_requests_total\{app="mcp",method="POST",route="\/mcp",status="200"\} \d+$/m,
    );
    expect(text).toMatch(
      /^http_requests_total\{app="auth",method="GET",route="\/.well-known\/jwks.json",status="200"\} \d+$/m,
    );
    expect(text).toMatch(
      /^http_requests_total\{app="web",method="GET",route="\(unmatched\)",status="404"\} \d+$/m,
    );
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0.1",app="web"/m);
    expect(text).toMatch(
      /^search_engine_duration_seconds_count\{engine="embedded",operation="search",outcome="ok"\} \d+$/m,
    );
    for (const app of ['web', 'mcp', 'auth']) {
      expect(text).toMatch(new RegExp(`^rate_limit_rejections_total\\{app="${app}"\\} 0$`, 'm'));
    }
    // Every agent's clicks from 0, before anyone clicked.
    for (const agent of ['agent_a', 'agent_b', 'agent_c']) {
      expect(text).toMatch(new RegExp(`^outbound_clicks_total\\{agent="${agent}"\\} 0$`, 'm'));
    }
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });
});
