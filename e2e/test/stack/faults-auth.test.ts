import { generateSigningKey } from '@repo/jwt';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../../src/stack.js';

// The auth app (and with it the JWKS the apps fetch through the gateway) is down: a token is
// simply not attributed, and every request is served as if it came without one. Once the auth app
// is back, the same token is attributed again.
const CLIENT_ID = 'fault-test-agent';
const ATTRIBUTED = `"client_id":"${CLIENT_ID}"`;
let stack: Stack;
let token: string;

beforeAll(async () => {
  stack = await startStack({
    mcpReplicas: 2,
    env: {
      JWT_PRIVATE_KEYS: JSON.stringify(generateSigningKey('stack-auth-fault')),
      // "request completed" lines carry the attributed client_id.
      LOG_LEVEL: 'info',
    },
  });
  // A token issued while the auth app runs, never shown to web or mcp before the outage (so
  // neither has fetched the keys yet).
  const issuer = new URL(stack.baseUrl);
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, {
      algorithm: 'oauth2',
      [oauth.allowInsecureRequests]: true,
    }),
  );
  const client: oauth.Client = { client_id: CLIENT_ID };
  const response = await oauth.clientCredentialsGrantRequest(
    as,
    client,
    oauth.None(),
    new URLSearchParams({ scope: 'public' }),
    { [oauth.allowInsecureRequests]: true },
  );
  token = (await oauth.processClientCredentialsResponse(as, client, response)).access_token;
});
afterAll(async () => {
  await stack?.stop();
});

const APPS = ['web', 'mcp-1', 'mcp-2'];
const attributedLines = () =>
  APPS.map((name) => stack.processes.get(name)?.log().split(ATTRIBUTED).length ?? 1).reduce(
    (sum, n) => sum + n - 1,
    0,
  );

/** A page, a Markdown twin and MCP calls, each with the token; statuses and the slowest time. */
async function trafficWithToken() {
  const authorization = `Bearer ${token}`;
  const started = performance.now();
  const requests = [
    fetch(`${stack.baseUrl}/catalog?q=nike`, { headers: { authorization } }),
    fetch(`${stack.baseUrl}/catalog.md`, { headers: { authorization } }),
    ...[1, 2, 3, 4].map((id) =>
      fetch(`${stack.baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'search_products', arguments: { query: 'cap', limit: id } },
        }),
      }),
    ),
  ];
  const responses = await Promise.all(requests);
  const bodies = await Promise.all(responses.map((r) => r.text()));
  return { statuses: responses.map((r) => r.status), bodies, ms: performance.now() - started };
}

describe('the auth app unreachable from web and mcp', () => {
  it('serves requests with a token as anonymous ones while the JWKS cannot be fetched', async () => {
    await stack.stopProcess('auth');
    expect((await fetch(`${stack.baseUrl}/.well-known/jwks.json`)).status).toBe(503);

    const { statuses, bodies, ms } = await trafficWithToken();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    for (const body of bodies.slice(2)) {
      expect(JSON.parse(body).result.structuredContent.total).toBeGreaterThan(0);
    }
    // A failed key fetch costs at most the verifier's 2 s limit, never a failed request.
    expect(ms).toBeLessThan(2_500);
    expect(attributedLines(), 'no request was attributed').toBe(0);
    for (const name of APPS) expect(stack.processes.get(name)?.child.exitCode, name).toBeNull();
  });

  it('attributes the same token again once the auth app is back', async () => {
    await stack.startProcess('auth');
    // After a failed key fetch each process waits out a short back-off (5 s) before fetching again,
    // so requests are served (anonymously) at once and attributed again within seconds.
    const deadline = Date.now() + 15_000;
    while (attributedLines() < 6 && Date.now() < deadline) {
      const { statuses } = await trafficWithToken();
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Every request of a round (web and both mcp replicas) names the client in its log.
    expect(attributedLines()).toBeGreaterThanOrEqual(6);
  });
});
