import { agentProductUrl, getAgent } from '@repo/catalog-core';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { generateSigningKey } from '@repo/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisReply, redisCommand } from '../../src/redis-command.js';
import { type Stack, startStack } from '../../src/stack.js';

// Outbound clicks (`GET /go/{agent}/{slug}`) on two web replicas sharing Redis: each click is
// counted once whichever replica answers it, a client's repeat on the other replica is folded, and
// both replicas and both mcp replicas sort by the shared counts. With Redis stopped the redirects
// still answer at once and each replica counts in its own process; once Redis is back on the same
// port (empty: no persistence), those clicks are added to it.
const WEBS = ['web', 'web-2'] as const;
const MCPS = ['mcp-1', 'mcp-2'] as const;
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
// The lines `@repo/clicks` logs in the web processes (packages/clicks/src/click-counter.ts).
const OUTAGE_LOG = 'clicks: Redis unreachable, counting in this process until it is back';
const BACK_LOG = 'clicks: Redis is back, counting there again';
const DRAINED_LOG =
  'clicks: the clicks counted in this process while Redis was unreachable are in Redis now';

// Products of the sample catalog the stack serves, far from the top of the default order.
const catalog = generateSampleCatalog();
const pick = (index: number) => {
  const found = catalog[index];
  if (!found) throw new Error(`the sample catalog has no product ${index}`);
  return found;
};
const [P1, P2, P3, P4, P5, P6] = [
  pick(1_001),
  pick(2_002),
  pick(3_003),
  pick(4_004),
  pick(5_005),
  pick(6_006),
];
const product = (slug: string) => catalog.find((p) => p.slug === slug)!;
type AgentId = 'agent_a' | 'agent_b' | 'agent_c';

// Every client address a click was sent from: none may be kept anywhere.
const clients = new Set<string>();
// The gateway's P6 clicks during the outage, by request id.
const p6Requests: string[] = [];
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({
    webReplicas: 2,
    env: {
      JWT_PRIVATE_KEYS: JSON.stringify(generateSigningKey('stack-clicks')),
      // No budgets in the way: every request here is a click or a read.
      RATE_LIMIT_PAGES: '0',
      RATE_LIMIT_GO: '0',
      RATE_LIMIT_MCP: '0',
      // The outage and recovery lines are warn and info.
      LOG_LEVEL: 'info',
    },
  });
});
afterAll(async () => {
  await stack?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads `read()` until `done` holds or `timeoutMs` passes; returns the last value read. */
async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await sleep(100);
    value = await read();
  }
  return value;
}

interface Redirect {
  readonly status: number;
  readonly location: string | null;
  readonly headers: Headers;
  readonly ms: number;
}

interface ClickOptions {
  readonly method?: string;
  readonly headers?: Record<string, string>;
}

/** A shopper at `client` following a buy link, at `base` (the gateway or one replica). */
async function click(
  base: string,
  agent: AgentId,
  slug: string,
  client: string,
  options: ClickOptions = {},
): Promise<Redirect> {
  clients.add(client);
  const started = performance.now();
  const response = await fetch(`${base}/go/${agent}/${slug}`, {
    method: options.method ?? 'GET',
    redirect: 'manual',
    headers: { 'user-agent': BROWSER, 'x-forwarded-for': client, ...options.headers },
  });
  await response.arrayBuffer();
  return {
    status: response.status,
    location: response.headers.get('location'),
    headers: response.headers,
    ms: performance.now() - started,
  };
}

/** The answer is the redirect to exactly the agent's affiliate link for the product. */
function expectRedirect(redirect: Redirect, agent: AgentId, slug: string, what: string) {
  const { marketplace, item_id } = product(slug);
  expect(redirect.status, what).toBe(302);
  expect(redirect.location, what).toBe(agentProductUrl(getAgent(agent)!, marketplace, item_id));
  expect(redirect.location, what).toMatch(
    new RegExp(`^https://${agent.replace('_', '-')}\\.example/.*catalogdemo`),
  );
  expect(redirect.headers.get('cache-control'), what).toBe('no-store');
  expect(redirect.headers.get('x-robots-tag'), what).toBe('noindex');
}

