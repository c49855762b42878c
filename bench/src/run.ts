// `pnpm bench`: every figure of the service beside a bare Fastify route measured in the same run,
// on loopback, bounded in time.
// Usage: pnpm bench [--duration S] [--connections N] [--rounds R] [--quick] [--only TEXT]
//   [--profile] [--decode-bodies]
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { keepBodies, type LoadResult, runLoad } from './load.js';
import { rssMB, startBare, startNode } from './processes.js';
import { ZIPF_SEARCH } from './scenarios/mcp.js';
import { SERVICE_SCENARIOS } from './scenarios.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    quick: { type: 'boolean', default: false },
    // Only the HTTP scenarios whose name contains this text (skips engine, cold start, gateway).
    only: { type: 'string' },
    // Writes a V8 CPU profile of the measured server to bench/results/ when it stops.
    profile: { type: 'boolean', default: false },
    // Baseline and scenario alternate this many times; the round with the median ratio is kept.
    rounds: { type: 'string', default: '3' },
    // autocannon's own behaviour: decode every response body into a string (see load.ts).
    'decode-bodies': { type: 'boolean', default: false },
  },
});
const durationS = values.quick ? 2 : Number(values.duration);
const connections = Number(values.connections);
const rounds = values.quick ? 1 : Math.max(1, Number(values.rounds));
keepBodies(values['decode-bodies']);
const standaloneEntry = join(root, 'apps/standalone/dist/server.js');
// One client drives all the load from one address: the measured server runs without budgets.
const serverEnv = {
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PAGES: '0',
  RATE_LIMIT_MCP: '0',
  RATE_LIMIT_TOKEN: '0',
};
const report: Record<string, unknown> = {
  date: new Date().toISOString(),
  durationS,
  connections,
  rounds,
  decodeBodies: values['decode-bodies'],
};

console.log(
  `# pnpm bench (${durationS} s per run, ${rounds} rounds, ${connections} connections, loopback)\n`,
);

if (!values.only) {
  await searchEngine();
  await coldStart();
}
await http();
if (!values.only) await gateway();

const resultsDir = join(root, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nfull results: bench/results/latest.json`);

async function searchEngine() {
  const script = join(here, 'search-engine.js');
  if (!existsSync(script)) {
    console.log('search engine: bench/dist/search-engine.js not built, skipped\n');
    return;
  }
  console.log('## Search engine (embedded, in-process; per-query latency)\n');
  console.log('| products | cache | build ms | heap MB | p50 ms | p99 ms | max ms |');
  console.log('|---:|:---|---:|---:|---:|---:|---:|');
  const rows = [];
  const counts = values.quick ? [17_917] : [17_917, 200_000];
  for (const count of counts) {
    for (const cache of [false, true]) {
      const args = [script, '--count', String(count), ...(cache ? [] : ['--no-cache'])];
      const { stdout } = await promisify(execFile)(process.execPath, args, {
        maxBuffer: 1 << 24,
        timeout: 300_000,
      });
      const line = stdout.trim().split('\n').at(-1) ?? '{}';
      const r = JSON.parse(line);
      rows.push(r);
      console.log(
        `| ${count} | ${cache ? 'on' : 'off'} | ${fmt(r.buildMs)} | ${fmt(r.heapMB)} | ${fmt(r.p50Ms, 3)} | ${fmt(r.p99Ms, 3)} | ${fmt(r.maxMs, 3)} |`,
      );
    }
  }
  report.searchEngine = rows;
  console.log('');
}

async function coldStart() {
  console.log('## Cold start of the one-process server (process start to first 200)\n');
  const runs: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < 3; i++) {
    const server = await startNode(standaloneEntry, serverEnv, '/health.json');
    runs.push(server.readyMs);
    rss.push(rssMB(server.child.pid) ?? Number.NaN);
    await server.stop();
  }
  runs.sort((a, b) => a - b);
  report.coldStart = { runsMs: runs, medianMs: runs[1], rssAtReadyMB: rss };
  console.log(
    `cold start: median ${fmt(runs[1] ?? Number.NaN)} ms (runs: ${runs.map((r) => fmt(r)).join(', ')})`,
  );
  console.log(`RSS at first 200: ${rss.map((r) => fmt(r)).join(', ')} MB\n`);
}

async function http() {
  console.log(
    `## HTTP (autocannon, ${connections} connections, ${durationS} s runs, median of ${rounds} rounds)\n`,
  );
  const bare = await startBare(join(here, 'bare-server.js'));
  const profileArgs = values.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${join(root, 'bench/results')}`]
    : [];
  const rows: Compared[] = [];
  const rss: Record<string, number | undefined> = {};
  try {
    for (const group of SERVICE_SCENARIOS) {
      const scenarios = group.scenarios.filter(
        (s) => !values.only || s.scenario.name.includes(values.only),
      );
      if (scenarios.length === 0) continue;
      // A fresh one-process server per app (see scenarios.ts).
      const service = await startNode(standaloneEntry, serverEnv, '/health.json', [], profileArgs);
      try {
        for (const s of scenarios) {
          rows.push(
            await compare(
              (seconds) => runLoad(bare.url, s.baseline, { connections, durationS: seconds }),
              (seconds) => runLoad(service.url, s.scenario, { connections, durationS: seconds }),
            ),
          );
        }
        rss[group.app] = rssMB(service.child.pid);
      } finally {
        await service.stop();
      }
    }
  } finally {
    await bare.stop();
  }
  printHttp(rows);
  console.log(
    `\nRSS of the one-process server after each app's load: ${Object.entries(rss)
      .map(([app, mb]) => `${app} ${fmt(mb ?? Number.NaN)} MB`)
      .join(', ')}`,
  );
  report.http = rows;
  report.rssAfterLoadMB = rss;
}

// The production shape: the same MCP replica measured through the real nginx gateway and directly.
async function gateway() {
  console.log(
    `\n## Through the gateway (nginx in front of one mcp process, ${connections} connections)\n`,
  );
  const { startStack } = await import('@repo/e2e/stack');
  const { generateSigningKey } = await import('@repo/jwt');
  const stack = await startStack({
    mcpReplicas: 1,
    redis: false,
    env: {
      JWT_PRIVATE_KEYS: JSON.stringify(generateSigningKey('bench')),
      RATE_LIMIT_MCP: '0',
      RATE_LIMIT_PAGES: '0',
    },
  });
  try {
    const direct = stack.directUrl('mcp-1');
    const { baseline: straight, scenario: through } = await compare(
      (seconds) => runLoad(direct, ZIPF_SEARCH, { connections, durationS: seconds }),
      (seconds) => runLoad(stack.baseUrl, ZIPF_SEARCH, { connections, durationS: seconds }),
    );
    console.log('| path | req/s | p50 ms | p99 ms | errors |');
    console.log('|:---|---:|---:|---:|---:|');
    for (const [name, r] of [
      ['straight to the app', straight],
      ['through the gateway', through],
    ] as const) {
      console.log(`| ${name} | ${fmt(r.rps)} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors + r.non2xx} |`);
    }
    console.log(
      `\ngateway / straight: ${fmt((100 * through.rps) / straight.rps)}% of the throughput`,
    );
    report.gateway = { straight, through };
  } finally {
    await stack.stop();
  }
}

