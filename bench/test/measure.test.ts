import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alternate, medianRound } from '../src/compare.js';
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

describe('alternate and medianRound', () => {
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
      const compared = medianRound(rounds, 1);
      expect(compared.ratios).toHaveLength(3);
      expect(compared.ratio).toBeLessThan(1);
      expect(compared.ratio).toBe(compared.twin.cpuUs / compared.route.cpuUs);
      // The median of the three ratios, with its own round's figures.
      expect(compared.ratio).toBe([...compared.ratios].sort((a, b) => a - b)[1]);
    } finally {
      await wrk.close();
    }
  });
});
