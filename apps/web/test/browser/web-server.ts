import { startServerProcess } from '@repo/fastify-kit/testing';
import { SERVER_ENTRY } from '../helper.js';

/** A running web server process on a free loopback port. */
export interface WebServer {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Starts `apps/web/dist/server.js` as a real process (the full sample catalog) and waits until
 * `/health.json` answers 200.
 *
 * @throws when the build is missing or the server does not come up within `timeoutMs`.
 */
export async function startWebServer(timeoutMs = 45_000): Promise<WebServer> {
  const { url, stop } = await startServerProcess(SERVER_ENTRY, {
    ready: (status) => status === 200,
    timeoutMs,
  });
  return { url, stop };
}
