import { exitOnStartError, loadOrExit } from '@repo/env';
import {
  createServiceMetrics,
  REQUEST_ID_HEADER,
  serverOptions,
  startMetricsServer,
} from '@repo/ops';
import closeWithGrace from 'close-with-grace';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import authApp from './app.js';
import { loadConfig } from './config.js';

const config = loadOrExit(loadConfig);
const app = Fastify({
  logger: { level: config.logLevel },
  trustProxy: config.edge.trustProxy && [...config.edge.trustProxy],
  ...serverOptions(config.ops.http),
});
// Every answer names the id its log lines carry, so a client's report finds them.
app.addHook('onRequest', async (request, reply) => {
  reply.header(REQUEST_ID_HEADER, request.id);
});
const metrics = config.ops.metrics && createServiceMetrics({ apps: ['auth'] });

app.register(fp(authApp), { config, metrics });
if (metrics && config.ops.metrics) {
  const listener = await startMetricsServer({
    registry: metrics.registry,
    ...config.ops.metrics,
  }).catch(exitOnStartError(app.log));
  app.addHook('onClose', () => listener.close());
  app.log.info(`metrics at ${listener.url}`);
}

closeWithGrace({ delay: config.closeGraceMs }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  await app.close();
});

await app.listen({ host: config.host, port: config.port });
