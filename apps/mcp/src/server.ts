import { loadOrExit } from '@repo/env';
import { startServer } from '@repo/fastify-kit';
import fp from 'fastify-plugin';
import mcpApp from './app.js';
import { loadConfig } from './config.js';
import { createErrorHandler } from './error-handler.js';

const config = loadOrExit(loadConfig);
await startServer({
  config,
  frameworkErrors: createErrorHandler(config.bodyLimit),
  apps: ['mcp'],
  catalog: config.catalog,
  register: (server, { catalog, metrics }) =>
    server.register(fp(mcpApp), { config, catalog, metrics }),
});
