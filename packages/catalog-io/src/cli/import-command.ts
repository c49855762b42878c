import { readCatalogFile } from '../read-catalog-file.js';
import { writeCatalogFile } from '../write-catalog-file.js';
import { createProgressReporter } from './progress.js';
import { CliUsageError, formatOption } from './usage.js';

/** Options of `catalog import` as parsed from argv. */
export interface ImportArgs {
  readonly positionals: readonly string[];
  readonly values: { readonly out?: string | undefined; readonly format?: string | undefined };
}

/**
 * `catalog import FILE`: reads and validates every row, prints each bad row and a summary, and
 * writes the good rows atomically. Returns the exit status: 0 with at least one valid product,
 * 1 when nothing valid was read (the output is then left untouched).
 */
export async function importCommand({ positionals, values }: ImportArgs): Promise<number> {
  const [file, ...extra] = positionals;
  if (file === undefined) throw new CliUsageError('import needs a FILE to read');
  if (extra.length > 0)
    throw new CliUsageError(`import reads one file, got also: ${extra.join(' ')}`);
  const format = formatOption(values.format);
  const out = values.out ?? 'data/catalog.ndjson';

  const progress = createProgressReporter(`reading ${file}`, 'bytes');
  const result = await readCatalogFile(file, {
    ...(format ? { format } : {}),
    onProgress: (read, total) => progress.update(read, total),
  }).finally(() => progress.stop());

  for (const error of result.errors) console.log(`${error.where}: ${error.reason}`);
  console.log(
    `read ${result.rows} rows, loaded ${result.products.length} products, rejected ${result.errors.length}`,
  );
  if (result.products.length === 0) {
    console.error(`nothing valid in ${file}; ${out} was not written`);
    return 1;
  }
  await writeCatalogFile(out, result.products);
  console.log(`wrote ${result.products.length} products to ${out}`);
  return 0;
}
