// `pnpm soak`: mixed realistic traffic through the real gateway for a bounded time, on loopback
// only. Reports errors, p99 per window and the RSS of every process; exits 1 on any error or on
// steady RSS growth. Usage: pnpm soak [--minutes 10] [--window 30] [--connections 16]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateSigningKey } from '@repo/jwt';
import autocannon from 'autocannon';
import { type RssWindow, rssGrowth } from './soak/rss-growth.js';
import { soakTraffic } from './soak/traffic.js';
import { startStack } from './stack.js';

const { values } = parseArgs({
  // pnpm may pass a `--` separator through; it carries no option.
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    minutes: { type: 'string', default: '10' },
    window: { type: 'string', default: '30' },
    connections: { type: 'string', default: '16' },
  },
});
const durationS = Math.round(Number(values.minutes) * 60);
const windowS = Math.min(Number(values.window), durationS);
const connections = Number(values.connections);
if (!(durationS > 0 && windowS > 0 && connections > 0)) {
  process.stderr.write('usage: pnpm soak [--minutes N] [--window S] [--connections N]\n');
  process.exit(2);
}

interface WindowReport extends RssWindow {
  readonly t: number;
  readonly requests: number;
  readonly rps: number;
  readonly p99Ms: number;
  readonly errors: number;
  /** What the errors were: socket errors, timeouts, and answers by status code other than 2xx. */
  readonly errorKinds: Record<string, number>;
}

const stack = await startStack({
  mcpReplicas: 2,
  env: {
    JWT_PRIVATE_KEYS: JSON.stringify(generateSigningKey('soak')),
    // One client address drives all the traffic here: budgets off, or the soak measures 429s.
    RATE_LIMIT_PAGES: '0',
    RATE_LIMIT_MCP: '0',
    RATE_LIMIT_TOKEN: '0',
  },
});
const reports: WindowReport[] = [];
try {
  const token = await issueToken(stack.baseUrl);
  const requests = soakTraffic({ count: 5_000, token });
  process.stdout.write(
    `# soak: ${durationS} s through the gateway, ${connections} connections, ${windowS} s windows\n\n` +
      '| t (s) | requests | req/s | p99 ms | errors | RSS MB (web / mcp-1 / mcp-2 / auth / gateway) |\n' +
      '|---:|---:|---:|---:|---:|:---|\n',
  );
  for (let elapsed = 0; elapsed < durationS; elapsed += windowS) {
    const floor: Record<string, number> = {};
    const sample = setInterval(() => {
      for (const [name, mb] of Object.entries(rssOfStack()))
        floor[name] = Math.min(floor[name] ?? mb, mb);
    }, 1_000);
    const result = await autocannon({
      url: stack.baseUrl,
      connections,
      duration: Math.min(windowS, durationS - elapsed),
      requests: requests.map((r) => ({ ...r })),
    });
    const report: WindowReport = {
      t: elapsed + windowS,
      requests: result.requests.total,
      rps: result.requests.average,
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      errorKinds: errorKinds(result),
      rssMB: rssOfStack(),
      rssFloorMB: floor,
    };
    clearInterval(sample);
    reports.push(report);
    const rss = ['web', 'mcp-1', 'mcp-2', 'auth', 'gateway'].map(
      (n) => report.rssMB[n]?.toFixed(0) ?? '?',
    );
    process.stdout.write(
      `| ${report.t} | ${report.requests} | ${report.rps.toFixed(0)} | ${report.p99Ms} | ${report.errors}${kinds(report)} | ${rss.join(' / ')} |\n`,
    );
  }
} finally {
  await stack.stop();
}

const errors = reports.reduce((sum, r) => sum + r.errors, 0);
const served = reports.reduce((sum, r) => sum + r.requests, 0);
const growth = rssGrowth(reports);
const steady = Object.entries(growth).filter(([, g]) => g.steady);
process.stdout.write(
  `\nserved ${served} requests, ${errors} errors; p99 first window ${reports[0]?.p99Ms} ms, ` +
    `last window ${reports.at(-1)?.p99Ms} ms\n` +
    Object.entries(growth)
      .map(
        ([name, g]) =>
          `RSS floor ${name}: ${g.start.toFixed(1)} → ${g.end.toFixed(1)} MB (${g.slopeMBPerMin.toFixed(2)} MB/min)`,
      )
      .join('\n') +
    '\n',
);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
mkdirSync(join(root, 'test-artifacts'), { recursive: true });
writeFileSync(
  join(root, 'test-artifacts', 'soak.json'),
  `${JSON.stringify({ reports, growth }, null, 2)}\n`,
);
if (errors > 0 || steady.length > 0) {
  process.stdout.write(
    `soak failed: ${errors} errors; steady RSS growth in ${steady.map(([n]) => n).join(', ') || 'none'}\n`,
  );
  process.exit(1);
}
process.stdout.write('soak passed\n');

function kinds(report: WindowReport): string {
  const entries = Object.entries(report.errorKinds);
  return entries.length ? ` (${entries.map(([k, n]) => `${k}: ${n}`).join(', ')})` : '';
}

function errorKinds(result: autocannon.Result): Record<string, number> {
  const kinds: Record<string, number> = {};
  if (result.errors) kinds.socket = result.errors;
  if (result.timeouts) kinds.timeout = result.timeouts;
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    if (!code.startsWith('2')) kinds[code] = (stats as { count: number }).count;
  }
  return kinds;
}

async function issueToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=soak-agent&scope=public',
  });
  if (response.status !== 200) throw new Error(`token request answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

function rssOfStack(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, managed] of stack.processes) {
    const kb = readRssKb(managed.child.pid);
    if (kb !== undefined) out[name] = kb / 1024;
  }
  return out;
}

function readRssKb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}
