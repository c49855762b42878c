/** Stable codes of {@link ClicksError}; never reused for another meaning. */
export type ClicksErrorCode =
  /** An option of `createClickCounter` or `openClickReader` is out of range. */
  | 'CLICKS_OPTIONS_INVALID'
  /** A window of days that is not a whole number from 1 to {@link MAX_WINDOW_DAYS}. */
  | 'CLICKS_DAYS_INVALID'
  /** The clicks file is not JSON in the shape this package writes (it is kept aside). */
  | 'CLICKS_FILE_INVALID'
  /** The clicks file could not be written (full disk, permissions). */
  | 'CLICKS_FILE_WRITE'
  /** Stats were asked of Redis and Redis did not answer in time. */
  | 'CLICKS_REDIS_UNAVAILABLE';

/** The longest window `popularity` and `clicks` accept: ten years of days. */
export const MAX_WINDOW_DAYS = 3_660;

/**
 * A problem of the click counter with a stable `code`. Counting never throws one (a click that
 * cannot be counted in Redis is counted in the process); reading stats and writing the file can.
 *
 * @example
 * try { await reader.clicks(30) } catch (err) { if (err instanceof ClicksError && err.code === 'CLICKS_REDIS_UNAVAILABLE') … }
 */
export class ClicksError extends Error {
  override name = 'ClicksError';
  readonly code: ClicksErrorCode;

  constructor(code: ClicksErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Throws unless `days` is a window `popularity` and `clicks` accept. */
export function checkWindow(days: number): void {
  if (!Number.isSafeInteger(days) || days < 1 || days > MAX_WINDOW_DAYS) {
    throw new ClicksError(
      'CLICKS_DAYS_INVALID',
      `A window of clicks is 1 to ${MAX_WINDOW_DAYS} whole days, not ${days}`,
    );
  }
}

/** The longest delay a Node timer takes (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/** Checks a numeric option: at least `min`, at most a timer's longest delay. */
export function checkOption(name: string, value: number, min = 1, whole = false): number {
  if (!(value >= min && value <= MAX_TIMER_MS) || (whole && !Number.isSafeInteger(value))) {
    throw new ClicksError(
      'CLICKS_OPTIONS_INVALID',
      `${name} must be ${whole ? 'a whole number ' : 'a number '}from ${min} to ${MAX_TIMER_MS}, not ${value}`,
    );
  }
  return value;
}

/** An error as log fields: its message, and its cause's. */
export function errorFields(err: unknown): { err: string; cause?: string } {
  if (!(err instanceof Error)) return { err: String(err) };
  return err.cause instanceof Error
    ? { err: err.message, cause: err.cause.message }
    : { err: err.message };
}
