import { type ServerProcess, startServerProcess } from '@repo/fastify-kit/testing';
import { type KeepAliveClient, keepAliveClient } from '@repo/ops/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ENTRY } from '../helper.js';
import { acceptHeader, documentTarget, FUZZ_SEED, pageTarget } from './arbitraries.js';

// The built web server as a real process, and a pooling client: every page and document with the
// fuzz suite's odd paths and queries (deep nesting and very long text among them) and oversized
// headers, over one kept-alive connection. No 5xx, and the next request on the same connection is
// served: an answer after which the server closes the socket says `Connection: close`.
let server: ServerProcess;
let client: KeepAliveClient;

beforeAll(async () => {
  server = await startServerProcess(SERVER_ENTRY, { env: { RATE_LIMIT_PAGES: '0' } });
  client = keepAliveClient(server.url);
}, 60_000);
afterAll(async () => {
  client?.close();
  await server?.stop();
});

/** Extra headers: none mostly, else one to several large ones, past Node's 16 KB in sum. */
const bigHeaders = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.integer({ min: 1, max: 40_000 }), { minLength: 1, maxLength: 4 })
      .map((sizes) => Object.fromEntries(sizes.map((n, i) => [`x-odd-${i}`, 'b'.repeat(n)]))),
  },
);

describe('odd requests over a kept-alive connection', () => {
  it('answers every page and document without a 5xx, and the connection serves the next request', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(pageTarget, documentTarget),
        acceptHeader,
        bigHeaders,
        async (target, accept, extra) => {
          const headers = { ...extra, ...(accept === undefined ? {} : { accept }) };
          const { first, follow } = await client.sendThenFollow(
            { path: target.url, headers },
            { path: '/health.json' },
          );
          const where = `${target.url.slice(0, 100)} (${target.url.length} chars) → ${first.status} ${first.body.slice(0, 120)}`;
          statuses.add(first.status);
          expect(first.status, where).toBeLessThan(500);
          expect(follow.status, where).toBe(200);
        },
      ),
      { seed: FUZZ_SEED, numRuns: 200 },
    );
    // The generators reach the pages, the refusals and the limits of the socket.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 404, 431]));
  });
});
