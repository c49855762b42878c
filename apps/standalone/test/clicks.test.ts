import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type IncomingMessage, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort, type ServerProcess, startServerProcess } from '@repo/fastify-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Outbound clicks in the built one-process server, a real process on the full sample catalog and
// a DATA_DIR of the test's own (kept across restarts): a buy link of a product page followed to
// the agent, counted once per client and hour, sorting `sort=popular` on the HTML and Markdown
// catalogs and in MCP search_products, kept across a crash and a graceful stop, never stored with
// who clicked, off with CLICKS=off, and exported to Prometheus.
const entry = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'server.js');

/** A desktop Chrome, as a shopper follows a buy link (isbot: not a crawler). */
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

// The default agents (DEFAULT_AGENTS of @repo/catalog-core), written out here so that the
// redirects are checked against the agents' own link formats, not against the function that
// makes them: agent_a `?id={id}&platform={code}`, agent_b `?url={raw}`, agent_c
// `/{code}/{id}`, each with the affiliate code `catalogdemo` under its referral parameter.
const AFFILIATE_CODE = 'catalogdemo';
function expectedAgentLink(
  agent: string,
  product: { marketplace: string; itemId: string; listingUrl: string },
): string {
  const { marketplace, itemId, listingUrl } = product;
  const codes: Record<string, Record<string, string>> = {
    agent_a: { weidian: 'WEIDIAN', taobao: 'TAOBAO', '1688': 'ALI_1688' },
    agent_c: { weidian: '2', taobao: '1', '1688': '0' },
  };
  switch (agent) {
    case 'agent_a':
      return `https://agent-a.example/product?id=${itemId}&platform=${codes.agent_a?.[marketplace]}&ref=${AFFILIATE_CODE}`;
    case 'agent_b':
      return `https://agent-b.example/item/details?url=${encodeURIComponent(listingUrl)}&affcode=${AFFILIATE_CODE}`;
    case 'agent_c':
      return `https://agent-c.example/product/${codes.agent_c?.[marketplace]}/${itemId}?inviteCode=${AFFILIATE_CODE}`;
    default:
      throw new Error(`no default agent ${agent}`);
  }
}

interface McpItem {
  slug: string;
  category: string;
  marketplace: string;
  listing_url: string;
  buy_links: { agent: string; url: string }[];
}

const dataDirs: string[] = [];
const running: ServerProcess[] = [];
afterAll(async () => {
  await Promise.allSettled(running.map((server) => server.stop()));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'standalone-clicks-'));
  dataDirs.push(dir);
  return dir;
}

/**
 * The one-process server on `dataDir`, trusting 127.0.0.1 as its gateway so that each test client
 * is its own `X-Forwarded-For` address.
 */
async function start(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess(entry, {
    env: {
      DATA_DIR: dataDir,
      RATE_LIMIT_PAGES: '0',
      TRUST_PROXY: '127.0.0.1',
      ...env,
    },
    ready: (status) => status === 200,
    timeoutMs: 45_000,
  });
  running.push(server);
  return server;
}

/** SIGKILL: no graceful close, no flush at shutdown. */
async function crash(server: ServerProcess): Promise<void> {
  const exited = once(server.child, 'exit');
  server.child.kill('SIGKILL');
  await exited;
}

/** Follows `/go/{agent}/{slug}` as the browser of `client` would, without following the 302. */
async function click(
  server: ServerProcess,
  agent: string,
  slug: string,
  client: string,
  { headers = {}, method = 'GET' }: { headers?: Record<string, string>; method?: string } = {},
): Promise<{ status: number; location: string | null; cacheControl: string | null }> {
  const response = await fetch(`${server.url}/go/${agent}/${slug}`, {
    method,
    redirect: 'manual',
    headers: { 'user-agent': BROWSER, accept: 'text/html', 'x-forwarded-for': client, ...headers },
  });
  await response.arrayBuffer();
  return {
    status: response.status,
    location: response.headers.get('location'),
    cacheControl: response.headers.get('cache-control'),
  };
}

/** A GET with no User-Agent at all (fetch always sends one): a script, never a click. */
async function clickWithoutUserAgent(server: ServerProcess, path: string, client: string) {
  const req = request(`${server.url}${path}`, { headers: { 'x-forwarded-for': client } });
  req.end();
  const [response] = (await once(req, 'response')) as [IncomingMessage];
  response.resume();
  await once(response, 'end');
  expect(req.getHeader('user-agent')).toBeUndefined();
  return response.statusCode;
}

