import { CATALOG_FORMATS, type CatalogFormat } from '../formats.js';

/** The help text of `catalog --help`. */
export const USAGE = `Usage: catalog <command> [options]

Commands:
  import FILE   Read a spreadsheet (CSV or XLSX) or a JSON or NDJSON catalog, show how its
                columns were understood, and write its good rows as NDJSON. FILE may be a
                link, read as CATALOG_URL is (a Google Sheets share link: its whole workbook)
                  --out FILE       where to write (default: data/catalog.ndjson)
                  --format FORMAT  csv, xlsx, json or ndjson (default: from the extension)
                  --sheet NAME     read this XLSX tab alone (default: every tab that
                                   holds a product table)
                  --max-unpacked-mb N
                                   what an XLSX workbook may unpack to (default: 500)
                  --map MAP        columns the recognition gets wrong, e.g.
                                   "Item Name=title,Cost=price_usd,Notes=ignore"
                  --dry-run        show the columns and the first 10 rows; write nothing
                  --strict         refuse rows that load only with a warning
                Environment: AGENTS_FILE (agent links are read with its link rules),
                  RATES_FILE (prices in other currencies are converted at its rates),
                  CATALOG_URL_MAX_MB (the largest download read from a link, default 50)
  sample        Write the deterministic sample catalog as NDJSON
                  --out FILE       where to write (default: standard output)
                  --count N        number of products (default: 17917)
                  --seed N         seed (default: the sample seed)
  index [FILE]  Push a catalog (the sample when no FILE) into Meilisearch; FILE may be a
                link, read as CATALOG_URL is
                  --format FORMAT  as for import
                  --seed N         seed of the sample catalog
                  --watch          with a link: fetch it again every CATALOG_URL_POLL_S
                                   and index each change, until stopped
                Environment: MEILISEARCH_URL (required), MEILISEARCH_API_KEY,
                  MEILISEARCH_INDEX (default: products), MEILISEARCH_TIMEOUT_MS,
                  CATALOG_URL_POLL_S (default 60), CATALOG_URL_MAX_MB (default 50)
  stats         Print the outbound clicks: the top products, categories and agents
                  --days N         the last N days (default: 30; counts are kept 400)
                  --top N          lines per list (default: 10)
                Environment: REDIS_URL (the apps' shared counts), else DATA_DIR (the
                  counts of a server without Redis, in DATA_DIR/clicks.json);
                  CATALOG_FILE, CATALOG_SEED and AGENTS_FILE name the products and agents
  help          Show this help

Prices: ¥, 元, CNY and RMB are CNY; $/USD, €/EUR, £/GBP, R$/BRL, MX$/MXN, zł/PLN (and CAD,
AUD) are converted to CNY at the rates the pages display (RATES_FILE, else the defaults); a
bare number is CNY unless the column header names a currency ("Price (USD)").

Exit status: 0 done; 1 nothing valid was read, or the command failed; 2 usage error.
Bad rows are listed as "line N: reason" (XLSX: ""Tab" row N: reason", JSON: "item N: reason");
rows that loaded with something inferred or converted as "line N: warning: …".`;

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
export function formatOption(value: string | undefined): CatalogFormat | undefined {
  if (value === undefined || (CATALOG_FORMATS as readonly string[]).includes(value)) {
    return value as CatalogFormat | undefined;
  }
  throw new CliUsageError(`--format must be ${CATALOG_FORMATS.join(', ')}, got "${value}"`);
}
