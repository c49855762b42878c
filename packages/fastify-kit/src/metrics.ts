// The metric definitions live in @repo/ops; this is the hook that feeds them.
import type { ServiceMetrics } from '@repo/ops';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isWarmRequest } from './warm-request.js';

/** Options of the metrics plugin. */
export interface MetricsOptions {
  readonly metrics: ServiceMetrics;
  /** The `app` label of this app's requests. */
  readonly app: string;
}

async function observeRequests(fastify: FastifyInstance, opts: MetricsOptions) {
  // onResponse sees every answer, errors and 429s from the rate limit included; the route is
  // the pattern, so the number of series stays bounded whatever URLs clients send. Callback style:
  // an async hook costs every request a promise.
  fastify.addHook('onResponse', (request, reply, done) => {
    if (isWarmRequest(request)) return done();
    opts.metrics.observeRequest({
      app: opts.app,
      method: request.method,
      route: request.routeOptions.url,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
    done();
  });
}

/** Counts and times every request of the app into the process's Prometheus metrics. */
export const metricsPlugin = fp(observeRequests, { name: 'metrics', fastify: '5.x' });
