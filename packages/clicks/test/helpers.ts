import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A log that keeps its lines, for assertions. */
export function recordingLog() {
  const lines: { level: 'info' | 'warn'; object: object; message: string }[] = [];
  return {
    lines,
    warnings: () => lines.filter((l) => l.level === 'warn'),
    infos: () => lines.filter((l) => l.level === 'info'),
    info: (object: object, message: string) => lines.push({ level: 'info', object, message }),
    warn: (object: object, message: string) => lines.push({ level: 'warn', object, message }),
  };
}

/** Waits for a condition, polling every 25 ms. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
}

/** A fresh temporary directory, removed by the returned cleanup. */
export async function tempDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'clicks-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A settable clock starting at `start`. */
export function clock(start: number) {
  const c = {
    ms: start,
    now: () => c.ms,
    advance(ms: number) {
      c.ms += ms;
    },
  };
  return c;
}

export const HOUR = 3_600_000;
export const DAY = 86_400_000;
/** 2026-11-26 10:00 UTC. */
export const T0 = Date.UTC(2026, 10, 26, 10, 0, 0);
