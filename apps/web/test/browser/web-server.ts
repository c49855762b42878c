import { startServerProcess } from '@repo/fastify-kit/testing';
import { SERVER_ENTRY } from '../helper.js';

/** A running web server process on a free loopback port. */
export interface WebServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** Options of {@link startWebServer}. */
export interface WebServerOptions {
  /** Environment of the process (`CATALOG_FILE`, …); default: none, the full sample catalog. */
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}

/**
 * Starts `apps/web/dist/server.js` as a real process (the full sample catalog unless `env` names
 * a `CATALOG_FILE`) and waits until `/health.json` answers 200.
 *
 * @throws when the build is missing or the server does not come up within `timeoutMs`.
 */
export async function startWebServer({
  env = {},
  timeoutMs = 45_000,
}: WebServerOptions = {}): Promise<WebServer> {
  const { url, stop } = await startServerProcess(SERVER_ENTRY, {
    env,
    ready: (status) => status === 200,
    timeoutMs,
  });
  return { url, stop };
}
