import { createRequire } from 'node:module';
import autocannon, { type Request } from 'autocannon';

// autocannon decodes every response body into a string, for `onResponse`, `verifyBody` and
// `expectBody`, none of which the bench uses. That decoding was a third of the load generator's
// time, worst on gzip bytes (not UTF-8) and non-ASCII JSON, so on two cores it measured itself
// instead of the server. Bodies are still read and counted, just not decoded.
// `keepBodies(true)` restores it, for comparison.
const require = createRequire(import.meta.url);
const Queue = require('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody(data: Buffer): void };
};
const decodeBody = Queue.prototype.addBody;
Queue.prototype.addBody = () => {};

/** Whether autocannon decodes response bodies as it does out of the box (default: no). */
export function keepBodies(on: boolean): void {
  Queue.prototype.addBody = on ? decodeBody : () => {};
}

/**
 * One HTTP load scenario. By default each connection cycles through `requests` on its own (so
 * every connection repeats the same sequence); with `shared`, one cursor serves all connections
 * and carries on from one run of the scenario to the next, so a list longer than all the runs
 * together is never repeated.
 */
export interface LoadScenario {
  readonly name: string;
  readonly shared?: boolean;
  /** An array, or a list built on demand (`at` is called once per request sent). */
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

/** What one load run measured. */
export interface LoadResult {
  readonly name: string;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
  readonly non2xx: number;
}

/**
 * Drives `baseUrl` with autocannon for a bounded time from this process (loopback only).
 */
export async function runLoad(
  baseUrl: string,
  scenario: LoadScenario,
  options: { connections: number; durationS: number },
): Promise<LoadResult> {
  const url = new URL(baseUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    throw new Error(`benchmarks only target loopback, not ${url.hostname}`);
  }
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.durationS,
    requests: scenario.shared
      ? [sharedCursor(scenario)]
      : Array.from({ length: scenario.requests.length }, (_, i) =>
          toRequest(scenario.requests.at(i) as ScenarioRequest),
        ),
  });
  return {
    name: scenario.name,
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function toRequest(r: ScenarioRequest) {
  return {
    method: r.method ?? 'GET',
    path: r.path,
    ...(r.body === undefined ? {} : { body: r.body }),
    ...(r.headers === undefined ? {} : { headers: r.headers }),
  };
}

const cursors = new WeakMap<LoadScenario, { next: number }>();

// One request template whose every send takes the next item of the list, whichever connection.
function sharedCursor(scenario: LoadScenario) {
  const list = scenario.requests;
  let cursor = cursors.get(scenario);
  if (cursor === undefined) {
    cursor = { next: 0 };
    cursors.set(scenario, cursor);
  }
  const state = cursor;
  return {
    setupRequest: (request: Request): Request => {
      const next = list.at(state.next++ % list.length) as ScenarioRequest;
      return { ...request, ...toRequest(next) };
    },
  };
}
