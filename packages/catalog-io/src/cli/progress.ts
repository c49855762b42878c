import { SingleBar } from 'cli-progress';

/** Reports progress on stderr; `done` ends the report. */
export interface ProgressReporter {
  update(done: number, total: number): void;
  stop(): void;
}

/** Non-TTY output gets a line per 10% only for work this big (bytes or items). */
const BIG = 5_000_000;

/**
 * A progress bar on stderr when it is a terminal; otherwise (CI logs, pipes) a line at every
 * 10% for big jobs and nothing for small ones, so logs stay readable.
 */
export function createProgressReporter(
  label: string,
  unit: 'bytes' | 'documents',
): ProgressReporter {
  const stream = process.stderr;
  if (stream.isTTY) {
    const bar = new SingleBar({
      stream,
      format: `${label} [{bar}] {percentage}% | {value}/{total} ${unit === 'bytes' ? 'bytes' : 'documents'}`,
      hideCursor: true,
      clearOnComplete: false,
    });
    let started = false;
    return {
      update(done, total) {
        if (!started) bar.start(total, 0);
        started = true;
        bar.setTotal(total);
        bar.update(done);
      },
      stop() {
        if (started) bar.stop();
        started = false;
      },
    };
  }
  let lastTenth = -1;
  return {
    update(done, total) {
      if (total < (unit === 'bytes' ? BIG : BIG / 100)) return;
      const tenth = Math.floor((done / total) * 10);
      if (tenth <= lastTenth) return;
      lastTenth = tenth;
      stream.write(`${label}: ${tenth * 10}%\n`);
    },
    stop() {},
  };
}

/** Rows between two lines of {@link createRowCounter} on a pipe. */
const ROWS_PER_LINE = 100_000;

/**
 * Progress counted in rows, for work whose total is not known before it ends (the rows of an
 * XLSX sheet, unpacked before they are read): on a terminal a running count, otherwise a line
 * every 100,000 rows.
 */
export function createRowCounter(label: string): ProgressReporter {
  const stream = process.stderr;
  let lastLine = 0;
  let shown = false;
  return {
    update(done) {
      if (stream.isTTY) {
        if (done - lastLine < 1_000) return;
        lastLine = done;
        shown = true;
        stream.write(`\r${label}: ${done.toLocaleString('en-US')} rows`);
        return;
      }
      if (done - lastLine < ROWS_PER_LINE) return;
      lastLine = done - (done % ROWS_PER_LINE);
      stream.write(`${label}: ${lastLine.toLocaleString('en-US')} rows\n`);
    },
    stop() {
      if (shown) stream.write('\n');
    },
  };
}
