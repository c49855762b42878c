import { streamCatalogFile } from '../read-catalog-file.js';
import { openCatalogFileWriter } from '../write-catalog-file.js';
import { createProgressReporter } from './progress.js';
import { CliUsageError, formatOption } from './usage.js';

/** Options of `catalog import` as parsed from argv. */
export interface ImportArgs {
  readonly positionals: readonly string[];
  readonly values: { readonly out?: string | undefined; readonly format?: string | undefined };
}

/**
 * `catalog import FILE`: reads and validates every row, prints each bad row and a summary, and
 * writes the good rows atomically. Rows stream from the input to a temporary file beside the
 * output, which replaces it only once the whole input was read, so memory stays flat and a crash
 * leaves the previous catalog serving. Returns the exit status: 0 with at least one valid
 * product, 1 when nothing valid was read (the output is then left untouched).
 */
export async function importCommand({ positionals, values }: ImportArgs): Promise<number> {
  const [file, ...extra] = positionals;
  if (file === undefined) throw new CliUsageError('import needs a FILE to read');
  if (extra.length > 0)
    throw new CliUsageError(`import reads one file, got also: ${extra.join(' ')}`);
  const format = formatOption(values.format);
  const out = values.out ?? 'data/catalog.ndjson';

  const writer = openCatalogFileWriter(out);
  const progress = createProgressReporter(`reading ${file}`, 'bytes');
  let summary: Awaited<ReturnType<typeof streamCatalogFile>>;
  try {
    summary = await streamCatalogFile(file, {
      ...(format ? { format } : {}),
      onProgress: (read, total) => progress.update(read, total),
      onProduct: (product) => writer.write(product),
      onRowError: (error) => console.log(`${error.where}: ${error.reason}`),
    });
  } catch (error) {
    writer.abort();
    throw error;
  } finally {
    progress.stop();
  }

  console.log(
    `read ${summary.rows} rows, loaded ${summary.products} products, rejected ${summary.rejected}`,
  );
  if (summary.products === 0) {
    writer.abort();
    console.error(`nothing valid in ${file}; ${out} was not written`);
    return 1;
  }
  writer.commit();
  console.log(`wrote ${summary.products} products to ${out}`);
  return 0;
}
