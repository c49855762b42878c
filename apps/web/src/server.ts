import { openCatalog } from '@repo/catalog-io';
import { exitOnStartError, loadOrExit } from '@repo/env';
import {
  createServiceMetrics,
  measureIndex,
  REQUEST_ID_HEADER,
  serverOptions,
  startMetricsServer,
} from '@repo/ops';
import closeWithGrace from 'close-with-grace';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import webApp from './app.js';
import { loadConfig } from './config.js';
import { handleError } from './errors.js';

const config = loadOrExit(loadConfig);
const app = Fastify({
  logger: { level: config.logLevel },
  trustProxy: config.edge.trustProxy && [...config.edge.trustProxy],
  ...serverOptions(config.ops.http),
  // URLs the router refuses (broken percent-encoding, over-long parameters) get the app's format.
  frameworkErrors: handleError,
});
// Every answer names the id its log lines carry, so a client's report finds them.
app.addHook('onRequest', async (request, reply) => {
  reply.header(REQUEST_ID_HEADER, request.id);
});
const catalog = await openCatalog(config.catalog, app.log).catch(exitOnStartError(app.log));
const metrics = config.ops.metrics && createServiceMetrics({ index: catalog.index, apps: ['web'] });
const index = metrics ? measureIndex(catalog.index, metrics) : catalog.index;

app.register(fp(webApp), { config, index, agents: catalog.agents, metrics });
app.addHook('onClose', () => index.close());
if (metrics && config.ops.metrics) {
  const listener = await startMetricsServer({
    registry: metrics.registry,
    ...config.ops.metrics,
  }).catch(exitOnStartError(app.log));
  app.addHook('onClose', () => listener.close());
  app.log.info(`metrics at ${listener.url}`);
}

// Once closing, every answer ends its connection: keep-alive clients (the gateway) reconnect to
// another replica at once, and close() finishes with the last in-flight request instead of waiting
// out idle keep-alive connections.
let closing = false;
app.addHook('preClose', async () => {
  closing = true;
});
app.addHook('onSend', (_request, reply, payload, done) => {
  if (closing) reply.header('connection', 'close');
  done(null, payload);
});

closeWithGrace({ delay: config.closeGraceMs }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  await app.close();
});

await app.listen({ host: config.host, port: config.port });
