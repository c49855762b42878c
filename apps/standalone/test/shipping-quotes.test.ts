import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort } from '@repo/fastify-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The shipping calculator page and the estimate_shipping tool, served by the one process that runs
// both, asked the same questions: the page must show the tool's quotes, figure for figure. The tool
// is called through the official MCP SDK client.
const entry = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'server.js');
const dataDir = mkdtempSync(join(tmpdir(), 'standalone-shipping-'));
let child: ChildProcess;
let base: string;
let client: Client;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [entry], {
    env: {
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: base,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`${base}/health.json`).catch(() => undefined)) break;
    if (i > 600) throw new Error('server did not start');
    await sleep(50);
  }
  client = new Client({ name: 'shipping-quotes-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
}, 60_000);

afterAll(async () => {
  await client?.close();
  child?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Quote {
  agent_name: string;
  line_name: string;
  price: { amount: number };
  price_converted: { amount: number; currency: string };
  delivery_days: { min: number; max: number };
  billable_weight_grams: number;
  volumetric_weight_grams?: number;
  cheapest: boolean;
  fastest: boolean;
}
interface Estimate {
  actual_weight_grams: number;
  quotes: Quote[];
  assumptions: string[];
}

async function tool(args: Record<string, unknown>): Promise<Estimate> {
  const result = await client.callTool({ name: 'estimate_shipping', arguments: args });
  expect(result.isError).toBeFalsy();
  return result.structuredContent as unknown as Estimate;
}

/** The quotes table of the calculator's Markdown page, each cell as text. */
async function page(query: string): Promise<{ rows: string[][]; body: string }> {
  const response = await fetch(`${base}/shipping.md?${query}`);
  expect(response.status).toBe(200);
  const body = await response.text();
  const lines = body.slice(body.indexOf('| Agent | Line | Price')).split('\n').slice(2);
  const rows = lines
    .slice(
      0,
      lines.findIndex((l) => !l.startsWith('|')),
    )
    .map((l) => l.split(' | ').map((c) => c.replace(/^\| ?| ?\|$/g, '').replace(/\\/g, '')));
  return { rows, body };
}

const number = (text: string | undefined) => Number((text ?? '').replace(/[^0-9.]/g, ''));

async function slugs(query: string, n: number): Promise<string[]> {
  const result = await client.callTool({ name: 'search_products', arguments: { query, limit: n } });
  return (result.structuredContent as { items: { slug: string }[] }).items.map((i) => i.slug);
}

describe('/shipping and estimate_shipping', () => {
  it('give equal quotes for the same parcels', async () => {
    const [hoodie, sneaker] = [...(await slugs('hoodie', 1)), ...(await slugs('dunk', 1))];
    const cases: { query: string; args: Record<string, unknown> }[] = [
      { query: 'country=US&weight=1500', args: { country: 'US', weight_grams: 1500 } },
      {
        query: `country=pl&items=${hoodie}:2,${sneaker}&length=36&width=26&height=15`,
        args: {
          country: 'PL',
          items: [
            { slug: hoodie, quantity: 2 },
            { slug: sneaker, quantity: 1 },
          ],
          dimensions_cm: { length: 36, width: 26, height: 15 },
        },
      },
      {
        query: 'country=AU&items=sneakers:3,bags&length=60&width=40&height=40',
        args: {
          country: 'AU',
          items: [
            { category: 'sneakers', quantity: 3 },
            { category: 'bags', quantity: 1 },
          ],
          dimensions_cm: { length: 60, width: 40, height: 40 },
        },
      },
    ];
    for (const { query, args } of cases) {
      const [usd, eur, { rows, body }, inEuros] = await Promise.all([
        tool({ ...args, currency: 'USD' }),
        tool({ ...args, currency: 'EUR' }),
        page(query),
        page(`${query}&currency=EUR`),
      ]);
      expect(rows.length, query).toBe(usd.quotes.length);
      usd.quotes.forEach((q, i) => {
        const row = rows[i]!;
        const where = `${query}: row ${i + 1}`;
        expect(row[0], where).toBe(q.agent_name);
        expect(row[1]?.startsWith(q.line_name), where).toBe(true);
        expect(number(row[2]), where).toBe(q.price.amount);
        // The page converts into the visitor's currency: USD by default, EUR when asked.
        expect(number(row[3]), where).toBe(q.price_converted.amount);
        expect(number(inEuros.rows[i]?.[3] ?? ''), where).toBe(
          eur.quotes[i]!.price_converted.amount,
        );
        expect(row[4], where).toBe(`${q.delivery_days.min}–${q.delivery_days.max} days`);
        expect(number(row[5]), where).toBe(q.billable_weight_grams);
        const byVolume = (q.volumetric_weight_grams ?? 0) > usd.actual_weight_grams;
        expect(row[6]?.startsWith(byVolume ? 'volume' : 'weight'), where).toBe(true);
        expect(row[7]?.includes('Cheapest'), where).toBe(q.cheapest);
        expect(row[7]?.includes('Fastest'), where).toBe(q.fastest);
      });
      expect(body).toContain(
        `Packed weight:** ${usd.actual_weight_grams.toLocaleString('en-US')} g`,
      );
      for (const assumption of usd.assumptions) {
        expect(body.replace(/\\/g, '')).toContain(assumption.replace(/\\/g, ''));
      }
    }
  });
});
