/** One run at a time of a reload: see {@link serialRuns}. */
export interface SerialRuns<T> {
  /** The run under way, or a new one when none is. */
  join(): Promise<T>;
  /**
   * The run under way and then one more, shared by every call made meanwhile: a change seen
   * during a run may have come after what it read. A new run when none is under way.
   */
  again(): Promise<T>;
  /** Resolves once no run is under way or waiting, failed or not. */
  settled(): Promise<void>;
}

/** Runs `run` one at a time (a catalog's reloads, a link's fetches). */
export function serialRuns<T>(run: () => Promise<T>): SerialRuns<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const join = (): Promise<T> => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };
  return {
    join,
    again() {
      if (running === undefined) return join();
      queued ??= running
        .catch(() => undefined)
        .then(() => {
          queued = undefined;
          return join();
        });
      return queued;
    },
    async settled() {
      await running?.catch(() => undefined);
      await queued?.catch(() => undefined);
    },
  };
}
