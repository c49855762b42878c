/** The part of a pino/Fastify logger a failed start writes to. */
export interface StartLog {
  fatal(object: object, message: string): void;
}

/**
 * For server entry points: a start-up step that fails (an unreadable catalog or agents file, an
 * unreachable engine) is logged with its message and the process exits with status 1, instead of
 * an unhandled rejection and a stack trace.
 *
 * @example const catalog = await openCatalog(config.catalog, app.log).catch(exitOnStartError(app.log));
 */
export function exitOnStartError(log: StartLog) {
  return (err: unknown): never => {
    const message = err instanceof Error ? err.message : String(err);
    log.fatal({ code: (err as { code?: unknown }).code }, `cannot start: ${message}`);
    process.exit(1);
  };
}
