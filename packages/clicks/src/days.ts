// Days are UTC dates written `YYYY-MM-DD`: the same day on every replica whatever its time zone,
// and in the order of the calendar when sorted as text.

const DAY_MS = 86_400_000;

/** The UTC date of a time in milliseconds, e.g. `2026-11-26`. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The milliseconds at which a day starts (00:00 UTC). */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** The last `days` days up to `today` included, oldest first. */
export function lastDays(today: string, days: number): string[] {
  const start = dayStart(today);
  const window: string[] = [];
  for (let i = days - 1; i >= 0; i--) window.push(dayOf(start - i * DAY_MS));
  return window;
}

/** Whether `text` is a day as {@link dayOf} writes it. */
export function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && dayOf(dayStart(text)) === text;
}

/**
 * The Unix time in seconds at which a day's counts expire: `retentionDays` days after it starts,
 * so the retention's window (today and the `retentionDays - 1` days before) is always complete.
 */
export function expiresAt(day: string, retentionDays: number): number {
  return (dayStart(day) + retentionDays * DAY_MS) / 1_000;
}

/** The oldest day kept on `today` with a retention of `retentionDays`. */
export function oldestKept(today: string, retentionDays: number): string {
  return dayOf(dayStart(today) - (retentionDays - 1) * DAY_MS);
}
