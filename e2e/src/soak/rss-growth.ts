/** What the growth check reads of a window of the soak: its time and each process's RSS. */
export interface RssWindow {
  /** Seconds since the soak started, at the end of the window. */
  readonly t: number;
  /** RSS at the end of the window. */
  readonly rssMB: Record<string, number>;
  /** Lowest RSS sampled during the window: the floor a leak would raise. */
  readonly rssFloorMB: Record<string, number>;
}

/** How each process's memory moved over the soak, and whether it kept growing. */
export interface RssGrowth {
  /** The floor of the first third after the warm-up, and of the last third. */
  readonly start: number;
  readonly end: number;
  readonly slopeMBPerMin: number;
  readonly steady: boolean;
}

/**
 * Steady growth: a process's memory saw-tooths with garbage collection and rises while caches
 * fill, so floors are compared, not samples. After the warm-up quarter, the windows are cut in
 * thirds: the floor of the last must sit more than 20 MB (and 10%) above the floor of the first,
 * and each third must have risen by a quarter of that at least. A leak climbs all along; a heap
 * that grows once to a new size (V8 sizing its old generation under load) steps once and stays,
 * and is not a leak.
 */
export function rssGrowth(windows: readonly RssWindow[]): Record<string, RssGrowth> {
  const after = windows.slice(Math.max(1, Math.floor(windows.length / 4)));
  const third = Math.floor(after.length / 3);
  const thirds = [after.slice(0, third), after.slice(third, -third), after.slice(-third)];
  const names = Object.keys(windows[0]?.rssMB ?? {});
  const floorOf = (list: readonly RssWindow[], name: string) =>
    Math.min(...list.map((w) => w.rssFloorMB[name] ?? w.rssMB[name] ?? Number.POSITIVE_INFINITY));
  return Object.fromEntries(
    names.map((name) => {
      const [first, middle, last] = thirds.map((list) => floorOf(list, name)) as [
        number,
        number,
        number,
      ];
      const rise = last - first;
      const slope = slopeOf(after.map((w) => [w.t / 60, w.rssFloorMB[name] ?? 0] as const));
      const steady =
        third >= 1 &&
        rise > Math.max(20, first * 0.1) &&
        middle - first >= rise / 4 &&
        last - middle >= rise / 4;
      return [name, { start: first, end: last, slopeMBPerMin: slope, steady }];
    }),
  );
}

function slopeOf(points: readonly (readonly [number, number])[]): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}
