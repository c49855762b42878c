import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

// Linux reports process times in clock ticks; `getconf` knows how long one is (almost always 100).
let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    } catch {
      ticksPerSecond = 100;
    }
    if (!(ticksPerSecond > 0)) ticksPerSecond = 100;
  }
  return ticksPerSecond;
}

/**
 * User + system CPU time in clock ticks from the text of `/proc/<pid>/stat` (fields 14 and 15,
 * every thread of the process: the event loop, the garbage collector, libuv's pool). The command
 * name in brackets may hold spaces and brackets, so fields are counted after the last `)`.
 */
export function parseStatTicks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime))
    throw new Error(`bad /proc stat: ${stat}`);
  return utime + stime;
}

/** CPU seconds a running process has used so far (user + system), from `/proc/<pid>/stat`. */
export function cpuSeconds(pid: number): number {
  return parseStatTicks(readFileSync(`/proc/${pid}/stat`, 'utf8')) / clockTicks();
}

function statusKb(pid: number | undefined, field: string): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Resident set size of a process in MB, from /proc (Linux). */
export function rssMB(pid: number | undefined): number | undefined {
  return statusKb(pid, 'VmRSS');
}

/** The highest resident set size the process has had so far, in MB (`VmHWM`). */
export function peakRssMB(pid: number | undefined): number | undefined {
  return statusKb(pid, 'VmHWM');
}

/**
 * Sets a process's `VmHWM` back to its current RSS (`5` written to `/proc/<pid>/clear_refs`,
 * Linux 4.0 and later), so that `VmHWM` read later is the peak since now: the kernel's own
 * high-water mark, which no sampling interval can miss. False when the kernel refused.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** The direct children of a process (nginx's workers under its master). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}
