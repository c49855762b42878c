import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import type { Env } from '@repo/env';
import { createEmbeddedIndex } from '@repo/search/embedded';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { onTestFinished } from 'vitest';
import mcpApp, { type McpAppOptions } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createErrorHandler } from '../src/error-handler.js';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A slice of the sample catalog: every category, quick to index. */
export const products = generateSampleCatalog({ count: 600 });

/** The base URL of in-process tests. */
export const BASE_URL = 'http://test.local';

/** The MCP app with test config and its own index, closed when the test finishes. */
export async function build(env: Env = {}, options: Partial<McpAppOptions> = {}) {
  const config = loadConfig({ BASE_URL, ...env });
  const app = Fastify({ logger: false, frameworkErrors: createErrorHandler(config.bodyLimit) });
  const index = createEmbeddedIndex(products);
  app.register(fp(mcpApp), { config, index, ...options });
  await app.ready();
  onTestFinished(() => app.close());
  return app;
}

/** A JSON-RPC POST for `app.inject`. */
export function rpc(body: unknown, headers: Record<string, string> = {}) {
  return {
    method: 'POST' as const,
    url: '/mcp',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/** A free loopback TCP port. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** `apps/mcp/dist/server.js` running as its own process on a free port. */
export interface RunningServer {
  readonly url: string;
  readonly origin: string;
  readonly child: ChildProcess;
  readonly output: () => string;
  stop(): Promise<void>;
}

/** Starts the built server (`pnpm build` first) and waits until it answers. */
export async function startServer(env: Env = {}): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const child = spawn(process.execPath, [join(appDir, 'dist/server.js')], {
    // A clean environment: only what the test sets reaches the server.
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: origin,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      const res = await fetch(`${origin}/health.json`);
      if (res.ok) return { url: `${origin}/mcp`, origin, child, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`server did not start: ${output}`);
}
