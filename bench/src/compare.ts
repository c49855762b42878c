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

// Other work on a shared machine moves throughput by 10-20% from one minute to the next; the sides
// run one after the other in each round, so each round's figures saw the same machine.
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

/** A route beside its bare twin: the round with the median ratio, and every round's ratio. */
export interface Compared {
  readonly route: Measured;
  readonly twin: Measured;
  /** Twin CPU per request over the route's, per round in the order run (≤ 1 expected). */
  readonly ratios: readonly number[];
  readonly ratio: number;
}

/** Picks, from rounds of [twin, …routes], the median round of route `at` by CPU ratio. */
export function medianRound(rounds: readonly Measured[][], at: number): Compared {
  const pairs = rounds.map((round) => {
    const twin = round[0] as Measured;
    const route = round[at] as Measured;
    return { twin, route, ratio: twin.cpuUs / route.cpuUs };
  });
  const sorted = [...pairs].sort((a, b) => a.ratio - b.ratio);
  const median = sorted[Math.floor(sorted.length / 2)] as (typeof pairs)[number];
  return { ...median, ratios: pairs.map((p) => p.ratio) };
}
