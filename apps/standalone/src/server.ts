import authApp from '@repo/auth/app';
import { openCatalog } from '@repo/catalog-io';
import { exitOnStartError, loadOrExit } from '@repo/env';
import { createKeySet } from '@repo/jwt';
import mcpApp from '@repo/mcp/app';
import webApp from '@repo/web/app';
import closeWithGrace from 'close-with-grace';
import Fastify from 'fastify';
import { loadConfig } from './config.js';

// The one-process default: the three apps on one port, one shared catalog index. Each app stays
// encapsulated (no fastify-plugin wrapper) so its error handler keeps answering in its own format.
const config = loadOrExit(loadConfig);
const app = Fastify({
  logger: { level: config.logLevel },
  trustProxy: config.web.edge.trustProxy && [...config.web.edge.trustProxy],
});
const { index, agents } = await openCatalog(config.catalog, app.log).catch(
  exitOnStartError(app.log),
);
// Tokens are verified against this process's own keys, not fetched over HTTP from itself.
const { publicJwks: jwks } = await createKeySet(config.auth.signingKeys);

app.register(webApp, { config: config.web, index, agents, jwks });
app.register(mcpApp, { config: config.mcp, index, agents, jwks, serveHealth: false });
app.register(authApp, { config: config.auth, serveHealth: false });
app.addHook('onClose', () => index.close());

closeWithGrace({ delay: config.closeGraceMs }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  await app.close();
});

await app.listen({ host: config.host, port: config.port });
if (config.generatedKeyFile)
  app.log.info(`generated a token signing key in ${config.generatedKeyFile}`);
app.log.info(`catalog service ready at ${config.baseUrl}`);
