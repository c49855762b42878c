// Test helpers of the packages that count in Redis: a real redis-server as a child process.
// Test-only, apart from the package's API: `@repo/ratelimit/testing`.
export { freePort, startRedis } from './redis-server.js';
