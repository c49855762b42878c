import { extname } from 'node:path';
import { type Agent, createColumnMapper, isCatalogError, parseColumnMap } from '@repo/catalog-core';
import { PACKED_INDEX_VERSION } from '@repo/search/embedded';
import { loadImportConfig } from '../config.js';
import { loadAgents } from '../load-agents.js';
import { loadLexicon } from '../load-lexicon.js';
import { loadRates } from '../load-rates.js';
import { prepare } from '../prepared/prepare.js';
import { rulesHash } from '../prepared/prepared-source.js';
import type { ReadCatalogSummary, RowRules } from '../read/row-sink.js';
import { streamCatalogFile } from '../read-catalog-file.js';
import { type CatalogFileWriter, openCatalogFileWriter } from '../write-catalog-file.js';
import { download, formatDownload, isLink } from './download.js';
import {
  formatColumns,
  formatLearned,
  formatProduct,
  formatSection,
  formatSheets,
  formatSummary,
} from './import-report.js';
import { createProgressReporter, createRowCounter } from './progress.js';
import { CliUsageError, formatOption, integerOption } from './usage.js';

/** Options of `catalog import` as parsed from argv. */
export interface ImportArgs {
  readonly positionals: readonly string[];
  readonly values: {
    readonly out?: string | undefined;
    readonly format?: string | undefined;
    readonly map?: string | undefined;
    readonly sheet?: string | undefined;
    readonly 'max-unpacked-mb'?: string | undefined;
    readonly strict?: boolean | undefined;
    readonly 'dry-run'?: boolean | undefined;
  };
}

/** Rows `--dry-run` shows as parsed products. */
const DRY_RUN_ROWS = 10;

/**
 * `catalog import FILE`: prints how the columns were understood, reads and validates every row,
 * prints each warning and each bad row and a summary, and writes the good rows atomically. Rows
 * stream from the input to a temporary file beside the output, which replaces it only once the
 * whole input was read, so memory stays flat and a crash leaves the previous catalog serving.
 * `--dry-run` shows the first parsed rows and writes nothing. Returns the exit status: 0 with at
 * least one valid product, 1 when nothing valid was read (the output is then left untouched).
 */
export async function importCommand({ positionals, values }: ImportArgs): Promise<number> {
  const [source, ...extra] = positionals;
  if (source === undefined) throw new CliUsageError('import needs a FILE (or a URL) to read');
  if (extra.length > 0)
    throw new CliUsageError(`import reads one file, got also: ${extra.join(' ')}`);
  if (!isLink(source)) return importFile(source, source, values);
  // A link is read as CATALOG_URL is: a sheet's share link as its whole workbook, any format.
  const config = loadImportConfig();
  const got = await download(source, config.urlMaxBytes);
  if (got === 'not-modified') throw new CliUsageError('the server answered 304 to a first fetch');
  console.error(formatDownload(source, got));
  try {
    return await importFile(got.path, 'the download', { ...values, format: got.format });
  } finally {
    await got.remove();
  }
}

