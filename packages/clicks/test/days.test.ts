import { describe, expect, it } from 'vitest';
import { dayOf, dayStart, expiresAt, isDay, lastDays, oldestKept } from '../src/days.js';

describe('days', () => {
  it('names a time by its UTC date', () => {
    expect(dayOf(Date.UTC(2026, 10, 26, 23, 59, 59, 999))).toBe('2026-11-26');
    expect(dayOf(Date.UTC(2026, 10, 27))).toBe('2026-11-27');
    expect(dayStart('2026-11-27')).toBe(Date.UTC(2026, 10, 27));
  });

  it('lists the last days oldest first, across a month and a year', () => {
    expect(lastDays('2026-03-01', 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(lastDays('2027-01-01', 2)).toEqual(['2026-12-31', '2027-01-01']);
    expect(lastDays('2026-11-26', 1)).toEqual(['2026-11-26']);
  });

  it('recognises only real dates', () => {
    expect(isDay('2026-11-26')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-1-26')).toBe(false);
    expect(isDay('yesterday')).toBe(false);
  });

  it('expires a day when it leaves the retention', () => {
    // Retention 2: kept on its day and the next, gone when the day after starts.
    expect(expiresAt('2026-11-26', 2)).toBe(Date.UTC(2026, 10, 28) / 1_000);
    expect(oldestKept('2026-11-27', 2)).toBe('2026-11-26');
    expect(oldestKept('2026-11-28', 2)).toBe('2026-11-27');
  });
});
