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

  it('lets a cache fill during the warm-up, and memory fall', () => {
    expect(rssGrowth(windows([100, 180, 182, 183, 182, 184, 183, 182])).app?.steady).toBe(false);
    expect(rssGrowth(windows([161, 161, 161, 161, 161, 108, 108, 108])).app?.steady).toBe(false);
  });

  it('flags nothing in a soak too short to split after its warm-up', () => {
    expect(rssGrowth(windows([100, 200])).app?.steady).toBe(false);
  });
});
