import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import { cpuSeconds, parseStatTicks, peakRssMB, resetPeakRss, rssMB } from '../src/proc.js';

describe('parseStatTicks', () => {
  it('adds utime and stime, counting fields after the command name even when it holds ") ("', () => {
    const stat =
      '4242 (node (x) y) S 1 4242 4242 0 -1 4194560 5124 0 0 0 1234 567 0 0 20 0 11 0 42 1 1 ...';
    expect(parseStatTicks(stat)).toBe(1234 + 567);
  });

  it('refuses a line that is not a stat line', () => {
    expect(() => parseStatTicks('garbage')).toThrow(/bad \/proc stat/);
  });
});

describe('cpuSeconds', () => {
  it("follows a busy process's CPU time and not an idle one's", { timeout: 30_000 }, async () => {
    const busy = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
    // Measured only once it has started: Node's own start costs CPU, more on a loaded machine.
    const idle = spawn(
      process.execPath,
      ['-e', "setInterval(()=>{},1000); process.stdout.write('ready')"],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    onTestFinished(async () => {
      for (const child of [busy, idle]) {
        const exited = once(child, 'exit');
        child.kill('SIGKILL');
        await exited;
      }
    });
    await once(idle.stdout!, 'data');
    const [busyBefore, idleBefore] = [cpuSeconds(busy.pid!), cpuSeconds(idle.pid!)];
    // The busy one burns CPU whenever it is scheduled; on a loaded machine that takes longer,
    // so the wait lasts until it has burnt 0.1 s, and the idle one is compared over the same time.
    for (let waited = 0; waited < 20 && cpuSeconds(busy.pid!) - busyBefore <= 0.1; waited++) {
      await sleep(500);
    }
    expect(cpuSeconds(busy.pid!) - busyBefore).toBeGreaterThan(0.1);
    expect(cpuSeconds(idle.pid!) - idleBefore).toBeLessThan(0.05);
    expect(rssMB(busy.pid)).toBeGreaterThan(10);
    expect(peakRssMB(busy.pid)).toBeGreaterThanOrEqual(rssMB(busy.pid)! - 1);
  });
});

describe('resetPeakRss', () => {
  it('sets VmHWM to the RSS of now, so that the next peak read is the peak since then', () => {
    const peak = peakRssMB(process.pid)!;
    expect(resetPeakRss(process.pid)).toBe(true);
    const reset = peakRssMB(process.pid)!;
    // The process may grow a page or two between the two reads (a garbage collection, the test
    // runner): the new peak is the RSS of then, not above the old peak by more than that.
    expect(reset).toBeLessThanOrEqual(peak + 1);
    expect(Math.abs(reset - rssMB(process.pid)!)).toBeLessThan(16);
    // Touched pages count at once: the new peak holds them.
    const touched = Buffer.alloc(64 * 1024 * 1024, 1);
    expect(peakRssMB(process.pid)!).toBeGreaterThan(reset + 48);
    expect(touched.length).toBe(64 * 1024 * 1024);
  });
});
