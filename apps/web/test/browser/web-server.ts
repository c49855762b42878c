import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The built server of the web app, as `pnpm --filter @repo/web start` runs it. */
export const SERVER_ENTRY = join(here, '..', '..', 'dist', 'server.js');

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

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
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run the build first`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    // Only what the server reads: the test runs the same whatever the calling shell exports.
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: url,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`web server exited: ${stderr}`);
    const ok = await fetch(`${url}/health.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      return {
        url,
        async stop() {
          if (child.exitCode !== null) return;
          child.kill('SIGTERM');
          await once(child, 'exit');
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`web server did not answer within ${timeoutMs} ms: ${stderr}`);
}
