import { describe, expect, it } from 'vitest';
import type { Measured } from '../src/measure.js';
import { type GoalRow, goalRows, type ScaleResult, type ScaleSearch } from '../src/scale-goals.js';
import type { IdleReload, LoadRun } from '../src/sections/reload-report.js';

function measured(p99Ms: number, more: Partial<Measured> = {}): Measured {
  return {
    name: 'run',
    requests: 10_000,
    durationS: 10,
    rps: 1_000,
    p50Ms: p99Ms / 4,
    p99Ms,
    maxMs: p99Ms * 2,
    errors: 0,
    non2xx: 0,
    generatorCpuS: 1,
    repeated: false,
    serverCpuS: 5,
    cpuUs: 500,
    serverLoad: 0.5,
    generatorLoad: 0.1,
    ...more,
  };
}

function reload(rssAfterMB: number): IdleReload {
  return {
    trigger: 'SIGHUP',
    from: 'a',
    to: 'b',
    ms: 900,
    serverMs: 890,
    warmed: 120,
    warmMs: 400,
    longestStallMs: 40,
    rssBeforeMB: 300,
    peakMB: 400,
    peakSampledMB: 390,
    rssAfterMB,
  };
}

function result(over: Partial<ScaleResult> = {}, during: Partial<LoadRun> = {}): ScaleResult {
  const start = { preparedBeside: true, readyMs: 1_500, rssMB: 300, peakMB: 320, settledMB: 290 };
  return {
    products: 200_000,
    tier: 'default',
    fileMB: 124,
    imports: [],
    unprepared: { ...start, preparedBeside: false, readyMs: 12_000 },
    prepared: start,
    peakMethod: 'VmHWM',
    reloads: [reload(320), ...Array.from({ length: 8 }, () => reload(330)), reload(340)],
    scenario: 'mixed',
    underLoad: {
      fullSpeed: measured(20),
      rate: 2_000,
      windowS: 10,
      without: { ...measured(3), longestStallMs: 12, peakMB: 330 },
      with: {
        ...measured(5, { maxMs: 60 }),
        reloadMs: 1_000,
        rssBeforeMB: 330,
        longestStallMs: 80,
        peakMB: 450,
        ...during,
      },
    },
    underLoadReload: { version: 'b', previous: 'a', ms: 1_000, warmed: 700, warmMs: 800 },
    searches: [],
    rssAtEndMB: 340,
    ...over,
  };
}

const byFigure = (rows: GoalRow[], text: string) => {
  const row = rows.find((r) => r.figure.includes(text));
  if (row === undefined) throw new Error(`no row for ${text}`);
  return row;
};

describe('goalRows', () => {
  it('holds every figure of the default size against its goal', () => {
    const rows = goalRows(result());
    expect(rows.map((r) => [r.figure, r.goal, r.met])).toEqual([
      ['first 200 after `catalog import`', '≤ 2 s', true],
      ['RSS at the first 200', '≤ 350 MB', true],
      ['RSS at the end, after the reloads and the load', '≤ 350 MB', true],
      ['reload under ½ load: longest `/health.json` wait', '≤ 100 ms', true],
      ['reload under ½ load: slowest answer of the load', '≤ 100 ms', true],
      ['reload under ½ load: p99 without → with', '≤ ×2', true],
      ['reload under ½ load: RSS before → peak', '≤ ×1.5', true],
      ['RSS after reload 1 → 10', '≤ ×1.10', true],
    ]);
    expect(byFigure(rows, 'p99 without').measured).toBe('3.00 → 5.00 ms (×1.67)');
    expect(byFigure(rows, 'reload 1 →').measured).toBe('320 MB → 340 MB (×1.06)');
  });

  it('fails a figure over its goal, and says a missing one is unknown', () => {
    const rows = goalRows(
      result(
        {
          prepared: {
            preparedBeside: false,
            readyMs: 2_001,
            rssMB: 351,
            peakMB: 400,
            settledMB: 340,
          },
        },
        { p99Ms: 6.1, longestStallMs: 4_500, peakMB: 500, maxMs: undefined },
      ),
    );
    expect(byFigure(rows, 'first 200').met).toBe(false);
    expect(byFigure(rows, 'RSS at the first 200').met).toBe(false);
    expect(byFigure(rows, 'health').met).toBe(false);
    expect(byFigure(rows, 'p99 without').met).toBe(false);
    expect(byFigure(rows, 'RSS before → peak').met).toBe(false);
    expect(byFigure(rows, 'slowest answer')).toMatchObject({ measured: 'n/a ms', met: undefined });
  });

  it('holds 1,000,000 products to its own goals, the searches among them', () => {
    const search = (key: ScaleSearch['key'], p99Ms: number, requests = 5_000): ScaleSearch => ({
      ...measured(p99Ms, { requests }),
      key,
      connections: 50,
    });
    const rows = goalRows(
      result({
        products: 1_000_000,
        tier: 'large',
        prepared: {
          preparedBeside: true,
          readyMs: 9_000,
          rssMB: 1_100,
          peakMB: 1_200,
          settledMB: 1_050,
        },
        rssAtEndMB: 1_000,
        searches: [search('catalog', 49), search('zipf', 120), search('distinct', 300, 0)],
      }),
    );
    expect(rows.map((r) => [r.goal, r.met])).toEqual([
      ['≤ 10 s', true],
      ['≤ 1024 MB', false],
      ['≤ 1024 MB', true],
      ['≤ 50 ms', true],
      ['≤ 100 ms', false],
      // No answer at all is no p99 within the goal.
      ['≤ 300 ms', false],
    ]);
  });
});
