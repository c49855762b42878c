/** One click through `/go/{agent}/{slug}`, as the caller hands it over after its own checks. */
export interface Click {
  /** The product's slug. */
  readonly slug: string;
  /** The agent the shopper was sent to. */
  readonly agent: string;
  /**
   * The client's address. Used only for the fold hash (HMAC with the day's salt), never stored,
   * neither in Redis nor on disk.
   */
  readonly client: string;
  /** When, in milliseconds since the epoch; default: now. */
  readonly at?: number;
}

/** The clicks of one product through one agent over a window. */
export interface ClickRow {
  readonly slug: string;
  readonly agent: string;
  readonly clicks: number;
}

/** All clicks of one day. */
export interface DayTotal {
  /** `YYYY-MM-DD`, UTC. */
  readonly day: string;
  readonly clicks: number;
}

/** The clicks of the last `days` days, today included, for the operator. */
export interface ClickStats {
  /** The first day of the window, `YYYY-MM-DD` (UTC). */
  readonly from: string;
  /** The last day of the window: today (UTC). */
  readonly to: string;
  /** Clicks per product and agent summed over the window, most clicked first. */
  readonly rows: readonly ClickRow[];
  /** Every day of the window, oldest first, days without clicks included. */
  readonly perDay: readonly DayTotal[];
}

/** The part of a pino/Fastify logger the counter writes to. */
export interface ClicksLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}
