import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import { cpuSeconds, parseStatTicks, peakRssMB, rssMB } from '../src/proc.js';

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
  it("follows a busy process's CPU time and not an idle one's", async () => {
    const busy = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
    const idle = spawn(process.execPath, ['-e', 'setInterval(()=>{},1000)'], { stdio: 'ignore' });
    onTestFinished(async () => {
      for (const child of [busy, idle]) {
        const exited = once(child, 'exit');
        child.kill('SIGKILL');
        await exited;
      }
    });
    await sleep(300);
    const [busyBefore, idleBefore] = [cpuSeconds(busy.pid!), cpuSeconds(idle.pid!)];
    // The busy one burns CPU the whole time it is scheduled; the wait is not what is asserted.
    await sleep(1_000);
    expect(cpuSeconds(busy.pid!) - busyBefore).toBeGreaterThan(0.1);
    expect(cpuSeconds(idle.pid!) - idleBefore).toBeLessThan(0.05);
    expect(rssMB(busy.pid)).toBeGreaterThan(10);
    expect(peakRssMB(busy.pid)).toBeGreaterThanOrEqual(rssMB(busy.pid)! - 1);
  });
});
