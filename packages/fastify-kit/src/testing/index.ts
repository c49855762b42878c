// @repo/fastify-kit/testing: helpers for the tests of server entries built with startServer.
export type { ServerProcess, ServerProcessOptions } from './server-process.js';
export { freePort, startServerProcess } from './server-process.js';
export type { SwappableCatalog } from './swappable-catalog.js';
export { swappableCatalog } from './swappable-catalog.js';