/** The import of a file on disk; `name` is how the output names it. */
async function importFile(file: string, name: string, values: ImportArgs['values']) {
  const format = formatOption(values.format);
  const out = values.out ?? 'data/catalog.ndjson';
  const dryRun = values['dry-run'] === true;
  const maxUnpackedMb = integerOption('max-unpacked-mb', values['max-unpacked-mb'], 1);
  const rules = await importRules(values.map);

  const writer: CatalogFileWriter | undefined = dryRun ? undefined : openCatalogFileWriter(out);
  // A file without brand and category columns is read twice: once to learn from, then its rows.
  const learning = createProgressReporter(`learning from ${name}`, 'bytes');
  const progress = createProgressReporter(`reading ${name}`, 'bytes');
  const rowCount = createRowCounter(`rows of ${name}`);
  let shown = 0;
  let columnsShown = false;
  let learned: string[] = [];
  let summary: ReadCatalogSummary;
  try {
    summary = await streamCatalogFile(file, {
      ...(format ? { format } : {}),
      ...(values.sheet !== undefined ? { sheet: values.sheet } : {}),
      ...(maxUnpackedMb !== undefined ? { maxUnpackedBytes: maxUnpackedMb * 1024 * 1024 } : {}),
      strict: values.strict === true,
      rules,
      onProgress: (read, total, pass) =>
        (pass === 'learning' ? learning : progress).update(read, total),
      // Shown after the columns, before the rows they are used for.
      onLearned: (brands) => {
        learning.stop();
        learned = formatLearned(brands);
      },
      onSection: (section) => console.log(formatSection(section)),
      // An XLSX file is unpacked (100% of its bytes) before its rows are read: count those.
      ...((format ?? extname(file).toLowerCase().slice(1)) === 'xlsx'
        ? { onRows: (rows: number) => rowCount.update(rows, 0) }
        : {}),
      onColumns: (report, line, sheet) => {
        const first = !columnsShown;
        columnsShown = true;
        // Each tab of a workbook is a table of its own, with its header where it is.
        const source =
          sheet !== undefined
            ? `${name}, tab ${JSON.stringify(sheet)} (header on row ${line})`
            : name;
        const tab = sheet !== undefined;
        for (const text of formatColumns(
          report,
          first || tab ? source : `line ${line}`,
          first || tab,
        )) {
          console.log(text);
        }
        for (const text of first ? learned : []) console.log(text);
        if (first && dryRun) console.log(`first ${DRY_RUN_ROWS} rows as products:`);
      },
      onProduct: (product, row) => {
        if (dryRun && shown < DRY_RUN_ROWS) console.log(formatProduct(product, row));
        shown++;
        writer?.write(product);
      },
      onRowWarning: (warning) => {
        for (const text of warning.warnings) console.log(`${warning.where}: warning: ${text}`);
      },
      onRowError: (error) => console.log(`${error.where}: ${error.reason}`),
    });
  } catch (error) {
    writer?.abort();
    throw error;
  } finally {
    learning.stop();
    progress.stop();
    rowCount.stop();
  }

  for (const text of formatSheets(summary.sheets ?? [])) console.log(text);
  console.log(formatSummary(summary));
  if (dryRun) {
    console.log(`dry run: ${out} was not written`);
    return summary.products === 0 ? 1 : 0;
  }
  if (summary.products === 0 || !writer) {
    writer?.abort();
    console.error(`nothing valid in ${name}; ${out} was not written`);
    return 1;
  }
  writer.commit();
  console.log(`wrote ${summary.products.toLocaleString('en-US')} products to ${out}`);
  await prepareBeside(out);
  return 0;
}

/**
 * Writes the prepared form of the output beside it (`OUT.prepared`), read with the agents,
 * lexicon and rates the apps read (AGENTS_FILE, LEXICON_FILE, RATES_FILE): an app serving OUT
 * opens it in a second instead of indexing every product at start and on each reload.
 */
async function prepareBeside(out: string): Promise<void> {
  const started = performance.now();
  const config = loadImportConfig();
  const agents = await loadAgents(config.agentsFile);
  const lexicon = await loadLexicon(config.lexiconFile);
  const rates = await loadRates(config.ratesFile);
  const target = `${out}.prepared`;
  await prepare({
    file: out,
    inputs: { file: out, ...config },
    rules: rulesHash({ agents, lexicon, rates }),
    candidates: [],
    target,
    layoutVersion: PACKED_INDEX_VERSION,
    agents,
    lexicon,
    rates,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`prepared ${target} for the apps in ${seconds} s`);
}

/**
 * How rows are read: `--map` over the recognised columns, the agents of `AGENTS_FILE` (the ones
 * the pages build links with) for reading agent links back, and the rates of `RATES_FILE` (the
 * ones the pages display) for prices in other currencies.
 */
async function importRules(map: string | undefined): Promise<RowRules> {
  let columns: RowRules['columns'];
  try {
    columns = createColumnMapper(map === undefined ? undefined : parseColumnMap(map));
  } catch (error) {
    if (isCatalogError(error)) throw new CliUsageError(`--map: ${error.message}`);
    throw error;
  }
  const config = loadImportConfig();
  const agents: readonly Agent[] = await loadAgents(config.agentsFile);
  const rates = await loadRates(config.ratesFile);
  return { columns, agents, rates };
}
