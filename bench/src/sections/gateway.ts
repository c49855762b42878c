import { alternate, compareRounds } from '../compare.js';
import { type BenchContext, LOG_LEVELS } from '../context.js';
import { pinProcess } from '../cores.js';
import { fmt, pct, printTable } from '../format.js';
import { type Measured, SATURATED } from '../measure.js';
import { childPids } from '../proc.js';
import { ZIPF_SEARCH } from '../scenarios/mcp.js';

/**
 * The production shape: one mcp process measured straight and through the real nginx gateway,
 * in alternating rounds, every process of the stack on the servers' core. Through the gateway the
 * server's CPU is the app's and nginx's (master and workers), each also shown apart.
 */
export async function gatewaySection(ctx: BenchContext): Promise<void> {
  const { rounds } = ctx;
  console.log(
    `## Through the gateway (nginx in front of one mcp process, ${rounds.connections} connections, ${ZIPF_SEARCH.name})\n`,
  );
  const { startStack } = await import('@repo/e2e/stack');
  const { generateSigningKey } = await import('@repo/jwt');
  const rows: { level: string; path: string; run: Measured; ratios?: readonly number[] }[] = [];
  for (const level of LOG_LEVELS) {
    const stack = await startStack({
      mcpReplicas: 1,
      redis: false,
      env: {
        JWT_PRIVATE_KEYS: JSON.stringify(generateSigningKey('bench')),
        LOG_LEVEL: level,
        RATE_LIMIT_MCP: '0',
        RATE_LIMIT_PAGES: '0',
      },
    });
    try {
      const pidOf = (name: string) => stack.processes.get(name)?.child.pid as number;
      const nginx = [pidOf('gateway'), ...childPids(pidOf('gateway'))];
      const mcp = [pidOf('mcp-1')];
      for (const managed of stack.processes.values()) {
        const pid = managed.child.pid as number;
        for (const p of [pid, ...childPids(pid)]) pinProcess(p, ctx.cores.server);
      }
      const measured = await alternate(
        ctx.generator,
        [
          { target: { url: stack.directUrl('mcp-1'), pids: () => mcp }, scenario: ZIPF_SEARCH },
          {
            target: {
              url: stack.baseUrl,
              pids: () => [...mcp, ...nginx],
              parts: () => ({ mcp, nginx }),
            },
            scenario: ZIPF_SEARCH,
          },
        ],
        rounds,
      );
      const { twin: straight, route: through, ratios } = compareRounds(measured, 1);
      rows.push({ level, path: 'straight to the app', run: straight });
      rows.push({ level, path: 'through the gateway', run: through, ratios });
    } finally {
      await stack.stop();
    }
  }
  printTable(
    [
      'path',
      'log',
      'req/s',
      'p50 ms',
      'p99 ms',
      'CPU µs/req',
      'of which nginx',
      'server core',
      'load core',
      'errors',
    ],
    'llrrrrrrrr',
    rows.map(({ level, path, run: r }) => [
      path,
      level,
      fmt(r.rps, 0),
      fmt(r.p50Ms, 2),
      fmt(r.p99Ms, 2),
      fmt(r.cpuUs),
      fmt(r.partsCpuUs?.nginx),
      pct(r.serverLoad),
      `${pct(r.generatorLoad)}${r.generatorLoad >= SATURATED ? ' ⚠' : ''}`,
      String(r.errors + r.non2xx),
    ]),
  );
  console.log(
    '\nThe server core runs the app and nginx together; the difference in CPU per request is what the gateway adds.',
  );
  console.log('');
  ctx.report.gateway = rows;
}
