/** A request count in the current window and the milliseconds until the window resets. */
export interface Count {
  readonly current: number;
  readonly ttl: number;
}

/** The part of a pino/Fastify logger the counters write to. */
export interface CounterLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}
