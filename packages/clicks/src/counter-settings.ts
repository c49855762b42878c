import type { Click, ClicksLog } from './click.js';
import { fieldOf, isCountable } from './day-counts.js';
import { dayOf } from './days.js';

/** How long `clicks()` waits for Redis to connect. */
export const CONNECT_WAIT_MS = 2_000;

/** The options of a counter, checked, with their defaults. */
export interface Settings {
  readonly now: () => number;
  readonly flushMs: number;
  readonly refreshMs: number;
  readonly retentionDays: number;
  readonly commandTimeoutMs: number;
  readonly log: ClicksLog | undefined;
}

/** The parts of a click both modes check the same way; undefined when it cannot be counted. */
export function accept(click: Click, now: () => number) {
  const at = click.at ?? now();
  if (!isCountable(click.slug) || !isCountable(click.agent) || !Number.isFinite(at)) return;
  if (typeof click.client !== 'string') return;
  return { at, day: dayOf(at), field: fieldOf(click.slug, click.agent) };
}