async function text(server: ServerProcess, path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`, { headers: { 'user-agent': BROWSER } });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The slugs of the product cards of an HTML listing, in order. */
async function htmlOrder(server: ServerProcess, path: string): Promise<string[]> {
  const html = await text(server, path);
  return [...html.matchAll(/<li class="card">.*?<h3><a href="\/producto\/([^"?]+)"/g)].map(
    (m) => m[1] ?? '',
  );
}

/** The slugs of the products of a Markdown listing, in order. */
async function markdownOrder(server: ServerProcess, path: string): Promise<string[]> {
  const md = await text(server, path);
  const products = md.slice(md.indexOf('## Products'));
  return [...products.matchAll(/\]\(http[^)]*\/producto\/([^)]+)\.md\)/g)].map((m) => m[1] ?? '');
}

/** search_products through the official MCP SDK client, as an agent calls it. */
async function searchProducts(
  server: ServerProcess,
  args: Record<string, unknown>,
): Promise<McpItem[]> {
  const client = new Client({ name: 'clicks-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  try {
    const result = await client.callTool({ name: 'search_products', arguments: args });
    expect(result.isError).toBeFalsy();
    return (result.structuredContent as { items: McpItem[] }).items;
  } finally {
    await client.close();
  }
}

/** The product behind a slug, as the agents' links need it. */
async function productData(server: ServerProcess, slug: string, items: readonly McpItem[]) {
  const item = items.find((i) => i.slug === slug);
  if (!item) throw new Error(`${slug} is not among the items`);
  const html = await text(server, `/producto/${slug}`);
  // The item id is the schema.org sku of the page's JSON-LD.
  const itemId = /"sku":"([^"]+)"/.exec(html)?.[1] ?? '';
  expect(itemId).toMatch(/^\d+$/);
  return { marketplace: item.marketplace, itemId, listingUrl: item.listing_url, html };
}

/** The value of a counter line of a Prometheus exposition, 0 when absent. */
async function metric(metricsUrl: string, line: string): Promise<number> {
  const body = await (await fetch(metricsUrl)).text();
  for (const row of body.split('\n')) {
    if (row.startsWith(`${line} `)) return Number(row.slice(line.length + 1));
  }
  return 0;
}

describe('a buy link followed from a product page', () => {
  let server: ServerProcess;
  let metricsUrl: string;
  let newest: string[];
  let newestItems: McpItem[];

  beforeAll(async () => {
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    server = await start(newDataDir(), { METRICS_PORT: String(metricsPort) });
    newest = await htmlOrder(server, '/catalog?sort=newest');
    expect(newest.length).toBeGreaterThanOrEqual(20);
    newestItems = await searchProducts(server, {});
  }, 60_000);

  it('redirects to the agent with the affiliate code, and sorts HTML, Markdown and MCP by it', async () => {
    // Nothing clicked yet: the popular order is the newest one.
    expect(await htmlOrder(server, '/catalog?sort=popular')).toEqual(newest);
    expect(newestItems.map((i) => i.slug)).toEqual(newest.slice(0, newestItems.length));
    const slug = newest[5] ?? '';
    const product = await productData(server, slug, newestItems);

    // The product page's buy buttons, in order: the first one is followed.
    const buttons = [
      ...product.html.matchAll(
        /<a href="([^"]+)" class="button" rel="([^"]+)" target="_blank">Buy with /g,
      ),
    ];
    expect(buttons.map((m) => m[1])).toEqual(
      ['agent_a', 'agent_b', 'agent_c'].map((agent) => `/go/${agent}/${slug}`),
    );
    for (const [, , rel] of buttons) expect(rel).toBe('sponsored nofollow noopener');
    const href = buttons[0]?.[1] ?? '';
    const agent = /^\/go\/(agent_[a-z0-9_]+)\//.exec(href)?.[1] ?? '';
    expect(await metric(metricsUrl, `outbound_clicks_total{agent="${agent}"}`)).toBe(0);

    const response = await fetch(`${server.url}${href}`, {
      redirect: 'manual',
      headers: { 'user-agent': BROWSER, 'x-forwarded-for': '203.0.113.10' },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(expectedAgentLink(agent, product));
    expect(response.headers.get('location')).toMatch(/[?&]ref=catalogdemo$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('set-cookie')).toBeNull();
    // Prometheus counts it at once.
    expect(await metric(metricsUrl, `outbound_clicks_total{agent="${agent}"}`)).toBe(1);

    // The next page already sorts by it: HTML, its Markdown twin and the category page.
    const popular = await htmlOrder(server, '/catalog?sort=popular');
    expect(popular[0]).toBe(slug);
    expect(popular.slice(1)).toEqual(newest.filter((s) => s !== slug).slice(0, popular.length - 1));
    const markdown = await markdownOrder(server, '/catalog.md?sort=popular');
    expect(markdown).toEqual([slug, ...newest.filter((s) => s !== slug)].slice(0, markdown.length));
    expect(markdown.length).toBeGreaterThanOrEqual(10);
    const category = newestItems.find((i) => i.slug === slug)?.category;
    expect((await htmlOrder(server, `/category/${category}?sort=popular`))[0]).toBe(slug);
    // The default order is not changed by a click.
    expect(await htmlOrder(server, '/catalog')).toEqual(newest);

    // MCP: the same counter, the same order; its buy links are this site's /go/ links.
    const [first] = await searchProducts(server, { sort: 'popular' });
    expect(first?.slug).toBe(slug);
    expect(first?.buy_links.map((l) => l.url)).toEqual(
      ['agent_a', 'agent_b', 'agent_c'].map((a) => `${server.url}/go/${a}/${slug}`),
    );
    // The same client again, through each agent: each redirect is that agent's link with the
    // affiliate code.
    for (const a of ['agent_a', 'agent_b', 'agent_c']) {
      const followed = await click(server, a, slug, '203.0.113.10');
      expect(followed.status).toBe(302);
      expect(followed.location).toBe(expectedAgentLink(a, product));
    }
    // Those were the same client's repeats within the hour: folded, not counted.
    for (const a of ['agent_a', 'agent_b', 'agent_c']) {
      expect(await metric(metricsUrl, `outbound_clicks_total{agent="${a}"}`)).toBe(
        a === agent ? 1 : 0,
      );
    }
  });

  it('counts a client once per product and hour; HEAD, prefetches and crawlers not at all', async () => {
    // B comes before the product clicked once by the test above in the newest order, which
    // breaks ties between equal counts.
    const a = newest[8] ?? '';
    const b = newest[2] ?? '';
    const untouched = newest[14] ?? '';
    const before = await htmlOrder(server, '/catalog?sort=popular');
    const clickedBefore = before.slice(0, before.indexOf(newest[0] ?? ''));
    const counted = await metric(metricsUrl, 'outbound_clicks_total{agent="agent_a"}');

    // A: two clients, one click each. B: one client three times, through each agent.
    for (const client of ['198.51.100.1', '198.51.100.2']) {
      expect((await click(server, 'agent_a', a, client)).status).toBe(302);
    }
    for (const agent of ['agent_a', 'agent_b', 'agent_c']) {
      expect((await click(server, agent, b, '198.51.100.3')).status).toBe(302);
    }
    // Not clicks, each from a client of its own, on B (they would lift it above A) and on a
    // product never clicked (they would lift it above every unclicked one).
    for (const slug of [b, untouched]) {
      const n = slug === b ? 10 : 20;
      const notClicks = [
        click(server, 'agent_a', slug, `198.51.100.${n}`, { method: 'HEAD' }),
        click(server, 'agent_a', slug, `198.51.100.${n + 1}`, {
          headers: { 'sec-purpose': 'prefetch' },
        }),
        click(server, 'agent_a', slug, `198.51.100.${n + 2}`, {
          headers: { 'sec-purpose': 'prefetch;prerender' },
        }),
        click(server, 'agent_a', slug, `198.51.100.${n + 3}`, {
          headers: { 'user-agent': GOOGLEBOT },
        }),
      ];
      for (const answer of await Promise.all(notClicks)) {
        expect(answer.status).toBe(302);
        expect(answer.location).toMatch(/^https:\/\/agent-a\.example\/.*[?&]ref=catalogdemo$/);
      }
      expect(
        await clickWithoutUserAgent(server, `/go/agent_a/${slug}`, `198.51.100.${n + 4}`),
      ).toBe(302);
    }

    // A (2 clicks), then B and the product clicked above (1 click each, in the newest order),
    // then every product never clicked, in the newest order.
    const after = await htmlOrder(server, '/catalog?sort=popular');
    const clickedOnce = [b, ...clickedBefore.filter((s) => s !== a && s !== b)].sort(
      (x, y) => newest.indexOf(x) - newest.indexOf(y),
    );
    expect(clickedOnce[0]).toBe(b);
    const clicked = [a, ...clickedOnce];
    expect(after.slice(0, clicked.length)).toEqual(clicked);
    const unclicked = newest.filter((s) => !clicked.includes(s));
    expect(after.slice(clicked.length)).toEqual(unclicked.slice(0, after.length - clicked.length));
    expect(after.indexOf(untouched)).toBe(clicked.length + unclicked.indexOf(untouched));
    const md = await markdownOrder(server, '/catalog.md?sort=popular');
    expect(md.slice(0, 2)).toEqual([a, b]);
    const items = await searchProducts(server, { sort: 'popular' });
    expect(items.slice(0, 2).map((i) => i.slug)).toEqual([a, b]);

    // Prometheus: A's two clicks and B's first, through agent_a; nothing else.
    expect(await metric(metricsUrl, 'outbound_clicks_total{agent="agent_a"}')).toBe(counted + 3);
  });
});

describe('the counts across restarts, in DATA_DIR/clicks.json', () => {
  const dataDir = newDataDir();
  const file = join(dataDir, 'clicks.json');
  const clients = ['192.0.2.41', '192.0.2.42', '192.0.2.43'];
  let newest: string[];

  it('keeps the counts written before a crash (CLICKS_FLUSH_S=1, SIGKILL)', async () => {
    const first = await start(dataDir, { CLICKS_FLUSH_S: '1' });
    newest = await htmlOrder(first, '/catalog?sort=newest');
    expect(newest.length).toBeGreaterThanOrEqual(10);
    const slug = newest[6] ?? '';
    expect((await click(first, 'agent_a', slug, clients[0] ?? '')).status).toBe(302);
    expect((await htmlOrder(first, '/catalog?sort=popular'))[0]).toBe(slug);
    // More than a flush interval (a "minute" of one second) before the crash.
    await sleep(2_000);
    await crash(first);
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await start(dataDir);
    expect((await htmlOrder(second, '/catalog?sort=popular'))[0]).toBe(slug);
    expect((await searchProducts(second, { sort: 'popular' }))[0]?.slug).toBe(slug);
    await second.stop();
  }, 60_000);

  it('keeps the counts of a graceful stop (SIGTERM) right after the clicks', async () => {
    // The default flush interval (60 s): only the shutdown can write these clicks.
    const server = await start(dataDir);
    const kept = newest[6] ?? '';
    const slug = newest[9] ?? '';
    expect((await htmlOrder(server, '/catalog?sort=popular'))[0]).toBe(kept);
    for (const [i, client] of clients.slice(1).entries()) {
      const agent = i === 0 ? 'agent_a' : 'agent_b';
      expect((await click(server, agent, slug, client)).status).toBe(302);
    }
    expect((await htmlOrder(server, '/catalog?sort=popular')).slice(0, 2)).toEqual([slug, kept]);
    await server.stop();
    expect(server.child.exitCode).toBe(0);

    const restarted = await start(dataDir);
    expect((await htmlOrder(restarted, '/catalog?sort=popular')).slice(0, 2)).toEqual([slug, kept]);
    expect((await markdownOrder(restarted, '/catalog.md?sort=popular')).slice(0, 2)).toEqual([
      slug,
      kept,
    ]);
    await restarted.stop();
  }, 60_000);

  it('stores counts only: no client address, no user agent', () => {
    const raw = readFileSync(file, 'utf8');
    for (const secret of [...clients, '127.0.0.1', BROWSER, 'Mozilla', 'Chrome/']) {
      expect(raw).not.toContain(secret);
    }
    const stored = JSON.parse(raw) as { version: number; days: Record<string, unknown> };
    expect(stored.version).toBe(1);
    const days = Object.values(stored.days);
    expect(days).toHaveLength(1);
    expect(days[0]).toEqual({
      [`${newest[6]} agent_a`]: 1,
      [`${newest[9]} agent_a`]: 1,
      [`${newest[9]} agent_b`]: 1,
    });
  });
});

describe('CLICKS=off', () => {
  it('still redirects, and counts nothing', async () => {
    const dataDir = newDataDir();
    const server = await start(dataDir, { CLICKS: 'off', CLICKS_FLUSH_S: '1' });
    const newest = await htmlOrder(server, '/catalog?sort=newest');
    const items = await searchProducts(server, {});
    const slug = newest[4] ?? '';
    const product = await productData(server, slug, items);
    expect(product.html).toContain(`href="/go/agent_a/${slug}"`);
    for (const client of ['203.0.113.61', '203.0.113.62']) {
      const answer = await click(server, 'agent_a', slug, client);
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(expectedAgentLink('agent_a', product));
    }
    expect(await htmlOrder(server, '/catalog?sort=popular')).toEqual(newest);
    expect((await searchProducts(server, { sort: 'popular' }))[0]?.slug).toBe(newest[0]);
    await sleep(1_500);
    await server.stop();
    const file = join(dataDir, 'clicks.json');
    if (existsSync(file)) {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { days: Record<string, object> };
      expect(Object.values(stored.days).flatMap((day) => Object.keys(day))).toEqual([]);
    }
  }, 60_000);
});
