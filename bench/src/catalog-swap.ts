import { copyFile, rename } from 'node:fs/promises';

/** The server's catalog file and the versions it is replaced with in turn. */
export interface Swapper {
  /** Puts the next version beside the served file (not timed). */
  prepare(): Promise<void>;
  /** Renames it over the served file. */
  swap(): Promise<void>;
}

/** Each version copied beside the served file, then renamed over it, as `--out` leaves a file. */
export function copySwapper(served: string, versions: readonly string[]): Swapper {
  const next = `${served}.next`;
  let n = 0;
  return {
    prepare: () => copyFile(versions[n++ % versions.length] as string, next),
    swap: () => rename(next, served),
  };
}
