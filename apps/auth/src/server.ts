import { loadOrExit } from '@repo/env';
import closeWithGrace from 'close-with-grace';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import authApp from './app.js';
import { loadConfig } from './config.js';

const config = loadOrExit(loadConfig);
const app = Fastify({
  logger: { level: config.logLevel },
  trustProxy: config.edge.trustProxy && [...config.edge.trustProxy],
});

app.register(fp(authApp), { config });

closeWithGrace({ delay: config.closeGraceMs }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  await app.close();
});

await app.listen({ host: config.host, port: config.port });
