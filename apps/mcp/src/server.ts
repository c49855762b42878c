import { openCatalog } from '@repo/catalog-io';
import { exitOnStartError, loadOrExit } from '@repo/env';
import closeWithGrace from 'close-with-grace';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import mcpApp from './app.js';
import { loadConfig } from './config.js';

const config = loadOrExit(loadConfig);
const app = Fastify({
  logger: { level: config.logLevel },
  trustProxy: config.edge.trustProxy && [...config.edge.trustProxy],
});
const { index, agents } = await openCatalog(config.catalog, app.log).catch(
  exitOnStartError(app.log),
);

app.register(fp(mcpApp), { config, index, agents });
app.addHook('onClose', () => index.close());

closeWithGrace({ delay: config.closeGraceMs }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  await app.close();
});

await app.listen({ host: config.host, port: config.port });
