import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadGenerator, LoadScenario } from '../src/load.js';
import { createWrk, requestBytes, wrkAvailable } from '../src/load-wrk.js';

const script = join(dirname(fileURLToPath(import.meta.url)), '..', 'lua', 'requests.lua');

interface Seen {
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly host: string | undefined;
  readonly type: string | undefined;
  body: string;
}

let server: Server;
let baseUrl: string;
let wrk: LoadGenerator;
// The same script reading its request file as it sends (as for half a million requests).
let streaming: LoadGenerator;
const seen: Seen[] = [];

beforeAll(async () => {
  // The bench cannot measure without wrk; a machine without it must say so, not skip.
  expect(wrkAvailable(), 'wrk is not installed (apt-get install wrk)').toBe(true);
  server = createServer(async (request: IncomingMessage, response) => {
    // Kept in the order requests arrive, the body filled in once read.
    const record: Seen = {
      method: request.method,
      url: request.url,
      host: request.headers.host,
      type: request.headers['content-type'],
      body: '',
    };
    seen.push(record);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    record.body = Buffer.concat(chunks).toString('utf8');
    response.statusCode = request.url === '/missing' ? 404 : 200;
    response.end('ok');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  wrk = createWrk({ script });
  streaming = createWrk({ script, holdBytes: 0 });
});

afterAll(async () => {
  await wrk?.close();
  await streaming?.close();
  server?.close();
});

describe('requestBytes', () => {
  it('writes a request line, the headers, a byte length and the body', () => {
    expect(
      requestBytes({ method: 'POST', path: '/mcp', body: '{"q":"ñ"}', headers: { a: 'b' } }),
    ).toBe('POST /mcp HTTP/1.1\r\na: b\r\nContent-Length: 10\r\n\r\n{"q":"ñ"}');
    expect(requestBytes({ path: '/x' })).toBe('GET /x HTTP/1.1\r\n\r\n');
  });
});

describe('wrk driven by lua/requests.lua', () => {
  it('sends each request of the list as written, in turn, and counts the answers', async () => {
    seen.length = 0;
    const scenario: LoadScenario = {
      name: 'mixed',
      requests: [
        { path: '/a?q=caf%C3%A9' },
        {
          method: 'POST',
          path: '/b',
          body: JSON.stringify({ q: 'zapatillas ñ', n: 1 }),
          headers: { 'content-type': 'application/json' },
        },
        { path: '/missing' },
      ],
    };
    // One connection: the server sees the requests in the order they were sent.
    const result = await wrk.run(baseUrl, scenario, { connections: 1, durationS: 1 });
    expect(result.requests).toBeGreaterThan(30);
    expect(result.errors).toBe(0);
    // A third of the answers are 404s, counted apart.
    expect(result.non2xx).toBeGreaterThan(result.requests / 4);
    expect(result.non2xx).toBeLessThan(result.requests / 2);
    expect(result.generatorCpuS).toBeGreaterThan(0);
    expect(result.p99Ms).toBeGreaterThanOrEqual(result.p50Ms);
    expect(result.maxMs).toBeGreaterThanOrEqual(result.p99Ms);
    const host = new URL(baseUrl).host;
    expect(seen[0]).toEqual({
      method: 'GET',
      url: '/a?q=caf%C3%A9',
      host,
      type: undefined,
      body: '',
    });
    expect(seen[1]).toEqual({
      method: 'POST',
      url: '/b',
      host,
      type: 'application/json',
      body: '{"q":"zapatillas ñ","n":1}',
    });
    expect(seen[2]?.url).toBe('/missing');
    expect(seen[3]?.url).toBe('/a?q=caf%C3%A9');
    expect(result.repeated).toBe(false);
  });

  it.each([
    ['held in memory', () => wrk],
    ['read as sent', () => streaming],
  ])('carries a shared list on from one run to the next (%s)', async (_, generator) => {
    seen.length = 0;
    const scenario: LoadScenario = {
      name: 'never repeated',
      shared: true,
      unique: true,
      requests: { length: 200_000, at: (i) => ({ path: `/n/${i}` }) },
    };
    const ids = () => seen.splice(0).map((s) => Number(s.url?.slice('/n/'.length)));
    const first = await generator().run(baseUrl, scenario, { connections: 4, durationS: 1 });
    const firstIds = ids();
    const second = await generator().run(baseUrl, scenario, { connections: 4, durationS: 1 });
    const secondIds = ids();
    // Every request distinct, the first run from the top, the second right after the first's
    // last (wrk sends at most one request per connection beyond those it counts).
    expect(new Set([...firstIds, ...secondIds]).size).toBe(firstIds.length + secondIds.length);
    expect(Math.min(...firstIds)).toBe(0);
    expect(firstIds.length).toBeGreaterThanOrEqual(first.requests);
    expect(firstIds.length).toBeLessThanOrEqual(first.requests + 4);
    expect(Math.min(...secondIds)).toBe(Math.max(...firstIds) + 1);
    expect(secondIds.length).toBeGreaterThanOrEqual(second.requests);
    expect(first.repeated || second.repeated).toBe(false);
  });

  it.each([
    ['held in memory', () => wrk],
    ['read as sent', () => streaming],
  ])('says when a shared list ran out and wrapped around (%s)', async (_, generator) => {
    seen.length = 0;
    const short: LoadScenario = {
      name: 'short',
      shared: true,
      unique: true,
      requests: [{ path: '/s/0' }, { path: '/s/1' }],
    };
    const result = await generator().run(baseUrl, short, { connections: 1, durationS: 1 });
    expect(result.repeated).toBe(true);
    expect(seen.slice(0, 4).map((s) => s.url)).toEqual(['/s/0', '/s/1', '/s/0', '/s/1']);
  });

  it('offers a stated rate when asked, and as fast as it can otherwise', async () => {
    const scenario: LoadScenario = { name: 'rate', requests: [{ path: '/r' }] };
    const paced = await wrk.run(baseUrl, scenario, { connections: 4, durationS: 2, rate: 200 });
    const free = await wrk.run(baseUrl, scenario, { connections: 4, durationS: 1 });
    // 4 connections pausing 20 ms before each request: at most 200 a second, less by the
    // latency of each; unpaced, the same server answers thousands.
    expect(paced.rps).toBeGreaterThan(120);
    expect(paced.rps).toBeLessThanOrEqual(205);
    expect(free.rps).toBeGreaterThan(paced.rps * 5);
  });

  it('holds the first request of each connection when asked, outside the run duration', async () => {
    // When each connection was accepted, and when its first request came.
    const firstWaits = async (startPauseMs?: number) => {
      const accepted = new Map<unknown, number>();
      const waits: number[] = [];
      const onConnection = (socket: unknown) => accepted.set(socket, performance.now());
      const onRequest = (request: IncomingMessage) => {
        const at = accepted.get(request.socket);
        if (at === undefined) return;
        accepted.delete(request.socket);
        waits.push(performance.now() - at);
      };
      server.on('connection', onConnection).on('request', onRequest);
      const scenario: LoadScenario = { name: 'start', requests: [{ path: '/p' }] };
      const result = await wrk.run(baseUrl, scenario, {
        connections: 4,
        durationS: 1,
        ...(startPauseMs !== undefined && { startPauseMs }),
      });
      server.off('connection', onConnection).off('request', onRequest);
      return { waits, result };
    };
    const held = await firstWaits(400);
    const free = await firstWaits();
    expect(held.waits).toHaveLength(4);
    expect(Math.min(...held.waits)).toBeGreaterThan(300);
    expect(Math.max(...free.waits)).toBeLessThan(200);
    // The pause comes on top of the second asked for (wrk counts whole seconds: 2 s here), and
    // is not counted in the run's time: 1.6 s, where counting it would give 2 s. wrk may run
    // over by a tenth or two on a busy machine.
    expect(held.result.durationS).toBeGreaterThan(0.95);
    expect(held.result.durationS).toBeLessThan(1.9);
    expect(held.result.requests).toBeGreaterThan(30);
  });
});
