import type { ChildProcess } from 'node:child_process';
import { startServerProcess } from '@repo/fastify-kit/testing';

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
  const { url, child, output, stop } = await startServerProcess(entry, { env, probePath });
  return { base: url, child, stderr: output, stop };
}