/** Follows a buy link and checks the redirect; returns it. */
async function follow(
  base: string,
  agent: AgentId,
  slug: string,
  client: string,
  headers: Record<string, string> = {},
) {
  const redirect = await click(base, agent, slug, client, { headers });
  expectRedirect(redirect, agent, slug, `${client} → ${agent}/${slug} at ${base}`);
  return redirect;
}

let requests = 0;
/** Follows a buy link through the gateway; returns the request's id (the apps log it) too. */
async function followThroughGateway(agent: AgentId, slug: string, client: string) {
  requests += 1;
  const id = `clicks-test-${requests}`;
  const redirect = await follow(stack.baseUrl, agent, slug, client, { 'x-request-id': id });
  return { ...redirect, id };
}

/** The web replica that answered each request, by the id in its log lines (logged in batches). */
async function servedBy(ids: readonly string[]): Promise<string[]> {
  const find = async () =>
    ids.map((id) => WEBS.filter((web) => log(web).includes(`"reqId":"${id}"`)).join(','));
  return eventually(find, (names) => names.every((name) => name !== ''), 2_000);
}

const redis = (...args: string[]) => redisCommand(stack.redisUrl!, args);

async function allKeys(pattern = '*'): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = (await redis('SCAN', cursor, 'MATCH', pattern, 'COUNT', '1000')) as [
      string,
      string[],
    ];
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

/** The click counts in Redis, `"<slug> <agent>"` → clicks, summed over the days (UTC midnight). */
async function redisCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const key of await allKeys('clicks:day:*')) {
    const flat = (await redis('HGETALL', key)) as string[];
    for (let i = 0; i < flat.length; i += 2) {
      counts[flat[i]!] = (counts[flat[i]!] ?? 0) + Number(flat[i + 1]);
    }
  }
  return counts;
}

/** Every key of Redis and its value, as text. */
async function redisDump(): Promise<string> {
  const parts: string[] = [];
  for (const key of await allKeys()) {
    const type = await redis('TYPE', key);
    let value: RedisReply;
    if (type === 'string') value = await redis('GET', key);
    else if (type === 'hash') value = await redis('HGETALL', key);
    else if (type === 'zset') value = await redis('ZRANGE', key, '0', '-1', 'WITHSCORES');
    else if (type === 'list') value = await redis('LRANGE', key, '0', '-1');
    else if (type === 'set') value = await redis('SMEMBERS', key);
    else throw new Error(`unexpected Redis key ${key} of type ${String(type)}`);
    parts.push(`${key} = ${JSON.stringify(value)}`);
  }
  return parts.join('\n');
}

/** No address that clicked is in `text`. */
function expectNoClient(text: string, where: string) {
  expect(clients.size).toBeGreaterThan(0);
  for (const client of clients) expect(text.includes(client), `${client} in ${where}`).toBe(false);
}

/** The first `n` products of a replica's `sort=popular` catalog. */
async function webPopular(name: string, n = 3): Promise<string[]> {
  const response = await fetch(`${stack.directUrl(name)}/catalog.md?sort=popular`);
  const text = await response.text();
  expect(response.status, `${name}: ${text.slice(0, 300)}`).toBe(200);
  const products = text.slice(text.indexOf('\n## Products'));
  return [...products.matchAll(/\/producto\/([a-z0-9-]+)\.md\)/g)].map((m) => m[1]!).slice(0, n);
}

/** Reads a replica's top products until they start with `order`; returns the last read. */
const reaches = (read: () => Promise<string[]>, order: readonly string[]) =>
  eventually(read, (top) => `${top.slice(0, order.length)}` === `${order}`, 6_000);

