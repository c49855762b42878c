import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A free loopback port, chosen by the kernel. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** A process the stack started, with the last lines it wrote for failure reports. */
export interface Managed {
  readonly name: string;
  readonly child: ChildProcess;
  /** The last few kilobytes it wrote (stdout and stderr), for failure messages. */
  output(): string;
  /** Everything it wrote, up to the last megabyte: what tests read its log lines from. */
  log(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const KEPT_OUTPUT = 8_000;
const KEPT_LOG = 1_000_000;

/** Starts a process whose stdout and stderr are kept (the tail) for error messages. */
export function launch(
  name: string,
  command: string,
  args: readonly string[],
  env: Record<string, string>,
): Managed {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > KEPT_LOG * 2) output = output.slice(-KEPT_LOG);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    name,
    child,
    output: () => output.slice(-KEPT_OUTPUT),
    log: () => output.slice(-KEPT_LOG),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until `probe` resolves true, or fails naming the process and its last output. */
export async function waitUntil(
  managed: Managed,
  probe: () => Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (managed.child.exitCode !== null) {
      throw new Error(
        `${managed.name} exited with ${managed.child.exitCode}:\n${managed.output()}`,
      );
    }
    if (await probe().catch(() => false)) return;
    await sleep(50);
  }
  throw new Error(`${managed.name} was not ready within ${timeoutMs} ms:\n${managed.output()}`);
}

/** Tells whether `url` answers 200. */
export async function answers200(url: string): Promise<boolean> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status === 200;
}
