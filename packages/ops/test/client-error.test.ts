import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerClientError } from '../src/index.js';
import { keepAliveClient } from '../src/testing/index.js';

// A plain Node server with the handler, over real sockets: the defect lives in what reaches the
// socket, which `inject` never shows.
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function start(options: { headersTimeout?: number } = {}) {
  server = createServer({ connectionsCheckingInterval: 100, ...options }, (_req, res) =>
    res.end('ok'),
  );
  server.on('clientError', answerClientError);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

describe('answerClientError', () => {
  it.each([
    ['an over-long URL', `/catalog?q=${'a'.repeat(60_000)}`, {}],
    ['an over-long header', '/', { 'x-big': 'a'.repeat(20_000) }],
  ])(
    'answers %s with 431 problem+json and Connection: close; the next request succeeds',
    async (_name, path, headers) => {
      const port = await start();
      // Node's agent with keep-alive, one socket: the pooling client of the report.
      const client = keepAliveClient(`http://127.0.0.1:${port}`);
      try {
        await client.send({ path: '/' });
        const { first: refused, follow: next } = await client.sendThenFollow(
          { path, headers },
          { path: '/catalog?q=%' },
        );
        expect(refused.status).toBe(431);
        expect(refused.headers.connection).toBe('close');
        expect(refused.headers['content-type']).toBe('application/problem+json; charset=utf-8');
        expect(JSON.parse(refused.body)).toMatchObject({
          type: 'about:blank',
          title: 'Request Header Fields Too Large',
          status: 431,
        });
        expect(next.status).toBe(200);
        expect(next.reusedSocket).toBe(false);
      } finally {
        client.close();
      }
    },
  );

  async function raw(port: number, request: string, waitMs = 3_000) {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => {
      received += d;
    });
    socket.on('error', () => undefined);
    socket.write(request);
    const closed = once(socket, 'close');
    await Promise.race([closed, new Promise((r) => setTimeout(r, waitMs))]);
    socket.destroy();
    return received;
  }

  it('answers a malformed request with 400 and Connection: close, then closes', async () => {
    const port = await start();
    const received = await raw(port, 'GET / HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(received).toMatch(/\r\nConnection: close\r\n/);
    expect(received).toMatch(/"status":400/);
  });

  it('answers headers that arrive too slowly with 408 and Connection: close', async () => {
    const port = await start({ headersTimeout: 300 });
    const received = await raw(port, 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(received).toMatch(/\r\nConnection: close\r\n/);
  });

  it('closes in stages: half-close after the answer, then reads on until the client is done', async () => {
    const port = await start();
    // Half-open, like a client that keeps writing its request after the server's FIN.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    socket.setEncoding('utf8');
    let received = '';
    let error: string | undefined;
    socket.on('data', (d) => {
      received += d;
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      error = err.code;
    });
    socket.write(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}`);
    // The server's FIN comes after the answer (RFC 9112 section 9.6); the client is still sending.
    await once(socket, 'end');
    expect(received).toMatch(/^HTTP\/1\.1 431 /);
    for (let i = 0; i < 5; i++) {
      socket.write('a'.repeat(65_536));
      await new Promise((r) => setTimeout(r, 50));
    }
    // An immediate close would have answered these bytes with a reset.
    expect(error).toBeUndefined();
    // And a client that never stops is cut after a moment.
    const started = Date.now();
    const writing = setInterval(() => socket.write('a'.repeat(1_024)), 50);
    await new Promise((resolve) => socket.on('close', resolve));
    clearInterval(writing);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