/** The first `n` products of an mcp replica's `search_products` in the popular order. */
async function mcpPopular(name: string, n = 3): Promise<string[]> {
  const response = await fetch(`${stack.directUrl(name)}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_products', arguments: { sort: 'popular', limit: n } },
    }),
  });
  const body = (await response.json()) as {
    result?: { isError?: boolean; structuredContent?: { items?: { slug: string }[] } };
  };
  expect(response.status, `${name}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
  expect(body.result?.isError ?? false, `${name}: ${JSON.stringify(body).slice(0, 300)}`).toBe(
    false,
  );
  return body.result?.structuredContent?.items?.map((item) => item.slug) ?? [];
}

/** The "Popular this week" row of a replica's home page (Markdown), or undefined without one. */
async function popularRow(name: string): Promise<string[] | undefined> {
  const response = await fetch(`${stack.directUrl(name)}/index.md`);
  const text = await response.text();
  expect(response.status, name).toBe(200);
  const start = text.indexOf('\n## Popular this week');
  if (start === -1) return undefined;
  const row = text.slice(start + 1).split('\n## ')[0]!;
  return [...row.matchAll(/\/producto\/([a-z0-9-]+)\.md\)/g)].map((m) => m[1]!);
}

const log = (name: string) => stack.processes.get(name)?.log() ?? '';
const lineCount = (name: string, text: string) => log(name).split(text).length - 1;

/** The clicks each replica said it added to Redis after the outage. */
function drained(name: string): number {
  return log(name)
    .split('\n')
    .filter((line) => line.includes(DRAINED_LOG))
    .reduce((sum, line) => sum + (JSON.parse(line) as { clicks: number }).clicks, 0);
}

interface Logged {
  readonly outage: number;
  readonly back: number;
  readonly drained: number;
}
const logged = (web: string): Logged => ({
  outage: lineCount(web, OUTAGE_LOG),
  back: lineCount(web, BACK_LOG),
  drained: drained(web),
});
// What each web replica had logged when Redis was stopped: a command that timed out before
// (a loaded machine) is an outage of its own, logged and drained the same way.
const atStop = new Map<string, Logged>();
function sinceStop(web: string): Logged {
  const now = logged(web);
  const then = atStop.get(web) ?? { outage: 0, back: 0, drained: 0 };
  return {
    outage: now.outage - then.outage,
    back: now.back - then.back,
    drained: now.drained - then.drained,
  };
}

const field = (slug: string, agent: AgentId) => `${slug} ${agent}`;

