import type { CatalogIndex } from '@repo/search';
import type { FastifyInstance } from 'fastify';
import type { McpConfig } from './config.js';
import healthRoutes from './routes/health/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalog the tools read, injected by the server entry. */
    catalog: CatalogIndex;
  }
}

/** What the MCP app needs. */
export interface McpAppOptions {
  readonly config: Readonly<McpConfig>;
  readonly index: CatalogIndex;
  /** Off in the one-process server, where the web app answers `/health.json`. */
  readonly serveHealth?: boolean;
}

/**
 * The stateless MCP server at `POST /mcp`. A Fastify plugin that never listens.
 */
export default async function mcpApp(fastify: FastifyInstance, opts: McpAppOptions) {
  fastify.decorate('catalog', opts.index);
  if (opts.serveHealth !== false) fastify.register(healthRoutes);
}
