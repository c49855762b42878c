import authApp from '@repo/auth/app';
import { openCatalog } from '@repo/catalog-io';
import { exitOnStartError, loadOrExit } from '@repo/env';
import { createKeySet } from '@repo/jwt';
import mcpApp from '@repo/mcp/app';
import {
  createServiceMetrics,
  measureIndex,
  REQUEST_ID_HEADER,
  serverOptions,
  startMetricsServer,
} from '@repo/ops';
import webApp, { handleFrameworkError } from '@repo/web/app';
import closeWithGrace from 'close-with-grace';
import Fastify from 'fastify';
import { loadConfig } from './config.js';

// The one-process default: the three apps on one port, one shared catalog index. Each app stays
// encapsulated (no fastify-plugin wrapper) so its error handler keeps answering in its own format.
const config = loadOrExit(loadConfig);
const app = Fastify({
  logger: { level: config.logLevel },
  trustProxy: config.web.edge.trustProxy && [...config.web.edge.trustProxy],
  ...serverOptions(config.ops.http),
  // URLs the router refuses, before any app sees them: problem+json from the web app's handler.
  frameworkErrors: handleFrameworkError,
});
// Every answer names the id its log lines carry, so a client's report finds them.
app.addHook('onRequest', async (request, reply) => {
  reply.header(REQUEST_ID_HEADER, request.id);
});
const catalog = await openCatalog(config.catalog, app.log).catch(exitOnStartError(app.log));
// One registry for the process; each app labels its own requests.
const metrics =
  config.ops.metrics &&
  createServiceMetrics({ index: catalog.index, apps: ['web', 'mcp', 'auth'] });
const index = metrics ? measureIndex(catalog.index, metrics) : catalog.index;
const { agents } = catalog;
// Tokens are verified against this process's own keys, not fetched over HTTP from itself.
const { publicJwks: jwks } = await createKeySet(config.auth.signingKeys);

app.register(webApp, { config: config.web, index, agents, jwks, metrics });
app.register(mcpApp, { config: config.mcp, index, agents, jwks, serveHealth: false, metrics });
app.register(authApp, { config: config.auth, serveHealth: false, metrics });
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
if (config.generatedKeyFile)
  app.log.info(`generated a token signing key in ${config.generatedKeyFile}`);
app.log.info(`catalog service ready at ${config.baseUrl}`);