/** A scenario beside its baseline, measured in alternation so both see the same machine. */
interface Compared {
  readonly scenario: LoadResult;
  readonly baseline: LoadResult;
  /** scenario / baseline requests per second of every round, in the order run. */
  readonly ratios: readonly number[];
}

// Other work on a shared machine moves throughput by 10-20% from one minute to the next; runs
// side by side in time, repeated, and the median round kept, make the ratio hold still.
async function compare(
  baseline: (seconds: number) => Promise<LoadResult>,
  scenario: (seconds: number) => Promise<LoadResult>,
): Promise<Compared> {
  await baseline(1); // warm-up
  await scenario(1);
  const measured: { scenario: LoadResult; baseline: LoadResult; ratio: number }[] = [];
  for (let i = 0; i < rounds; i++) {
    const b = await baseline(durationS);
    const r = await scenario(durationS);
    measured.push({ scenario: r, baseline: b, ratio: r.rps / b.rps });
  }
  const ratios = measured.map((m) => m.ratio);
  const median = [...measured].sort((a, b) => a.ratio - b.ratio)[Math.floor(measured.length / 2)];
  return { ...(median as (typeof measured)[number]), ratios };
}

function printHttp(rows: readonly Compared[]) {
  console.log(
    '| scenario | req/s | p50 ms | p99 ms | baseline | baseline req/s | ratio | errors |',
  );
  console.log('|:---|---:|---:|---:|:---|---:|---:|---:|');
  for (const { scenario: r, baseline: b, ratios } of rows) {
    const others = ratios.length > 1 ? ` (${ratios.map((x) => fmt(100 * x, 0)).join(', ')})` : '';
    const ratio = `${fmt((100 * r.rps) / b.rps)}%${others}`;
    console.log(
      `| ${r.name} | ${fmt(r.rps)} | ${r.p50Ms} | ${r.p99Ms} | ${b.name} | ${fmt(b.rps)} | ${ratio} | ${r.errors + r.non2xx} |`,
    );
  }
}

function fmt(n: number, digits = 1) {
  return Number.isFinite(n) ? n.toFixed(digits) : 'n/a';
}
