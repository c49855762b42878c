import { existsSync } from 'node:fs';
import { copyFile, link, rename, rm } from 'node:fs/promises';

/** The server's catalog file and the versions it is replaced with in turn. */
export interface Swapper {
  /** Puts the next version beside the served file (not timed). */
  prepare(): Promise<void>;
  /** Renames it over the served file. */
  swap(): Promise<void>;
}

/** Where `catalog import --out FILE` leaves the prepared form of FILE, when it writes one. */
export function preparedOf(catalog: string): string {
  return `${catalog}.prepared`;
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

/**
 * Versions that are each the output of a `catalog import --out`, with the prepared form the
 * import wrote beside it if it wrote one: the prepared form is renamed over the served one first,
 * then the catalog, so that the reload the catalog's change starts finds its prepared form in
 * place. A version without one replaces the catalog alone.
 *
 * The files are hard-linked, not copied: a link is the import's file as it wrote it (its size and
 * modification time too), whatever a prepared form is checked against. The versions must be on
 * the served file's filesystem.
 */
export function importedSwapper(served: string, versions: readonly string[]): Swapper {
  const next = `${served}.next`;
  const nextPrepared = `${preparedOf(served)}.next`;
  let n = 0;
  let withPrepared = false;
  return {
    async prepare() {
      const version = versions[n++ % versions.length] as string;
      // A swap that failed halfway would leave these behind, and link refuses an existing name.
      await rm(next, { force: true });
      await rm(nextPrepared, { force: true });
      await link(version, next);
      withPrepared = existsSync(preparedOf(version));
      if (withPrepared) await link(preparedOf(version), nextPrepared);
    },
    async swap() {
      if (withPrepared) await rename(nextPrepared, preparedOf(served));
      await rename(next, served);
    },
  };
}
