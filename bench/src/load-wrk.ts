import { execFile, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onCore } from './cores.js';
import {
  assertLoopback,
  cursorOf,
  type LoadGenerator,
  type LoadResult,
  type LoadScenario,
  type ScenarioRequest,
} from './load.js';

/** What the Lua script prints on its last line (see lua/requests.lua). */
interface WrkSummary {
  readonly requests: number;
  readonly durationUs: number;
  readonly connectErrors: number;
  readonly readErrors: number;
  readonly writeErrors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly p50Us: number;
  readonly p99Us: number;
  readonly maxUs: number;
  readonly next: number;
  readonly runCpuS: number;
}

/** Whether Debian's `wrk` (or any wrk 4) is on the PATH. */
export function wrkAvailable(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version prints its usage and exits 1; only a missing binary is ENOENT.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** The bytes of one request as wrk sends it, without the Host header the script adds. */
export function requestBytes(r: ScenarioRequest): string {
  const head = [`${r.method ?? 'GET'} ${r.path} HTTP/1.1`];
  for (const [name, value] of Object.entries(r.headers ?? {})) head.push(`${name}: ${value}`);
  if (r.body !== undefined) head.push(`Content-Length: ${Buffer.byteLength(r.body)}`);
  return `${head.join('\r\n')}\r\n\r\n${r.body ?? ''}`;
}

/**
 * wrk (C, one thread, on core `core` when given) driven by `script`, a Lua file that sends a
 * scenario's requests from a file written once per scenario. wrk's own CPU time comes from the
 * script (`os.clock()`), since the process is gone by the time its numbers are read.
 */
export function createWrk(options: {
  script: string;
  core?: number | undefined;
  /** Request files up to this size are held in wrk's memory; longer ones are read as sent. */
  holdBytes?: number;
}): LoadGenerator {
  const files = new Map<LoadScenario, Promise<RequestFile>>();
  let dir: Promise<string> | undefined;

  const fileOf = (scenario: LoadScenario): Promise<RequestFile> => {
    let file = files.get(scenario);
    if (file === undefined) {
      dir ??= mkdtemp(join(tmpdir(), 'bench-wrk-'));
      file = dir.then((d) => writeRequests(join(d, `${files.size}.http`), scenario));
      files.set(scenario, file);
    }
    return file;
  };

  return {
    name: 'wrk',
    async run(
      baseUrl,
      scenario,
      { connections, durationS, rate, timeoutS, startPauseMs = 0 },
    ): Promise<LoadResult> {
      assertLoopback(baseUrl);
      const file = await fileOf(scenario);
      const cursor = cursorOf(scenario);
      const offset = file.offsets[cursor.next % file.offsets.length] ?? 0;
      const [command, args] = onCore(options.core, 'wrk', [
        '--threads',
        '1',
        '--connections',
        String(connections),
        '--duration',
        // Whole seconds, as wrk takes them; the first requests' pause comes on top.
        `${Math.max(1, startPauseMs > 0 ? Math.ceil(durationS + startPauseMs / 1000) : Math.round(durationS))}s`,
        '--timeout',
        `${timeoutS ?? 10}s`,
        '--script',
        options.script,
        baseUrl,
        '--',
        file.path,
        String(cursor.next),
        String(offset),
        String(options.holdBytes ?? 16 * 1024 * 1024),
      ]);
      const stdout = await new Promise<string>((resolve, reject) => {
        // wrk's pauses are whole milliseconds, before each request of each connection.
        const delayMs =
          rate === undefined ? 0 : Math.max(1, Math.round((connections * 1000) / rate));
        const env = {
          // biome-ignore lint/style/noProcessEnv: wrk inherits the runner's environment (PATH, locale)
          ...process.env,
          ...(delayMs > 0 && { BENCH_DELAY_MS: String(delayMs) }),
          ...(startPauseMs > 0 && {
            BENCH_START_MS: String(Math.round(startPauseMs)),
            BENCH_CONNECTIONS: String(connections),
          }),
        };
        execFile(command, args, { maxBuffer: 1 << 20, env }, (error, out, err) => {
          if (error) reject(new Error(`wrk failed: ${error.message}\n${err}`));
          else resolve(out);
        });
      });
      const line = /^bench-result (.+)$/m.exec(stdout)?.[1];
      if (line === undefined) throw new Error(`wrk printed no result:\n${stdout}`);
      const s = JSON.parse(line) as WrkSummary;
      cursor.next = s.next;
      // The first requests' pause is not the server's time.
      const seconds = s.durationUs / 1e6 - startPauseMs / 1000;
      return {
        name: scenario.name,
        requests: s.requests,
        durationS: seconds,
        rps: s.requests / seconds,
        p50Ms: s.p50Us / 1000,
        p99Ms: s.p99Us / 1000,
        maxMs: s.maxUs / 1000,
        errors: s.connectErrors + s.readErrors + s.writeErrors + s.timeouts,
        non2xx: s.non2xx,
        generatorCpuS: s.runCpuS,
        repeated: Boolean(scenario.unique) && s.next > scenario.requests.length,
      };
    },
    async close() {
      if (dir) await rm(await dir, { recursive: true, force: true });
    },
  };
}

/** A scenario's requests as wrk's script reads them, with where each starts. */
interface RequestFile {
  readonly path: string;
  readonly offsets: Float64Array;
}

// Every request of the list once, NUL after each (HTTP text never holds one), streamed: the
// never-repeated list is half a million requests.
async function writeRequests(path: string, scenario: LoadScenario): Promise<RequestFile> {
  const out = createWriteStream(path);
  const list = scenario.requests;
  const offsets = new Float64Array(list.length);
  let offset = 0;
  for (let i = 0; i < list.length; i++) {
    const record = `${requestBytes(list.at(i) as ScenarioRequest)}\0`;
    offsets[i] = offset;
    offset += Buffer.byteLength(record);
    if (!out.write(record)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { path, offsets };
}
