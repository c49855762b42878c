import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A free loopback port, chosen by the kernel. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  return typeof address === 'object' && address ? address.port : 0;
}

/** A built server started as a real process on a free loopback port. */
export interface RealServer {
  readonly base: string;
  readonly child: ChildProcess;
  stderr(): string;
  stop(): Promise<void>;
}

/**
 * Starts `node <entry>` with `HOST=127.0.0.1`, a free `PORT` and `BASE_URL` to match, and waits
 * until `probePath` answers.
 */
export async function startServer(
  entry: string,
  env: Record<string, string>,
  probePath = '/.well-known/jwks.json',
): Promise<RealServer> {
  if (!existsSync(entry)) throw new Error(`${entry} is not built: run pnpm build first`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    env: { LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), BASE_URL: base, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  for (let i = 0; i < 400; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    if (await fetch(`${base}${probePath}`).catch(() => undefined)) {
      return { base, child, stderr: () => stderr, stop };
    }
    await sleep(50);
  }
  await stop();
  throw new Error(`server did not answer within 20 s: ${stderr}`);
}
