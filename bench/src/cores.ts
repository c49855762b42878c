import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * Where the measured servers and the load generator run. With two or more cores (and `taskset`),
 * each gets a core of its own, so the generator never takes CPU from the server it measures and a
 * server's CPU time per request is its own; `note` says what was done and why.
 */
export interface CorePlan {
  /** The core of every measured server, or undefined when nothing is pinned. */
  readonly server: number | undefined;
  /** The core of the load generator (wrk, or this process with autocannon). */
  readonly load: number | undefined;
  readonly note: string;
}

/** Parses a Linux CPU list (`0-3,6,8-9`) into core numbers. */
export function parseCpuList(list: string): number[] {
  const cores: number[] = [];
  for (const part of list.trim().split(',')) {
    if (part === '') continue;
    const [from, to = from] = part.split('-').map(Number) as [number, number?];
    if (!Number.isInteger(from) || !Number.isInteger(to) || to < from) {
      throw new Error(`not a CPU list: ${list}`);
    }
    for (let core = from; core <= to; core++) cores.push(core);
  }
  return cores;
}

/** The cores this process may run on (its affinity, not the machine's count). */
export function allowedCores(): number[] {
  const status = readFileSync('/proc/self/status', 'utf8');
  const list = /^Cpus_allowed_list:\s*(.+)$/m.exec(status)?.[1];
  if (list === undefined) throw new Error('no Cpus_allowed_list in /proc/self/status');
  return parseCpuList(list);
}

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Decides the cores: the first allowed one for the servers, the last for the generator. Also
 * moves this process (every thread) to the generator's core: it drains the servers' logs and,
 * with autocannon, is the generator.
 */
export function planCores(wanted: boolean): CorePlan {
  const none = (why: string): CorePlan => ({
    server: undefined,
    load: undefined,
    note: `not pinned: ${why}; the server and the load generator share the cores, so the generator's work can show up in the server's figures`,
  });
  if (!wanted) return none('--no-pin');
  let cores: number[];
  try {
    cores = allowedCores();
  } catch (error) {
    return none(`cannot read this process's cores (${(error as Error).message})`);
  }
  if (cores.length < 2) return none(`only ${cores.length} core available`);
  if (!hasTaskset()) return none('`taskset` (util-linux) is not installed');
  const server = cores[0]!;
  const load = cores.at(-1)!;
  pinProcess(process.pid, load);
  const others = cores.length > 2 ? `; ${cores.length - 2} other cores left to the rest` : '';
  return {
    server,
    load,
    note: `pinned: servers on core ${server}, the load generator (and this runner) on core ${load}${others}`,
  };
}

/** The command and arguments that run `command args` on `core` (unchanged when not pinned). */
export function onCore(
  core: number | undefined,
  command: string,
  args: readonly string[],
): [string, string[]] {
  return core === undefined
    ? [command, [...args]]
    : ['taskset', ['--cpu-list', String(core), command, ...args]];
}

/** Moves a running process, every thread of it, to `core` (nothing when not pinned). */
export function pinProcess(pid: number, core: number | undefined): void {
  if (core === undefined) return;
  execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', String(core), String(pid)], {
    stdio: 'ignore',
  });
}
