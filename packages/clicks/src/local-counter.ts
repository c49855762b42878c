import type { ClicksLog } from './click.js';
import type { ClickCounter } from './click-counter.js';
import { keepAsideSync, readClickFileSync, writeClickFile } from './click-file.js';
import { accept, type Settings } from './counter-settings.js';
import { DayCounts } from './day-counts.js';
import { dayOf, oldestKept } from './days.js';
import { errorFields } from './errors.js';
import { LocalFold } from './fold.js';
import { PopularityCache } from './popularity-cache.js';
import { windowReads } from './window-reads.js';

/** Counts in the process, kept in `file` when there is one. */
export function localCounter(file: string | undefined, settings: Settings): ClickCounter {
  const { now, log, retentionDays } = settings;
  const counts = file ? loadFile(file, now, log) : new DayCounts();
  const fold = new LocalFold();
  const cache = new PopularityCache({
    load: async (window) => counts.bySlug(window),
    fallback: (window) => counts.bySlug(window),
    refreshMs: Number.POSITIVE_INFINITY,
    now,
  });
  // Counts changed since the start, and as of the last write: the file is written when they differ.
  let changes = 0;
  let written = 0;
  const prune = () => {
    if (counts.prune(oldestKept(dayOf(now()), retentionDays))) changes += 1;
  };
  prune();

  let writing: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    const write = writing.then(async () => {
      prune();
      if (!file || changes === written) return;
      const target = changes;
      await writeClickFile(file, counts);
      written = target;
    });
    writing = write.catch(() => {});
    return write;
  };
  const timer = file
    ? setInterval(() => {
        flush().catch((err: unknown) =>
          log?.warn(errorFields(err), 'clicks: the clicks file could not be written'),
        );
      }, settings.flushMs)
    : undefined;
  timer?.unref();

  return {
    async record(click) {
      try {
        const accepted = accept(click, now);
        if (!accepted || !fold.take(accepted.day, click.client, click.slug, accepted.at)) {
          return false;
        }
        counts.add(accepted.day, accepted.field);
        changes += 1;
        cache.counted(click.slug, accepted.day);
        return true;
      } catch {
        return false;
      }
    },
    ...windowReads(cache, now, () => counts),
    mode: () => 'local',
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** The counts of `file`; a file that cannot be read is renamed aside and counting starts empty. */
function loadFile(file: string, now: () => number, log: ClicksLog | undefined): DayCounts {
  try {
    return readClickFileSync(file) ?? new DayCounts();
  } catch (err) {
    let keptAs: string | undefined;
    let keepError: string | undefined;
    try {
      keptAs = keepAsideSync(file, now());
    } catch (renameError) {
      keepError = errorFields(renameError).err;
    }
    log?.warn(
      { ...errorFields(err), file, keptAs, keepError },
      'clicks: the clicks file cannot be read; it is kept aside and counting starts from zero',
    );
    return new DayCounts();
  }
}
