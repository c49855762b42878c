import { setTimeout as sleep } from 'node:timers/promises';
import { rssMB } from './proc.js';

/** What the server logged of one reload: its `catalog reloaded` line. */
export interface ReloadLine {
  readonly version: string;
  readonly previous: string;
  /** The server's own time for the reload, from the start of its load to the swap. */
  readonly ms: number;
  /** The answers the warm-up before the swap worked out, and its time (when one ran). */
  readonly warmed?: number;
  readonly warmMs?: number;
}

/** The `catalog reloaded` line of a pino log line, if it is one. */
export function parseReloadLine(line: string): ReloadLine | undefined {
  if (!line.includes('catalog reloaded')) return undefined;
  try {
    const { msg, version, previous, ms, warmed, warmMs } = JSON.parse(line) as Record<
      string,
      unknown
    >;
    if (msg !== 'catalog reloaded') return undefined;
    if (typeof version !== 'string' || typeof previous !== 'string' || typeof ms !== 'number') {
      return undefined;
    }
    return typeof warmed === 'number' && typeof warmMs === 'number'
      ? { version, previous, ms, warmed, warmMs }
      : { version, previous, ms };
  } catch {
    return undefined;
  }
}

/** The `catalog reloaded` lines of a log read piece by piece. */
export interface ReloadLog {
  /** Takes the next piece of the log, which may end in the middle of a line. */
  write(text: string): void;
  /** The line of the reload from `previous` to `version`, the last one if several. */
  find(previous: string, version: string): ReloadLine | undefined;
  /** The line of the last reload. */
  last(): ReloadLine | undefined;
}

export function reloadLog(): ReloadLog {
  const lines: ReloadLine[] = [];
  let tail = '';
  return {
    write(text) {
      const buffer = tail + text;
      const end = buffer.lastIndexOf('\n');
      // Under load the log is thousands of access lines a second: only a piece that names a
      // reload is split into lines and parsed.
      if (end >= 0 && buffer.includes('catalog reloaded', 0)) {
        for (const line of buffer.slice(0, end).split('\n')) {
          const reload = parseReloadLine(line);
          if (reload) lines.push(reload);
        }
      }
      tail = end >= 0 ? buffer.slice(end + 1) : buffer;
    },
    find(previous, version) {
      return lines.findLast((l) => l.previous === previous && l.version === version);
    },
    last: () => lines.at(-1),
  };
}

/**
 * How long a run under load lasts, in whole seconds, so that it covers a reload that took
 * `idleMs` on an idle server: the reload starts a second in and shares the core with the load, so
 * three times its idle time and a margin, and never under 10 s.
 */
export function loadWindowS(idleMs: number): number {
  return Math.max(10, Math.ceil((3 * idleMs) / 1000 + 3));
}

/** What a health probe saw over its life. */
export interface ProbeReport {
  readonly answers: number;
  /** The longest a health request waited for its answer: the server's longest stall. */
  readonly longestMs: number;
}

/** `/health.json` asked again and again, one request at a time, `intervalMs` apart. */
export interface HealthProbe {
  /** The version of the last answer. */
  readonly version: string;
  /** Resolves at the first answer (`performance.now()`) naming a version other than `from`. */
  changed(from: string, timeoutMs: number): Promise<number>;
  stop(): Promise<ProbeReport>;
}

/** The catalog version `/health.json` names. */
export async function healthVersion(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/health.json`);
  const body = (await response.json()) as { catalog?: { version?: string } };
  const version = body.catalog?.version;
  if (typeof version !== 'string') throw new Error(`no catalog.version in ${baseUrl}/health.json`);
  return version;
}

/**
 * Polls the server's `/health.json` until stopped. The version it names tells when a reload was
 * swapped in (to the interval), and the longest wait for an answer how long the server stopped
 * answering: wrk's latencies show a stall in at most one request per connection.
 */
export async function probeHealth(baseUrl: string, intervalMs = 10): Promise<HealthProbe> {
  let version = await healthVersion(baseUrl);
  let answers = 0;
  let longestMs = 0;
  let stopped = false;
  let failure: Error | undefined;
  const waiting = new Set<{ from: string; settle: (at: number | Error) => void }>();
  const loop = (async () => {
    while (!stopped && failure === undefined) {
      const sent = performance.now();
      try {
        version = await healthVersion(baseUrl);
      } catch (error) {
        failure = error as Error;
      }
      const at = performance.now();
      answers++;
      longestMs = Math.max(longestMs, at - sent);
      for (const w of waiting) {
        if (failure === undefined && w.from === version) continue;
        waiting.delete(w);
        w.settle(failure ?? at);
      }
      await sleep(intervalMs);
    }
  })();
  return {
    get version() {
      return version;
    },
    changed(from, timeoutMs) {
      if (version !== from) return Promise.resolve(performance.now());
      return new Promise<number>((resolve, reject) => {
        const waiter = {
          from,
          settle: (at: number | Error) => {
            clearTimeout(timer);
            if (at instanceof Error) reject(at);
            else resolve(at);
          },
        };
        const timer = setTimeout(() => {
          waiting.delete(waiter);
          reject(new Error(`the catalog version stayed ${from} for ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(waiter);
      });
    },
    async stop() {
      stopped = true;
      await loop;
      if (failure) throw failure;
      return { answers, longestMs };
    },
  };
}

/** The highest RSS of a process seen by reading `/proc` every `intervalMs`, until stopped. */
export function sampleRss(pid: number, intervalMs = 20): { stop(): number } {
  let highest = rssMB(pid) ?? 0;
  const timer = setInterval(() => {
    highest = Math.max(highest, rssMB(pid) ?? 0);
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(highest, rssMB(pid) ?? 0);
    },
  };
}
