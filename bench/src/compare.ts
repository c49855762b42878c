import type { LoadGenerator, LoadScenario } from './load.js';
import { type Measured, measure, type Target } from './measure.js';

/** One side of a comparison: a scenario against a server. */
export interface Side {
  readonly target: Target;
  readonly scenario: LoadScenario;
}

/** How the sides are run. */
export interface Rounds {
  readonly rounds: number;
  readonly durationS: number;
  readonly connections: number;
  /** Seconds of load on each side before the first round (JIT, caches, connections). */
  readonly warmupS: number;
}

// Other work on a shared machine moves throughput by 10-20% from one minute to the next, and a
// virtual machine's host by more from one second to the next; the sides run one after the other
// in each round, and rounds are short, so every side saw the same machine.
/** Measures every side once per round, in turn; returns the rounds, each in the order of `sides`. */
export async function alternate(
  generator: LoadGenerator,
  sides: readonly Side[],
  { rounds, durationS, connections, warmupS }: Rounds,
): Promise<Measured[][]> {
  for (const side of sides) {
    await generator.run(side.target.url, side.scenario, { connections, durationS: warmupS });
  }
  const measured: Measured[][] = [];
  for (let i = 0; i < rounds; i++) {
    const round: Measured[] = [];
    for (const side of sides) {
      round.push(await measure(generator, side.target, side.scenario, { connections, durationS }));
    }
    measured.push(round);
  }
  return measured;
}

/** A route beside its bare twin over all rounds, and every round's ratio. */
export interface Compared {
  /** The route's rounds pooled (see {@link pool}). */
  readonly route: Measured;
  /** The twin's rounds pooled. */
  readonly twin: Measured;
  /** Twin CPU per request over the route's, per round in the order run (≤ 1 expected). */
  readonly ratios: readonly number[];
  /** The pooled twin's CPU per request over the pooled route's. */
  readonly ratio: number;
}

const sum = (runs: readonly Measured[], of: (run: Measured) => number) =>
  runs.reduce((total, run) => total + of(run), 0);

// The value at fraction `q` of `values` sorted (0.5: the median, upper one of an even count).
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
export const median = (values: readonly number[]) => quantile(values, 0.5);

/**
 * Several runs of one side as one: requests, time and CPU added up, so CPU per request is the
 * whole CPU over all requests and req/s all requests over all the time; p50 and p99 are the
 * runs' medians (percentiles do not add up).
 */
export function pool(runs: readonly Measured[]): Measured {
  const first = runs[0] as Measured;
  const requests = sum(runs, (r) => r.requests);
  const durationS = sum(runs, (r) => r.durationS);
  const serverCpuS = sum(runs, (r) => r.serverCpuS);
  const generatorCpuS = sum(runs, (r) => r.generatorCpuS);
  const perRequest = (of: (run: Measured) => number | undefined) =>
    sum(runs, (r) => (of(r) ?? 0) * r.requests) / requests;
  const parts = Object.keys(first.partsCpuUs ?? {});
  return {
    name: first.name,
    requests,
    durationS,
    rps: requests / durationS,
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    errors: sum(runs, (r) => r.errors),
    non2xx: sum(runs, (r) => r.non2xx),
    generatorCpuS,
    repeated: runs.some((r) => r.repeated),
    serverCpuS,
    cpuUs: requests > 0 ? (serverCpuS * 1e6) / requests : Number.NaN,
    serverLoad: serverCpuS / durationS,
    generatorLoad: generatorCpuS / durationS,
    ...(first.logBytesPerRequest === undefined
      ? {}
      : { logBytesPerRequest: perRequest((r) => r.logBytesPerRequest) }),
    ...(parts.length === 0
      ? {}
      : {
          partsCpuUs: Object.fromEntries(
            parts.map((name) => [name, perRequest((r) => r.partsCpuUs?.[name])]),
          ),
        }),
  };
}

/**
 * From rounds of [twin, …routes], route `at` beside the twin, each side's rounds pooled. The
 * rounds are short and interleaved, so a slow minute of a shared machine weighs on the twin and
 * the route alike, and the pooled ratio moves far less than any one round's.
 */
export function compareRounds(rounds: readonly Measured[][], at: number): Compared {
  const twin = pool(rounds.map((round) => round[0] as Measured));
  const route = pool(rounds.map((round) => round[at] as Measured));
  return {
    twin,
    route,
    ratios: rounds.map((round) => (round[0] as Measured).cpuUs / (round[at] as Measured).cpuUs),
    ratio: twin.cpuUs / route.cpuUs,
  };
}

/** The middle half of `values` (first and third quartiles), for a spread beside a pooled figure. */
export function middleHalf(values: readonly number[]): readonly [number, number] {
  return [quantile(values, 0.25), quantile(values, 0.75)];
}
