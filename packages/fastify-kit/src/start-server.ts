import { type LiveCatalog, openLiveCatalog } from '@repo/catalog-io';
import {
  type CatalogConfig,
  type EdgeConfig,
  exitOnStartError,
  type ServerConfig,
} from '@repo/env';
import {
  createServiceMetrics,
  measureIndex,
  type OpsConfig,
  REQUEST_ID_HEADER,
  type ServiceMetrics,
  startMetricsServer,
} from '@repo/ops';
import closeWithGrace from 'close-with-grace';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { collectAfterSwaps } from './collect-after-swap.js';
import { growOldGeneration } from './heap-growth.js';
import { yieldHelperThreads } from './helper-threads.js';
import { LineBatch } from './log-destination.js';
import { servedSinceAsked } from './served-requests.js';
import { serverOptions } from './server-options.js';

/**
 * What every server entry's config holds: where to listen, how to log, the operations part, and
 * the gateway whose `X-Forwarded-*` headers give the client address (absent: none trusted).
 */
export interface EntryConfig extends ServerConfig {
  readonly ops: OpsConfig;
  readonly edge?: Pick<EdgeConfig, 'trustProxy'>;
}

/** What the entry's `register` gets: what the bootstrap opened for it. */
export interface ServerContext<C extends CatalogConfig | undefined> {
  /** The process's metrics; absent unless `METRICS_PORT` is set. */
  readonly metrics: ServiceMetrics | undefined;
  /**
   * The catalog opened from `catalog`, reloaded when its files change and on SIGHUP (each
   * version's index measured when metrics are on; closed with the server); absent when the entry
   * names no catalog.
   */
  readonly catalog: C extends CatalogConfig ? LiveCatalog : undefined;
}

/** Options of {@link createServer} and {@link startServer}. */
export interface ServerSetup<C extends CatalogConfig | undefined = undefined> {
  /** The entry's validated config (see `loadOrExit` of @repo/env). */
  readonly config: EntryConfig;
  /**
   * Answers URLs the router refuses (broken percent-encoding, over-long parameters) in the app's
   * own format, before any route or error handler sees them.
   */
  readonly frameworkErrors: FastifyServerOptions['frameworkErrors'];
  /** The `app` labels of the metrics: the apps this process serves. */
  readonly apps: readonly string[];
  /** The catalog to open before registering; absent for an app that serves none (auth). */
  readonly catalog?: C;
  /** Registers the app(s) on the server: the entry's own part. */
  readonly register: (server: FastifyInstance, context: ServerContext<C>) => unknown;
}

/**
 * Builds a server process's Fastify instance without listening: the client limits and request ids
 * of `serverOptions()`, the `X-Request-Id` answer header, connection draining once closing, the
 * catalog (when named), the metrics and their listener (when `METRICS_PORT` is set), then the
 * entry's `register`. A catalog or metrics port that cannot be opened ends the process with one
 * `cannot start` log line (exit code 1).
 *
 * @example const app = await createServer({ config, apps: ['auth'], frameworkErrors, register });
 */
export async function createServer<C extends CatalogConfig | undefined = undefined>(
  setup: ServerSetup<C>,
): Promise<FastifyInstance> {
  const { config } = setup;
  const app = Fastify({
    logger: { level: config.logLevel, stream: logDestination() },
    trustProxy: config.edge?.trustProxy ? [...config.edge.trustProxy] : false,
    ...serverOptions(config.ops.http),
    frameworkErrors: setup.frameworkErrors,
  });
  // Root hooks go first: an app registered without fastify-plugin (the one-process server) only
  // inherits the hooks its parent has when it loads.
  answerWithRequestId(app);
  drainOnClose(app);

  let catalog: LiveCatalog | undefined;
  const metrics =
    config.ops.metrics &&
    createServiceMetrics({
      // Whatever version serves when the gauge is read.
      index: setup.catalog && { health: () => (catalog as LiveCatalog).current.index.health() },
      apps: setup.apps,
    });
  if (setup.catalog) {
    catalog = await openLiveCatalog(setup.catalog, app.log, {
      ...(metrics ? { wrapIndex: (index) => measureIndex(index, metrics) } : {}),
      serving: servedSinceAsked(app),
    }).catch(exitOnStartError(app.log));
    reloadOnHangup(app, catalog);
    const stopCollecting = collectAfterSwaps(catalog, app.log);
    app.addHook('onClose', async () => stopCollecting());
  }
  await setup.register(app, { metrics: metrics || undefined, catalog } as ServerContext<C>);
  if (catalog) app.addHook('onClose', () => (catalog as LiveCatalog).close());
  if (metrics && config.ops.metrics) {
    const listener = await startMetricsServer({
      registry: metrics.registry,
      ...config.ops.metrics,
    }).catch(exitOnStartError(app.log));
    app.addHook('onClose', () => listener.close());
    app.log.info(`metrics at ${listener.url}`);
  }
  return app;
}

