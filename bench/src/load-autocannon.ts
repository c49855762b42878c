import { createRequire } from 'node:module';
import autocannon, { type Request } from 'autocannon';
import {
  assertLoopback,
  cursorOf,
  type LoadGenerator,
  type LoadScenario,
  type ScenarioRequest,
} from './load.js';

// autocannon decodes every response body into a string, for `onResponse`, `verifyBody` and
// `expectBody`, none of which the bench uses. That decoding was a third of the load generator's
// time, worst on gzip bytes (not UTF-8) and non-ASCII JSON. Bodies are still read and counted,
// just not decoded; `decodeBodies` restores it, for comparison.
const require = createRequire(import.meta.url);
const Queue = require('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody(data: Buffer): void };
};
const decodeBody = Queue.prototype.addBody;

/**
 * The fallback load generator: autocannon, in this process (single-threaded JavaScript, so it
 * saturates its core long before wrk would). Its CPU time is this process's.
 */
export function createAutocannon(options: { decodeBodies: boolean }): LoadGenerator {
  Queue.prototype.addBody = options.decodeBodies ? decodeBody : () => {};
  return {
    name: 'autocannon',
    async run(baseUrl, scenario, { connections, durationS, rate, timeoutS }) {
      assertLoopback(baseUrl);
      const cursor = cursorOf(scenario);
      const cpu = process.cpuUsage();
      const result = await autocannon({
        url: baseUrl,
        connections,
        duration: durationS,
        ...(rate === undefined ? {} : { overallRate: Math.round(rate) }),
        ...(timeoutS === undefined ? {} : { timeout: timeoutS }),
        requests: [takeInTurn(scenario, cursor)],
      });
      const used = process.cpuUsage(cpu);
      return {
        name: scenario.name,
        requests: result.requests.total,
        durationS: result.duration,
        rps: result.requests.total / result.duration,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        maxMs: result.latency.max,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        generatorCpuS: (used.user + used.system) / 1e6,
        repeated: Boolean(scenario.unique) && cursor.next > scenario.requests.length,
      };
    },
    async close() {},
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

// One request template whose every send takes the next item of the list, whichever connection.
function takeInTurn(scenario: LoadScenario, cursor: { next: number }) {
  const list = scenario.requests;
  return {
    setupRequest: (request: Request): Request => {
      const next = list.at(cursor.next++ % list.length) as ScenarioRequest;
      return { ...request, ...toRequest(next) };
    },
  };
}
