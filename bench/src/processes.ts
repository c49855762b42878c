import { type ChildProcess, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

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
  readonly url: string;
  /** Milliseconds from spawn to the first 200 on the probe path. */
  readonly readyMs: number;
  stop(): Promise<void>;
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

/** Starts a Node entry point with the environment given and waits for its probe path. */
export async function startNode(
  entry: string,
  env: Record<string, string>,
  probePath: string,
  args: string[] = [],
  nodeArgs: string[] = [],
): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, entry, ...args], {
    // biome-ignore lint/style/noProcessEnv: the measured server inherits the runner's environment (PATH, locale)
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor200(`${url}${probePath}`, 30_000, child);
  const readyMs = performance.now() - started;
  return { child, url, readyMs, stop: () => stop(child) };
}

/** Starts the bare baseline server. */
export async function startBare(entry: string): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  const child = fork(entry, [String(port)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor200(`${url}/bare/json`, 30_000, child);
  return { child, url, readyMs: performance.now() - started, stop: () => stop(child) };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMB(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}
