import { describe, expect, it, vi } from 'vitest';
import { serialRuns } from '../../src/live/serial-runs.js';

/** Runs that each wait for the test to end them, numbered from 1. */
function gatedRuns() {
  const ends: (() => void)[] = [];
  let started = 0;
  const runs = serialRuns(
    () =>
      new Promise<number>((resolve) => {
        const n = ++started;
        ends.push(() => resolve(n));
      }),
  );
  return { runs, started: () => started, end: () => ends.shift()?.() };
}

describe('serialRuns', () => {
  it('lets join() share the run under way, and again() wait for one more, shared', async () => {
    const { runs, started, end } = gatedRuns();
    const first = runs.join();
    expect(runs.join()).toBe(first);
    const more = runs.again();
    expect(runs.again()).toBe(more);
    expect(started()).toBe(1);
    end();
    expect(await first).toBe(1);
    await vi.waitFor(() => expect(started()).toBe(2));
    end();
    expect(await more).toBe(2);
    let settled = false;
    void runs.settled().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(true);
  });

  it('starts a run for again() when none is under way, and one more after a failed run', async () => {
    let calls = 0;
    const runs = serialRuns(async () => {
      calls++;
      if (calls === 1) throw new Error('broken');
      return calls;
    });
    const failing = runs.again();
    const after = runs.again();
    await expect(failing).rejects.toThrow('broken');
    expect(await after).toBe(2);
  });
});
