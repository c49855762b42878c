import { type FSWatcher, watch } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Options of {@link watchFiles}. */
export interface WatchFilesOptions {
  /**
   * How often every file is checked even when no watch event came (network and container file
   * systems often send none), in ms; 0: events only.
   */
  readonly pollMs: number;
  /** How long a changed file must stay unchanged before `onChange` runs, in ms. */
  readonly settleMs: number;
  /**
   * The {@link signature} of each file (in the order of `files`) when the caller read them: a
   * change made since, before the watch started, is reported too.
   */
  readonly since: readonly string[];
}

/** A running watch; `close()` stops it. */
export interface FileWatch {
  close(): void;
}

/**
 * Calls `onChange` once a watched file was replaced, rewritten or removed, and has then stayed
 * the same for `settleMs` (a file copied in place is read whole, not halfway). The folder of each
 * file is watched, not the file: `catalog import` renames a new file over the old one, and a
 * watch on the old file would follow it away. A poll of each file's identity, size and time
 * backs the events up.
 *
 * @example const watch = watchFiles(['data/catalog.ndjson'], () => catalog.reload(), options);
 */
export function watchFiles(
  files: readonly string[],
  onChange: () => void,
  options: WatchFilesOptions,
): FileWatch {
  const known = new Map(files.map((file, i) => [file, options.since[i] ?? '-']));
  const watchers: FSWatcher[] = [];
  let poll: NodeJS.Timeout | undefined;
  let closed = false;
  // Each event starts a new round of waiting; only the latest round may report.
  let round = 0;
  let settling = false;

  const signatures = async () =>
    Promise.all(files.map(async (file) => [file, await signature(file)] as const));

  // Wait until two looks `settleMs` apart see the same files, then report once if they changed.
  const settle = () => {
    if (closed) return;
    const mine = ++round;
    settling = true;
    const current = () => mine === round && !closed;
    void (async () => {
      const before = await signatures();
      await sleep(options.settleMs, undefined, { ref: false });
      if (!current()) return;
      const after = await signatures();
      if (!current()) return;
      if (after.some(([, sig], i) => sig !== before[i]?.[1])) return settle();
      settling = false;
      const changed = after.some(([file, sig]) => known.get(file) !== sig);
      for (const [file, sig] of after) known.set(file, sig);
      if (changed) onChange();
    })();
  };

  for (const folder of new Set(files.map((file) => dirname(file)))) {
    const names = new Set(files.filter((f) => dirname(f) === folder).map((f) => basename(f)));
    try {
      const watcher = watch(folder, { persistent: false }, (_event, name) => {
        if (name === null || names.has(name.toString())) settle();
      });
      // A folder that goes away (an unmounted volume) leaves the poll to notice.
      watcher.on('error', () => watcher.close());
      watchers.push(watcher);
    } catch {
      // A file system without events: the poll alone notices changes.
    }
  }
  if (options.pollMs > 0) {
    const tick = async () => {
      const now = await signatures();
      if (closed) return;
      // A settle under way looks again itself. Restarting it from every tick would never let it
      // end with a poll shorter than `settleMs`: the change would never be reported.
      if (!settling && now.some(([file, sig]) => known.get(file) !== sig)) settle();
      poll = setTimeout(tick, options.pollMs).unref();
    };
    poll = setTimeout(tick, options.pollMs).unref();
  }

  return {
    close() {
      closed = true;
      clearTimeout(poll);
      for (const watcher of watchers) watcher.close();
    },
  };
}

/** What tells one version of a file from the next without reading it; `-` when it is missing. */
export async function signature(file: string): Promise<string> {
  try {
    const s = await stat(file, { bigint: true });
    return `${s.ino}:${s.size}:${s.mtimeNs}`;
  } catch {
    return '-';
  }
}
