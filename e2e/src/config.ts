/** Where the stack finds the real gateway and Redis binaries (overridable for other layouts). */
export interface StackBinaries {
  readonly nginx: string;
  readonly redisServer: string;
  /** PATH for the helper processes, so `nginx` and `redis-server` resolve as in a shell. */
  readonly path: string;
}

/** Reads `NGINX_BIN`, `REDIS_SERVER_BIN` and `PATH` once. */
export function loadBinaries(
  env: Readonly<Record<string, string | undefined>> = process.env,
): StackBinaries {
  return {
    nginx: env.NGINX_BIN || 'nginx',
    redisServer: env.REDIS_SERVER_BIN || 'redis-server',
    path: env.PATH || '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
  };
}
