import { loadOrExit } from '@repo/env';
import { startServer } from '@repo/fastify-kit';
import fp from 'fastify-plugin';
import webApp from './app.js';
import { loadConfig } from './config.js';
import { handleError } from './errors.js';

const config = loadOrExit(loadConfig);
await startServer({
  config,
  frameworkErrors: handleError,
  apps: ['web'],
  catalog: config.catalog,
  register: (server, { catalog, metrics }) =>
    server.register(fp(webApp), { config, catalog, metrics }),
});
