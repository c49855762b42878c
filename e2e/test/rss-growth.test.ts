import { describe, expect, it } from 'vitest';
import { type RssWindow, rssGrowth } from '../src/soak/rss-growth.js';

/** Windows of 15 s whose floors are `floors` (MB), each window ending 5 MB above its floor. */
const windows = (floors: readonly number[]): RssWindow[] =>
  floors.map((floor, i) => ({
    t: 15 * (i + 1),
    rssFloorMB: { app: floor },
    rssMB: { app: floor + 5 },
  }));

describe('rssGrowth: the soak’s leak check', () => {
  it('flags memory that climbs all along', () => {
    expect(rssGrowth(windows([140, 150, 160, 170, 180, 190, 200, 210])).app?.steady).toBe(true);
  });

  it('lets a heap grow once to a new size and stay there', () => {
    // The auth app under token traffic: V8 sizes its old generation up once, 40 s in.
    expect(rssGrowth(windows([138, 138, 141, 162, 162, 162, 162, 162])).app?.steady).toBe(false);
  });

  it('lets a heap size itself in steps over its first two and a half minutes', () => {
    // An mcp replica under the soak's searches: its result cache fills and V8 grows its old
    // generation in two or three steps, level from about 150 s (ten-minute soaks, 347-359 MB
    // from there to the end). Two minutes end before the steps do, and read as a leak: the CI
    // soak runs four.
    const replica = [
      257, 258, 258, 298, 302, 339, 339, 343, 348, 351, 351, 351, 352, 352, 352, 352,
    ];
    expect(rssGrowth(windows(replica)).app?.steady).toBe(false);
    expect(rssGrowth(windows(replica.slice(0, 8))).app?.steady).toBe(true);
  });

  it('lets a cache fill during the warm-up, and memory fall', () => {
    expect(rssGrowth(windows([100, 180, 182, 183, 182, 184, 183, 182])).app?.steady).toBe(false);
    expect(rssGrowth(windows([161, 161, 161, 161, 161, 108, 108, 108])).app?.steady).toBe(false);
  });

  it('flags nothing in a soak too short to split after its warm-up', () => {
    expect(rssGrowth(windows([100, 200])).app?.steady).toBe(false);
  });
});
