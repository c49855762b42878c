import { once } from 'node:events';
import { type IncomingMessage, request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateSigningKey } from '@repo/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REJOIN_MS } from '../../src/gateway.js';
import { type Stack, startStack } from '../../src/stack.js';

// SIGTERM under load and a rolling restart of the mcp replicas behind the real gateway.
const GRACE_MS = 5_000;
const CLIENTS = 6;
const QUERIES = ['nike', 'dunk low', 'hoodie', 'bag', 'cap', 'jacket', 'tee', 'ring'];
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    mcpReplicas: 2,
    env: {
      JWT_PRIVATE_KEYS: JSON.stringify(generateSigningKey('stack-restart')),
      RATE_LIMIT_MCP: '0',
      CLOSE_GRACE_MS: String(GRACE_MS),
    },
  });
});
afterAll(async () => {
  await stack?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** MCP SDK clients calling tools through the gateway until told to stop; every failure is kept. */
async function mcpTraffic(clients: number) {
  let running = true;
  let calls = 0;
  const failures: string[] = [];
  const loops = Array.from({ length: clients }, async (_, n) => {
    const client = new Client({ name: `restart-${n}`, version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${stack.baseUrl}/mcp`)));
    for (let i = 0; running; i++) {
      // Distinct arguments, so the result cache does not answer everything.
      const query = `${QUERIES[i % QUERIES.length]} ${n}-${i}`;
      try {
        const result = await client.callTool({ name: 'search_products', arguments: { query } });
        if (result.isError) failures.push(`${query}: ${JSON.stringify(result.content)}`);
        calls++;
      } catch (err) {
        failures.push(`${query}: ${(err as Error).message}`);
      }
    }
    await client.close();
  });
  return {
    calls: () => calls,
    async stop() {
      running = false;
      await Promise.all(loops);
      return { calls, failures };
    },
  };
}

describe('a rolling restart of the mcp replicas behind the gateway', () => {
  it('loses no client request while each replica is stopped with SIGTERM and started again', async () => {
    const traffic = await mcpTraffic(CLIENTS);
    await sleep(500);
    const before = traffic.calls();
    await stack.restart('mcp-1');
    // The gateway takes a replica it marked failed back only after `fail_timeout`, counted per
    // worker from its last failed try and on a whole-second clock: a rolling restart waits that
    // long before stopping the next replica, or for a moment a worker would have neither.
    await sleep(REJOIN_MS);
    await stack.restart('mcp-2');
    await sleep(500);
    const { calls, failures } = await traffic.stop();
    expect(failures).toEqual([]);
    expect(before, 'traffic was flowing before the restart').toBeGreaterThan(CLIENTS);
    expect(calls - before, 'and kept flowing through it').toBeGreaterThan(CLIENTS * 4);
  });
});

/** A JSON-RPC call whose body is sent in two halves, `between` running in the middle. */
async function slowCall(base: string, id: number, between: Promise<unknown>) {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'search_products', arguments: { query: `slow ${id}` } },
  });
  const url = new URL('/mcp', base);
  const req = request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'content-length': Buffer.byteLength(body),
    },
  });
  const answered = once(req, 'response');
  req.write(body.slice(0, 20));
  await between;
  req.end(body.slice(20));
  const [response] = (await answered) as [IncomingMessage];
  let text = '';
  for await (const chunk of response) text += chunk;
  return { status: response.statusCode, connection: response.headers.connection, text };
}

describe('SIGTERM under load', () => {
  it('finishes in-flight requests, refuses new ones and exits within CLOSE_GRACE_MS', async () => {
    const name = 'mcp-2';
    const managed = stack.processes.get(name)!;
    const base = stack.directUrl(name);

    // Background load on kept-alive connections straight to the replica.
    let loading = true;
    const statuses: (number | string)[] = [];
    const load = Array.from({ length: 8 }, async (_, n) => {
      for (let i = 0; loading; i++) {
        const status = await fetch(`${base}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: i,
            method: 'tools/call',
            params: { name: 'search_products', arguments: { query: `load ${n}-${i}` } },
          }),
        }).then(
          async (r) => {
            await r.arrayBuffer();
            return r.status;
          },
          (err: Error) => (err.cause as { code?: string } | undefined)?.code ?? err.message,
        );
        statuses.push(status);
        if (typeof status === 'string') await sleep(20);
      }
    });
    await sleep(300);

    // Requests the server has accepted but not yet read in full when the signal comes.
    let signal!: () => void;
    const signalled = new Promise<void>((resolve) => {
      signal = resolve;
    });
    const inFlight = [1, 2, 3].map((id) => slowCall(base, id, signalled));
    await sleep(200);
    const exited = once(managed.child, 'exit');
    const started = performance.now();
    managed.child.kill('SIGTERM');
    await sleep(300);
    signal();
    const answers = await Promise.all(inFlight);
    const [code] = await exited;
    const exitMs = performance.now() - started;
    loading = false;
    await Promise.all(load);

    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(200);
      expect(JSON.parse(answer.text).result.isError).toBeUndefined();
      // The connection ends with the answer, so a keep-alive client goes elsewhere next time.
      expect(answer.connection).toBe('close');
    }
    expect(code, managed.output()).toBe(0);
    expect(exitMs).toBeGreaterThanOrEqual(300);
    expect(exitMs).toBeLessThan(GRACE_MS);
    expect(managed.output()).not.toMatch(/killed by timeout/);
    // Load before the signal was served; after it, new requests were turned away unread: a 503
    // (a request on a kept-alive connection), a closed idle connection (UND_ERR_SOCKET, ECONNRESET:
    // the client wrote as the server closed it) or no listener. The gateway retries each of these
    // on the other replica; the rolling restart above shows no client sees them.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(8);
    const turnedAway = new Set([503, 'ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']);
    const unexpected = statuses.filter((s) => s !== 200 && !turnedAway.has(s));
    expect(unexpected).toEqual([]);
    expect(
      statuses.some((s) => s !== 200),
      'load outlived the listener',
    ).toBe(true);

    await stack.startProcess(name);
  });
});
