import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alternate, compareRounds, middleHalf, pool } from '../src/compare.js';
import { createWrk } from '../src/load-wrk.js';
import type { Measured } from '../src/measure.js';

const script = join(dirname(fileURLToPath(import.meta.url)), '..', 'lua', 'requests.lua');

// A server whose every answer first spins `work` iterations: its CPU per request, not its speed,
// is what the test knows in advance (more work, more CPU per request).
const SERVER = `
const work = Number(process.argv[1]);
const server = require('node:http').createServer((request, response) => {
  let x = 0;
  for (let i = 0; i < work; i++) x = (x * 31 + i) | 0;
  response.end(String(x));
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function startServer(work: number): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['-e', SERVER, String(work)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [port] = (await once(child.stdout!, 'data')) as [Buffer];
  return { child, url: `http://127.0.0.1:${port.toString().trim()}` };
}

let light: { child: ChildProcess; url: string };
let heavy: { child: ChildProcess; url: string };

beforeAll(async () => {
  light = await startServer(0);
  heavy = await startServer(2_000_000);
});

afterAll(async () => {
  for (const server of [light, heavy]) {
    if (!server) continue;
    const exited = once(server.child, 'exit');
    server.child.kill();
    await exited;
  }
});

describe('alternate and compareRounds', () => {
  it("read each server's CPU per request from /proc, and the twin over the route as the ratio", async () => {
    const wrk = createWrk({ script });
    try {
      const scenario = { name: 'root', requests: [{ path: '/' }] };
      const target = (s: { child: ChildProcess; url: string }) => ({
        url: s.url,
        pids: () => [s.child.pid as number],
      });
      const rounds = await alternate(
        wrk,
        [
          { target: target(light), scenario },
          { target: target(heavy), scenario },
        ],
        { rounds: 3, durationS: 1, connections: 4, warmupS: 1 },
      );
      expect(rounds).toHaveLength(3);
      for (const [twin, route] of rounds as [Measured, Measured][]) {
        expect(twin.requests).toBeGreaterThan(0);
        expect(route.requests).toBeGreaterThan(0);
        expect(route.cpuUs).toBeGreaterThan(twin.cpuUs);
        expect(route.serverCpuS).toBeGreaterThan(0);
      }
      const compared = compareRounds(rounds, 1);
      expect(compared.ratios).toHaveLength(3);
      expect(compared.ratio).toBeLessThan(1);
      expect(compared.ratio).toBe(compared.twin.cpuUs / compared.route.cpuUs);
      // Each side's rounds added up: all the CPU over all the requests.
      const routes = rounds.map((round) => round[1] as Measured);
      const requests = routes.reduce((n, r) => n + r.requests, 0);
      expect(compared.route.requests).toBe(requests);
      expect(compared.route.cpuUs).toBeCloseTo(
        (routes.reduce((cpu, r) => cpu + r.serverCpuS, 0) * 1e6) / requests,
        6,
      );
    } finally {
      await wrk.close();
    }
  });
});

describe('pool and middleHalf', () => {
  const run = (requests: number, serverCpuS: number, p99Ms: number): Measured => ({
    name: 'r',
    requests,
    durationS: 1,
    rps: requests,
    p50Ms: p99Ms / 2,
    p99Ms,
    errors: 0,
    non2xx: 1,
    generatorCpuS: 0.5,
    repeated: false,
    serverCpuS,
    cpuUs: (serverCpuS * 1e6) / requests,
    serverLoad: serverCpuS,
    generatorLoad: 0.5,
    logBytesPerRequest: 200,
  });

  it('weighs each run by its requests, not each run alike', () => {
    // The same CPU in each run, spread over 1,000, 100 and 1,000 requests.
    const pooled = pool([run(1000, 0.01, 2), run(100, 0.01, 9), run(1000, 0.01, 3)]);
    expect(pooled.requests).toBe(2100);
    expect(pooled.cpuUs).toBeCloseTo(0.03e6 / 2100, 9);
    expect(pooled.rps).toBe(700);
    expect(pooled.p99Ms).toBe(3);
    expect(pooled.non2xx).toBe(3);
    expect(pooled.logBytesPerRequest).toBeCloseTo(200, 9);
  });

  it('gives the first and third quartiles', () => {
    expect(middleHalf([0.9, 0.1, 0.5, 0.3, 0.7, 0.2, 0.8, 0.4])).toEqual([0.3, 0.8]);
  });
});
