import { POPULAR_WINDOW_DAYS, type Popularity } from '@repo/catalog-core';
import type { ClickReader } from '@repo/clicks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What the view reads the clicks from. */
type PopularitySource = Pick<ClickReader, 'popularity'>;

/** The days of the home page's "Popular this week" row. */
export const POPULAR_ROW_DAYS = 7;
const WINDOWS = [POPULAR_WINDOW_DAYS, POPULAR_ROW_DAYS];
// How stale the counts a page reads may be: another replica's clicks show this much later, this
// replica's at once (a counted click refreshes the view).
const REFRESH_MS = 1_000;
const NO_CLICKS: Popularity = Object.freeze({ version: 'none', counts: new Map() });

interface Window {
  value: Popularity;
  at: number;
  pending?: Promise<void> | undefined;
  /** The most clicked slugs, made once per value. */
  ranked?: readonly string[];
}

/**
 * The click counts pages read, without a promise per request: the last counts of each window,
 * refreshed in the background once they are older than a second, and at once after a click
 * this process counted.
 */
export class PopularityView {
  readonly #source: PopularitySource;
  readonly #windows = new Map<number, Window>();

  constructor(source: PopularitySource) {
    this.#source = source;
  }

  /** The counts of the last `days` days as last read (none before the first read). */
  current(days: number): Popularity {
    const window = this.#window(days);
    if (window.pending === undefined && Date.now() - window.at >= REFRESH_MS) {
      void this.#refresh(window, days);
    }
    return window.value;
  }

  /** The slugs clicked in the last `days` days, most clicked first (ties by slug), at most `n`. */
  top(days: number, n: number): readonly string[] {
    const popularity = this.current(days);
    const window = this.#window(days);
    window.ranked ??= [...popularity.counts]
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
      .map(([slug]) => slug);
    return window.ranked.slice(0, n);
  }

  /** Reads every window again now; resolves when done (a failed read keeps the last counts). */
  async refresh(): Promise<void> {
    await Promise.all(WINDOWS.map((days) => this.#refresh(this.#window(days), days)));
  }

  #window(days: number): Window {
    let window = this.#windows.get(days);
    if (window === undefined) {
      window = { value: NO_CLICKS, at: 0 };
      this.#windows.set(days, window);
    }
    return window;
  }

  #refresh(window: Window, days: number): Promise<void> {
    // After the read under way, never beside it: an older answer must not land last.
    const read = (window.pending ?? Promise.resolve())
      .then(() => this.#source.popularity(days))
      .then(
        (value) => {
          if (value.version !== window.value.version) {
            window.value = value;
            window.ranked = undefined;
          }
        },
        () => {},
      );
    const pending = read.finally(() => {
      window.at = Date.now();
      if (window.pending === pending) window.pending = undefined;
    });
    window.pending = pending;
    return pending;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The click counts behind `sort=popular` and the home page's popular row. */
    popularity: PopularityView;
  }
}

async function popularityPlugin(fastify: FastifyInstance, opts: { source: PopularitySource }) {
  const view = new PopularityView(opts.source);
  // Read once before the first request, so a restarted process sorts by its kept counts at once.
  await view.refresh();
  fastify.decorate('popularity', view);
}

/** Decorates the app with the {@link PopularityView} of a click source. */
export default fp(popularityPlugin, { name: 'popularity', fastify: '5.x' });
