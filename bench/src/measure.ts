import type { LoadGenerator, LoadOptions, LoadResult, LoadScenario } from './load.js';
import { cpuSeconds } from './proc.js';

/** A server under measurement: where to send load and which processes do its work. */
export interface Target {
  readonly url: string;
  /** The processes whose CPU time is the server's (one, or nginx's workers and an app). */
  pids(): readonly number[];
  /** Bytes of log written so far, when the runner reads the server's log. */
  logBytes?(): number;
  /** Named groups of those processes whose CPU is also reported apart (`nginx`, `mcp`). */
  parts?(): Readonly<Record<string, readonly number[]>>;
}

/** A load run with the server's own cost beside what the generator saw. */
export interface Measured extends LoadResult {
  /** CPU seconds the server's processes used over the run (user + system, all threads). */
  readonly serverCpuS: number;
  /** Server CPU time per completed request, in microseconds. */
  readonly cpuUs: number;
  /** The server's CPU time over the run's wall time: 1 is a whole core. */
  readonly serverLoad: number;
  /** The generator's CPU time over the run's wall time: near 1, the generator was the limit. */
  readonly generatorLoad: number;
  /** Log bytes written per request, when the log is read. */
  readonly logBytesPerRequest?: number;
  /** CPU per request of each named part of the target, in microseconds. */
  readonly partsCpuUs?: Readonly<Record<string, number>>;
}

/** A generator that used this share of its core or more is taken as saturated. */
export const SATURATED = 0.9;

const cpuOf = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

/**
 * Runs `scenario` against `target` and reads the server's CPU time from `/proc` before and after:
 * the figure that does not depend on how fast the generator is. Requests still in flight when the
 * generator stops (at most one per connection) are served but not counted, a rounding error
 * beside the tens of thousands a run completes.
 */
export async function measure(
  generator: LoadGenerator,
  target: Target,
  scenario: LoadScenario,
  options: LoadOptions,
): Promise<Measured> {
  const pids = target.pids();
  const parts = Object.entries(target.parts?.() ?? {});
  const log = target.logBytes?.();
  const before = cpuOf(pids);
  const partsBefore = parts.map(([, p]) => cpuOf(p));
  const result = await generator.run(target.url, scenario, options);
  const serverCpuS = cpuOf(pids) - before;
  const partsCpuUs = Object.fromEntries(
    parts.map(([name, p], i) => [
      name,
      ((cpuOf(p) - (partsBefore[i] ?? 0)) * 1e6) / result.requests,
    ]),
  );
  const logged = log === undefined ? undefined : (target.logBytes?.() ?? log) - log;
  return {
    ...result,
    serverCpuS,
    cpuUs: result.requests > 0 ? (serverCpuS * 1e6) / result.requests : Number.NaN,
    serverLoad: serverCpuS / result.durationS,
    generatorLoad: result.generatorCpuS / result.durationS,
    ...(logged === undefined || result.requests === 0
      ? {}
      : { logBytesPerRequest: logged / result.requests }),
    ...(parts.length > 0 ? { partsCpuUs } : {}),
  };
}
