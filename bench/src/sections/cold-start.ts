import { type BenchContext, paths, serviceEnv } from '../context.js';
import { fmt } from '../format.js';
import { rssMB } from '../proc.js';
import { startNode } from '../processes.js';

/** The one-process server as `pnpm start` runs it: process start to the first 200, three times. */
export async function coldStartSection(ctx: BenchContext): Promise<void> {
  console.log('## Cold start of the one-process server (process start to first 200)\n');
  const runs: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < 3; i++) {
    const server = await startNode(paths.standalone, {
      node: ctx.node,
      env: serviceEnv('info'),
      probePath: '/health.json',
      core: ctx.cores.server,
    });
    runs.push(server.readyMs);
    rss.push(rssMB(server.pid) ?? Number.NaN);
    await server.stop();
  }
  const sorted = [...runs].sort((a, b) => a - b);
  ctx.report.coldStart = { runsMs: runs, medianMs: sorted[1], rssAtReadyMB: rss };
  console.log(
    `cold start: median ${fmt(sorted[1], 0)} ms (runs: ${runs.map((r) => fmt(r, 0)).join(', ')})`,
  );
  console.log(`RSS at first 200: ${rss.map((r) => fmt(r, 0)).join(', ')} MB\n`);
}
