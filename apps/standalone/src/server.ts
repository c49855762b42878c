import authApp from '@repo/auth/app';
import { loadOrExit } from '@repo/env';
import { startServer } from '@repo/fastify-kit';
import { createKeySet } from '@repo/jwt';
import mcpApp from '@repo/mcp/app';
import webApp, { handleFrameworkError, webClickCounter } from '@repo/web/app';
import { loadConfig } from './config.js';

// The one-process default: the three apps on one port, one shared catalog. Each app stays
// encapsulated (no fastify-plugin wrapper) so its error handler keeps answering in its own format.
const config = loadOrExit(loadConfig);
const server = await startServer({
  // The three apps read the same gateway variables; the process trusts that gateway.
  config: { ...config, edge: config.web.edge },
  // URLs the router refuses, before any app sees them: problem+json from the web app's handler.
  frameworkErrors: handleFrameworkError,
  // One registry for the process; each app labels its own requests.
  apps: ['web', 'mcp', 'auth'],
  catalog: config.catalog,
  register: async (app, { catalog, metrics }) => {
    // Tokens are verified against this process's own keys, not fetched over HTTP from itself.
    const { publicJwks: jwks } = await createKeySet(config.auth.signingKeys);
    // One counter: the clicks the web app counts are the ones `search_products` sorts by.
    const clicks = webClickCounter(config.web, app.log);
    app.addHook('onClose', () => clicks.close());
    app.register(webApp, { config: config.web, catalog, jwks, metrics, clicks });
    app.register(mcpApp, {
      config: config.mcp,
      catalog,
      jwks,
      serveHealth: false,
      metrics,
      clicks,
    });
    app.register(authApp, { config: config.auth, serveHealth: false, metrics });
  },
});
if (config.generatedKeyFile) {
  server.log.info(`generated a token signing key in ${config.generatedKeyFile}`);
}
server.log.info(`catalog service ready at ${config.baseUrl}`);