/**
 * The whole of a server entry: V8's helper threads put behind the event loop (see
 * `yieldHelperThreads`), with a catalog the old generation given room for a reload
 * (`growOldGeneration`), {@link createServer}, then `close-with-grace` (SIGTERM and SIGINT close
 * the server, in-flight requests get `CLOSE_GRACE_MS` to finish), then `listen` on the config's
 * host and port. Returns the listening server.
 *
 * @example
 * const config = loadOrExit(loadConfig);
 * await startServer({
 *   config,
 *   frameworkErrors: handleError,
 *   apps: ['web'],
 *   catalog: config.catalog,
 *   register: (server, { catalog, metrics }) =>
 *     server.register(fp(webApp), { config, catalog, metrics }),
 * });
 */
export async function startServer<C extends CatalogConfig | undefined = undefined>(
  setup: ServerSetup<C>,
): Promise<FastifyInstance> {
  const helpers = await yieldHelperThreads(setup.config.threadPoolSize);
  // Room for a reload's warm-up; a process without a catalog never reloads.
  if (setup.catalog) growOldGeneration();
  const app = await createServer(setup);
  app.log.debug({ threads: helpers.length }, 'helper threads yield to the event loop');
  // close-with-grace also closes on SIGHUP; a process with a catalog reloads it on SIGHUP instead
  // (see reloadOnHangup), and must stay up.
  const skip = setup.catalog ? ['SIGHUP' as const] : [];
  closeWithGrace({ delay: setup.config.closeGraceMs, skip }, async ({ err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    await app.close();
  });
  await app.listen({ host: setup.config.host, port: setup.config.port });
  return app;
}

// SIGHUP reloads the catalog at once, as daemons reread their files (nginx, sshd); without a
// listener it would end the process.
function reloadOnHangup(app: FastifyInstance, catalog: LiveCatalog) {
  const reload = () => {
    app.log.info('SIGHUP: reloading the catalog');
    void catalog.reload();
  };
  process.on('SIGHUP', reload);
  app.addHook('onClose', async () => {
    process.off('SIGHUP', reload);
  });
}

// Every answer names the id its log lines carry, so a client's report finds them.
function answerWithRequestId(app: FastifyInstance) {
  // Callback style: an async hook costs a promise on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

// Once closing, every answer ends its connection: keep-alive clients (the gateway) reconnect to
// another replica at once, and close() finishes with the last in-flight request instead of waiting
// out idle keep-alive connections.
function drainOnClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

// Standard output in batches (see LineBatch): under load a hundred requests' lines in one write,
// a quiet server's within LOG_FLUSH_MS. Each write wakes the reader, which costs more than the
// bytes: at 8 KB a batch, the writes were a third of an access line's cost. Half a Linux pipe
// (64 KB), so a reader that keeps up always has room for the next batch. A reader that falls
// LOG_MAX_WAITING_BYTES behind makes the writer wait, as a blocking pipe does.
const LOG_BATCH_BYTES = 32_768;
const LOG_FLUSH_MS = 200;
const LOG_MAX_WAITING_BYTES = 4 * 1024 * 1024;
// The last flush at exit waits no longer for a reader that takes nothing.
const LOG_FINAL_WAIT_MS = 5_000;

function logDestination() {
  const stream = new LineBatch({
    fd: 1,
    batchBytes: LOG_BATCH_BYTES,
    flushMs: LOG_FLUSH_MS,
    maxWaitingBytes: LOG_MAX_WAITING_BYTES,
    finalWaitMs: LOG_FINAL_WAIT_MS,
  });
  process.once('exit', () => stream.flushSync());
  return stream;
}
