// Starting a built server entry as a real process, for the tests that need what `inject` never
// shows: sockets, signals, exit codes, the log stream. Test-only; not exported from the root.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A free loopback port, chosen by the kernel. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** Options of {@link startServerProcess}. */
export interface ServerProcessOptions {
  /**
   * The whole environment of the process on top of `HOST=127.0.0.1`, a free `PORT`, `BASE_URL` to
   * match, `LOG_LEVEL=warn` and a `DATA_DIR` of its own, removed when it stops (each can be
   * overridden): nothing of the calling shell leaks in, and nothing it writes lands in the
   * project's `data/`.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The host name of `url` and `BASE_URL` (the server binds 127.0.0.1 either way). */
  readonly hostname?: string;
  /** What is asked until the server answers; default `/health.json`. */
  readonly probePath?: string;
  /** Whether an answer to the probe means started; default: any answer (a degraded 503 too). */
  readonly ready?: (status: number) => boolean;
  /** How long to wait for it; default 30 s. */
  readonly timeoutMs?: number;
}

/** A built server running as its own process. */
export interface ServerProcess {
  /** `http://<hostname>:<port>`, no trailing slash. */
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /**
   * The output once it matches `pattern`, waiting up to `timeoutMs` (default 2 s): log lines
   * leave in batches, up to 200 ms after they were written. Resolves with what there is when
   * the time is up, for the caller's assertion to show.
   */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGTERM, then waits for the exit; nothing when it has exited already. */
  stop(): Promise<void>;
}

/**
 * Starts `node <entry>` on a free loopback port and waits until `probePath` answers.
 *
 * @throws {Error} when the entry is not built, the process exits first or does not answer in time
 *   (its output is in the message).
 * @example const server = await startServerProcess(entry, { env: { RATE_LIMIT_PAGES: '0' } });
 */
export async function startServerProcess(
  entry: string,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run the build first`);
  const port = await freePort();
  const url = `http://${options.hostname ?? '127.0.0.1'}:${port}`;
  const ownDataDir =
    options.env?.DATA_DIR === undefined
      ? mkdtempSync(join(tmpdir(), 'catalog-server-'))
      : undefined;
  const child = spawn(process.execPath, [entry], {
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: url,
      LOG_LEVEL: 'warn',
      ...(ownDataDir === undefined ? {} : { DATA_DIR: ownDataDir }),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (ownDataDir !== undefined) {
    child.once('exit', () => rmSync(ownDataDir, { recursive: true, force: true }));
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  const waitForOutput = async (pattern: RegExp, timeoutMs = 2_000) => {
    const until = Date.now() + timeoutMs;
    while (!pattern.test(output) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return output;
  };
  const ready = options.ready ?? (() => true);
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    const status = await fetch(`${url}${options.probePath ?? '/health.json'}`).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => undefined,
    );
    if (status !== undefined && ready(status)) {
      return { url, port, child, output: () => output, waitForOutput, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`server did not answer within ${options.timeoutMs ?? 30_000} ms: ${output}`);
}
