import { loadOrExit } from '@repo/env';
import { startServer } from '@repo/fastify-kit';
import fp from 'fastify-plugin';
import authApp from './app.js';
import { loadConfig } from './config.js';
import { handleError } from './errors.js';

const config = loadOrExit(loadConfig);
await startServer({
  config,
  frameworkErrors: handleError,
  apps: ['auth'],
  register: (server, { metrics }) => server.register(fp(authApp), { config, metrics }),
});
