/**
 * One HTTP load scenario. Connections take the requests of the list in turn. With `shared`, the
 * place in the list carries on from one run of the scenario to the next, so a list longer than all
 * the runs together is never repeated; otherwise each run starts from the top.
 */
export interface LoadScenario {
  readonly name: string;
  readonly shared?: boolean;
  /** Every request of the (shared) list must be new: a run that goes past its end is flagged. */
  readonly unique?: boolean;
  /** An array, or a list built on demand (`at` is called once per request). */
  readonly requests: RequestList;
}

/** One request of a scenario. */
export interface ScenarioRequest {
  readonly method?: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
  readonly headers?: Record<string, string>;
}

/** A scenario's requests: a list, or its length and a function that builds each on demand. */
export type RequestList =
  | readonly ScenarioRequest[]
  | { readonly length: number; at(index: number): ScenarioRequest };

/** How long and how wide one load run is. */
export interface LoadOptions {
  readonly connections: number;
  readonly durationS: number;
  /**
   * Requests per second to offer, all connections together; absent: as fast as the server
   * answers. Each connection pauses between requests; the rate reached is in the result.
   */
  readonly rate?: number;
  /** A request unanswered this long counts as a timeout, its latency unrecorded (default 10 s). */
  readonly timeoutS?: number;
  /**
   * Each connection waits this long before its first request, so that the server has accepted
   * every connection before an answer is timed (see lua/requests.lua). Not part of the run's
   * duration. Default 0. wrk only: the autocannon fallback starts at once.
   */
  readonly startPauseMs?: number;
}

/** What one load run measured, as the load generator saw it. */
export interface LoadResult {
  readonly name: string;
  /** Responses received in the run. */
  readonly requests: number;
  /** Wall time of the run, seconds. */
  readonly durationS: number;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** The slowest answer of the run. */
  readonly maxMs?: number;
  /** Connection errors, read/write errors and timeouts. */
  readonly errors: number;
  /** Answers with a status of 400 or more. */
  readonly non2xx: number;
  /** CPU seconds the load generator itself used during the run (all its threads). */
  readonly generatorCpuS: number;
  /** A `unique` scenario ran past the end of its list and repeated requests already sent. */
  readonly repeated: boolean;
}

/** A load generator: wrk, or autocannon in this process when wrk is missing. */
export interface LoadGenerator {
  readonly name: 'wrk' | 'autocannon';
  run(baseUrl: string, scenario: LoadScenario, options: LoadOptions): Promise<LoadResult>;
  /** Removes what the generator wrote (wrk's request files). */
  close(): Promise<void>;
}

const cursors = new WeakMap<LoadScenario, { next: number }>();

/** Where the next run of `scenario` starts in its list (always 0 unless `shared`). */
export function cursorOf(scenario: LoadScenario): { next: number } {
  if (!scenario.shared) return { next: 0 };
  let cursor = cursors.get(scenario);
  if (cursor === undefined) {
    cursor = { next: 0 };
    cursors.set(scenario, cursor);
  }
  return cursor;
}

/** Refuses anything but loopback: the bench never loads another machine. */
export function assertLoopback(baseUrl: string): void {
  const { hostname } = new URL(baseUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) {
    throw new Error(`benchmarks only target loopback, not ${hostname}`);
  }
}
