// Twin of apps/mcp/test/faults/server-process.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ENTRY = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'server.js');

/** The built server running as its own process. */
export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts `dist/server.js` with only `env` (plus host, port and base URL) and waits until
 * `/health.json` answers at all: a degraded server answers 503, and that counts as started.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  if (!existsSync(ENTRY)) throw new Error('dist/server.js is missing: run the build first');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [ENTRY], {
    env: { HOST: '127.0.0.1', PORT: String(port), BASE_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    const answered = await fetch(`${url}/health.json`).then(
      async (r) => {
        await r.arrayBuffer();
        return true;
      },
      () => false,
    );
    if (answered) return { url, child, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`server did not answer within 30 s: ${output}`);
}
