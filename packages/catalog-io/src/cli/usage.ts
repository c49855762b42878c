/** The help text of `catalog --help`. */
export const USAGE = `Usage: catalog <command> [options]

Commands:
  import FILE   Validate a CSV, JSON or NDJSON catalog and write its good rows as NDJSON
                  --out FILE       where to write (default: data/catalog.ndjson)
                  --format FORMAT  csv, json or ndjson (default: from the file extension)
  sample        Write the deterministic sample catalog as NDJSON
                  --out FILE       where to write (default: standard output)
                  --count N        number of products (default: 17917)
                  --seed N         seed (default: the sample seed)
  index [FILE]  Push a catalog (the sample when no FILE) into Meilisearch
                  --format FORMAT  as for import
                  --seed N         seed of the sample catalog
                Environment: MEILISEARCH_URL (required), MEILISEARCH_API_KEY,
                  MEILISEARCH_INDEX (default: products), MEILISEARCH_TIMEOUT_MS
  help          Show this help

Exit status: 0 done; 1 nothing valid was read, or the command failed; 2 usage error.
Bad rows are listed as "line N: reason" (JSON files: "item N: reason").`;

/** A command line the CLI cannot run: printed with the usage, exit status 2. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

/** An integer option (`--count 1000`). */
export function integerOption(
  name: string,
  value: string | undefined,
  min: number,
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
    throw new CliUsageError(`--${name} must be an integer of at least ${min}, got "${value}"`);
  }
  return Number(value);
}

/** A `--format` option. */
export function formatOption(value: string | undefined): 'csv' | 'json' | 'ndjson' | undefined {
  if (value === undefined || value === 'csv' || value === 'json' || value === 'ndjson')
    return value;
  throw new CliUsageError(`--format must be csv, json or ndjson, got "${value}"`);
}
