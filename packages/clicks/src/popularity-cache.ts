import { randomBytes } from 'node:crypto';
import type { Popularity } from '@repo/catalog-core';
import { dayOf, lastDays } from './days.js';

/** Reads the clicks per slug of the days of a window, from wherever they are kept. */
export type LoadPopularity = (window: readonly string[]) => Promise<Map<string, number>>;

/** Options of {@link PopularityCache}. */
export interface PopularityCacheOptions {
  readonly load: LoadPopularity;
  /** Counts to start from when the first load fails (e.g. Redis down at start). */
  readonly fallback: (window: readonly string[]) => Map<string, number>;
  /** A snapshot is loaded again when it is this old (ms); `Infinity`: only when the day changes. */
  readonly refreshMs: number;
  readonly now: () => number;
}

interface Snapshot {
  readonly today: string;
  readonly window: readonly string[];
  /** The counts as loaded. */
  readonly base: ReadonlyMap<string, number>;
  /** This process's clicks since the load. */
  delta: Map<string, number>;
  loadedAt: number;
  /** `base` + `delta` as last handed out. */
  built: Popularity | undefined;
  /** Whether `delta` changed since `built`. */
  stale: boolean;
}

/**
 * Popularity snapshots, one per window of days, cheap to ask on every request. A snapshot is
 * loaded again when it is `refreshMs` old or the day changed (callers asking meanwhile share the
 * one load; a failed load keeps the old snapshot until `refreshMs` later); the clicks this process
 * counts are added to the snapshots at once. Each snapshot handed out is never changed afterwards:
 * a new count is a new snapshot with a new `version`.
 */
export class PopularityCache {
  readonly #options: PopularityCacheOptions;
  readonly #snapshots = new Map<number, Snapshot>();
  readonly #loading = new Map<number, Promise<void>>();
  // Versions are unique to this process and this cache: `<random>.<serial>`.
  readonly #id = randomBytes(4).toString('hex');
  #serial = 0;

  constructor(options: PopularityCacheOptions) {
    this.#options = options;
  }

  /** The clicks per slug over the last `days` days, today included. */
  async get(days: number): Promise<Popularity> {
    const now = this.#options.now();
    const today = dayOf(now);
    let snapshot = this.#snapshots.get(days);
    if (
      !snapshot ||
      snapshot.today !== today ||
      now - snapshot.loadedAt >= this.#options.refreshMs
    ) {
      await this.#load(days, today);
      snapshot = this.#snapshots.get(days)!;
    }
    if (snapshot.stale || !snapshot.built) {
      snapshot.built = this.#build(snapshot, snapshot.built);
      snapshot.stale = false;
    }
    return snapshot.built;
  }

  /** Adds a click this process counted to every snapshot whose window holds its day. */
  counted(slug: string, day: string): void {
    for (const snapshot of this.#snapshots.values()) {
      if (day < snapshot.window[0]! || day > snapshot.today) continue;
      snapshot.delta.set(slug, (snapshot.delta.get(slug) ?? 0) + 1);
      snapshot.stale = true;
    }
  }

  #load(days: number, today: string): Promise<void> {
    let loading = this.#loading.get(days);
    if (!loading) {
      loading = this.#reload(days, today).finally(() => this.#loading.delete(days));
      this.#loading.set(days, loading);
    }
    return loading;
  }

  async #reload(days: number, today: string): Promise<void> {
    const old = this.#snapshots.get(days);
    const sameDay = old?.today === today ? old : undefined;
    // Clicks counted while the load runs go to a new delta, added to the new base.
    const before = sameDay?.delta;
    if (sameDay) sameDay.delta = new Map();
    const window = sameDay?.window ?? lastDays(today, days);
    try {
      const base = await this.#options.load(window);
      const snapshot: Snapshot = {
        today,
        window,
        base,
        delta: sameDay?.delta ?? new Map(),
        loadedAt: this.#options.now(),
        built: undefined,
        stale: true,
      };
      snapshot.built = this.#build(snapshot, old?.built);
      snapshot.stale = false;
      this.#snapshots.set(days, snapshot);
    } catch {
      if (sameDay) {
        // Keep the old snapshot and the clicks counted on it; try again `refreshMs` later.
        for (const [slug, clicks] of before ?? []) {
          sameDay.delta.set(slug, (sameDay.delta.get(slug) ?? 0) + clicks);
        }
        if (before?.size) sameDay.stale = true;
        sameDay.loadedAt = this.#options.now();
        return;
      }
      this.#snapshots.set(days, {
        today,
        window,
        base: this.#options.fallback(window),
        delta: new Map(),
        loadedAt: this.#options.now(),
        built: undefined,
        stale: true,
      });
    }
  }

  /** `base` + `delta`, under the previous version when no count differs from it. */
  #build(snapshot: Snapshot, previous: Popularity | undefined): Popularity {
    const counts = new Map(snapshot.base);
    for (const [slug, clicks] of snapshot.delta) counts.set(slug, (counts.get(slug) ?? 0) + clicks);
    if (previous && sameCounts(previous.counts, counts)) return previous;
    return { version: `${this.#id}.${++this.#serial}`, counts };
  }
}

function sameCounts(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [slug, clicks] of a) if (b.get(slug) !== clicks) return false;
  return true;
}
