import { isEnvError } from './errors.js';

/**
 * For server entry points: runs a config loader and, when the environment is invalid, prints
 * which variables are wrong and exits with status 1 instead of a stack trace.
 *
 * @example const config = loadOrExit(loadConfig);
 */
export function loadOrExit<T>(load: () => T): T {
  try {
    return load();
  } catch (err) {
    if (!isEnvError(err)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