describe('outbound clicks on two web replicas sharing Redis', () => {
  it('starts with no clicks: no popular row, the default order', async () => {
    expect(await redisCounts()).toEqual({});
    for (const web of WEBS) {
      expect(await popularRow(web), web).toBeUndefined();
      const top = await webPopular(web);
      expect(top, web).toHaveLength(3);
      expect(top[0], web).not.toBe(P1.slug);
    }
    for (const mcp of MCPS) expect((await mcpPopular(mcp))[0], mcp).not.toBe(P1.slug);
  });

  it('counts each click once, whichever replica answers it', async () => {
    // P1: five clients, one on each replica directly, three through the gateway.
    await follow(stack.directUrl('web'), 'agent_a', P1.slug, '203.0.113.1');
    await follow(stack.directUrl('web-2'), 'agent_a', P1.slug, '203.0.113.2');
    const ids: string[] = [];
    for (const client of ['203.0.113.3', '203.0.113.4', '203.0.113.5']) {
      ids.push((await followThroughGateway('agent_a', P1.slug, client)).id);
    }
    // P2: three clients through the gateway, one of them the first client of P1 (a product of
    // its own is a click of its own).
    for (const client of ['203.0.113.1', '203.0.113.6', '203.0.113.7']) {
      ids.push((await followThroughGateway('agent_b', P2.slug, client)).id);
    }
    // The gateway spread its six clicks over both replicas, each answered by one.
    const served = await servedBy(ids);
    for (const name of served) expect(WEBS).toContain(name);
    for (const web of WEBS) expect(served, web).toContain(web);

    // P3: two clients clicking on both replicas at the same moment; each counted once.
    for (const client of ['203.0.113.8', '203.0.113.9']) {
      await Promise.all(
        WEBS.map((web) => follow(stack.directUrl(web), 'agent_c', P3.slug, client)),
      );
    }

    // The first client of P1 again within the hour, on the other replica (another agent: still
    // the same product), and through the gateway; the second on the first replica.
    await follow(stack.directUrl('web-2'), 'agent_b', P1.slug, '203.0.113.1');
    await follow(stack.baseUrl, 'agent_a', P1.slug, '203.0.113.1');
    await follow(stack.baseUrl, 'agent_a', P1.slug, '203.0.113.1');
    await follow(stack.directUrl('web'), 'agent_c', P1.slug, '203.0.113.2');

    // Redirected, and not counted: a HEAD, prefetches, a crawler.
    const uncounted: ClickOptions[] = [
      { method: 'HEAD' },
      { headers: { 'sec-purpose': 'prefetch' } },
      { headers: { purpose: 'prefetch' } },
      { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } },
    ];
    for (const [i, options] of uncounted.entries()) {
      const client = `203.0.113.${20 + i}`;
      const redirect = await click(stack.baseUrl, 'agent_b', P2.slug, client, options);
      expectRedirect(redirect, 'agent_b', P2.slug, JSON.stringify(options));
    }

    const expected = {
      [field(P1.slug, 'agent_a')]: 5,
      [field(P2.slug, 'agent_b')]: 3,
      [field(P3.slug, 'agent_c')]: 2,
    };
    // Each answer waited for its count; a click whose command timed out is added later.
    const counts = await eventually(
      redisCounts,
      (c) => JSON.stringify(c) === JSON.stringify(expected),
      2_000,
    );
    // A Redis command over its 200 ms limit (a loaded machine) counts the next clicks of that
    // replica in its process for a second, where they are folded apart from the other replica's.
    const hiccups = WEBS.map((web) => `${web}: ${lineCount(web, OUTAGE_LOG)}`).join(', ');
    expect(counts, `outages logged so far: ${hiccups}`).toEqual(expected);
  });

  it('keeps no client address in Redis', async () => {
    const dump = await redisDump();
    expect(dump).toContain('clicks:day:');
    expect(dump).toContain('clicks:fold:');
    expectNoClient(dump, 'Redis');
    for (const key of await allKeys('clicks:*')) {
      expect(key).toMatch(
        /^clicks:(day:\d{4}-\d{2}-\d{2}|salt:\d{4}-\d{2}-\d{2}|fold:[\w-]{22}|drain:[\w-]{36})$/,
      );
    }
  });

  it('sorts by the shared counts on both web and both mcp replicas', async () => {
    const order = [P1.slug, P2.slug, P3.slug];
    for (const web of WEBS) {
      expect(await reaches(() => webPopular(web), order), web).toEqual(order);
      const row = await reaches(async () => (await popularRow(web)) ?? [], order);
      expect(row.slice(0, 3), web).toEqual(order);
    }
    for (const mcp of MCPS) {
      expect(await reaches(() => mcpPopular(mcp), order), mcp).toEqual(order);
    }
  });

  it('redirects at once with Redis stopped, each replica counting in its own process', async () => {
    for (const web of WEBS) atStop.set(web, logged(web));
    await stack.stopProcess('redis');

    // P4: eight clients on the first replica; P5: seven on the second; P6: four through the
    // gateway. P4 and P5 more than P1's five, so each leads the popular order of its replica.
    const redirects: Redirect[] = [];
    for (let i = 1; i <= 8; i++) {
      redirects.push(await follow(stack.directUrl('web'), 'agent_a', P4.slug, `198.51.100.${i}`));
    }
    for (let i = 11; i <= 17; i++) {
      redirects.push(await follow(stack.directUrl('web-2'), 'agent_b', P5.slug, `198.51.100.${i}`));
    }
    for (let i = 21; i <= 24; i++) {
      const redirect = await followThroughGateway('agent_c', P6.slug, `198.51.100.${i}`);
      p6Requests.push(redirect.id);
      redirects.push(redirect);
    }
    // Repeats on the same replica are still folded, in the process.
    redirects.push(await follow(stack.directUrl('web'), 'agent_a', P4.slug, '198.51.100.1'));
    redirects.push(await follow(stack.directUrl('web-2'), 'agent_c', P5.slug, '198.51.100.11'));
    const times = redirects.map((r) => Math.round(r.ms));
    expect(Math.max(...times), `${times} ms`).toBeLessThan(1_000);

    // Each replica sorts by its own clicks (on the counts read before the outage): P4 leads on
    // the first, P5 on the second, which never saw P4's clicks.
    const first = [P4.slug, P1.slug];
    expect(await reaches(() => webPopular('web', 2), first)).toEqual(first);
    const second = [P5.slug, P1.slug];
    expect(await reaches(() => webPopular('web-2', 2), second)).toEqual(second);

    // The mcp replicas answer at once, with the popularity last read.
    for (const mcp of MCPS) {
      const started = performance.now();
      expect(await mcpPopular(mcp), mcp).toEqual([P1.slug, P2.slug, P3.slug]);
      expect(performance.now() - started, mcp).toBeLessThan(1_000);
    }
  });

  it('logs the outage once per web replica', async () => {
    // Log lines leave a process in batches, shortly after they are written.
    await eventually(
      async () => WEBS.map((web) => sinceStop(web).outage),
      (counts) => counts.every((n) => n > 0),
      2_000,
    );
    for (const web of WEBS) expect(sinceStop(web).outage, log(web).slice(-2_000)).toBe(1);
  });

  it('adds the clicks counted during the outage to Redis once it is back', async () => {
    await stack.startProcess('redis');
    // ioredis reconnects with a back-off of at most 2 s; the counters send what they kept then.
    await eventually(
      async () => WEBS.map((web) => sinceStop(web).back),
      (counts) => counts.every((n) => n > 0),
      10_000,
    );
    for (const web of WEBS) expect(sinceStop(web).back, log(web).slice(-2_000)).toBe(1);

    // Redis restarted empty: it holds the outage's clicks, each once.
    const expected = {
      [field(P4.slug, 'agent_a')]: 8,
      [field(P5.slug, 'agent_b')]: 7,
      [field(P6.slug, 'agent_c')]: 4,
    };
    const counts = await eventually(
      redisCounts,
      (c) => JSON.stringify(c) === JSON.stringify(expected),
      5_000,
    );
    expect(counts).toEqual(expected);
    // Each replica added its own share: its direct clicks and its part of the gateway's.
    await eventually(
      async () => sinceStop('web').drained + sinceStop('web-2').drained,
      (n) => n === 19,
      2_000,
    );
    const served = await servedBy(p6Requests);
    const p6 = (web: string) => served.filter((name) => name === web).length;
    expect(p6('web') + p6('web-2')).toBe(4);
    expect(sinceStop('web').drained).toBe(8 + p6('web'));
    expect(sinceStop('web-2').drained).toBe(7 + p6('web-2'));
  });

  it('counts in Redis again, and sorts by it on every replica', async () => {
    // A click on each replica: counted in Redis, and the outage's clicks not added again.
    await follow(stack.directUrl('web'), 'agent_c', P6.slug, '192.0.2.1');
    await follow(stack.directUrl('web-2'), 'agent_c', P6.slug, '192.0.2.2');
    expect(await redisCounts()).toEqual({
      [field(P4.slug, 'agent_a')]: 8,
      [field(P5.slug, 'agent_b')]: 7,
      [field(P6.slug, 'agent_c')]: 6,
    });

    const order = [P4.slug, P5.slug, P6.slug];
    for (const web of WEBS) {
      expect(await reaches(() => webPopular(web), order), web).toEqual(order);
    }
    for (const mcp of MCPS) {
      expect(await reaches(() => mcpPopular(mcp), order), mcp).toEqual(order);
    }
    // Still one outage line each: the recovery did not log it again.
    for (const web of WEBS) expect(sinceStop(web).outage, web).toBe(1);
  });

  it('keeps no client address in Redis or in the logs', async () => {
    expectNoClient(await redisDump(), 'Redis');
    for (const name of [...WEBS, ...MCPS]) expectNoClient(log(name), `the log of ${name}`);
  });
});
