import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { setTimeout as sleep } from 'node:timers/promises';
import { onCore } from './cores.js';

/** A free loopback port, chosen by the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A server process started for a measurement, stopped by `stop()`. */
export interface Started {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly url: string;
  /** Milliseconds from spawn to the first 200 on the probe path. */
  readonly readyMs: number;
  /** Bytes the process has written to standard output so far (its log). */
  logBytes(): number;
  stop(): Promise<void>;
}

/** How to start a server. */
export interface StartOptions {
  readonly env?: Record<string, string>;
  /** The path polled until it answers 200. */
  readonly probePath: string;
  /** Arguments after the entry point, given the port chosen. */
  readonly args?: (port: number) => readonly string[];
  /** The Node binary (default: this runner's). */
  readonly node?: string;
  readonly nodeArgs?: readonly string[];
  /** The core to pin the process to (`taskset`), if any. */
  readonly core?: number | undefined;
  /** How long the first 200 may take (default 30 s). */
  readonly timeoutMs?: number;
  /** Called with each piece of the log as it is read (a line may be cut between two). */
  readonly onLog?: (text: string) => void;
}

/** Polls `url` until it answers 200, or fails after `timeoutMs`. */
export async function waitFor200(url: string, timeoutMs: number, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(5);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/**
 * Starts a Node entry point on a free port with the environment given (on top of this process's)
 * and waits for its probe path. Its standard output (the log) goes to a pipe that this process
 * reads and throws away, as a container runtime or a log shipper would; stderr is passed through.
 */
export async function startNode(entry: string, options: StartOptions): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  const [command, args] = onCore(options.core, options.node ?? process.execPath, [
    ...(options.nodeArgs ?? []),
    entry,
    ...(options.args?.(port) ?? []),
  ]);
  const child = spawn(command, args, {
    // biome-ignore lint/style/noProcessEnv: the measured server inherits the runner's environment (PATH, locale)
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let logBytes = 0;
  const { onLog } = options;
  // A character cut between two chunks is completed by the decoder, not broken in two.
  const decoder = onLog && new StringDecoder('utf8');
  child.stdout?.on('data', (chunk: Buffer) => {
    logBytes += chunk.length;
    if (decoder) onLog?.(decoder.write(chunk));
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor200(`${url}${options.probePath}`, options.timeoutMs ?? 30_000, child);
  } catch (error) {
    await stop(child);
    throw error;
  }
  const readyMs = performance.now() - started;
  return {
    child,
    pid: child.pid as number,
    url,
    readyMs,
    logBytes: () => logBytes,
    stop: () => stop(child),
  };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
