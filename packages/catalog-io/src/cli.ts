#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { isEnvError } from '@repo/env';
import { CliUsageError, USAGE } from './cli/usage.js';
import { isCatalogIoError } from './errors.js';

const OPTIONS = {
  import: {
    out: { type: 'string' },
    format: { type: 'string' },
    map: { type: 'string' },
    sheet: { type: 'string' },
    'max-unpacked-mb': { type: 'string' },
    strict: { type: 'boolean' },
    'dry-run': { type: 'boolean' },
  },
  sample: { out: { type: 'string' }, count: { type: 'string' }, seed: { type: 'string' } },
  index: { format: { type: 'string' }, seed: { type: 'string' }, watch: { type: 'boolean' } },
  stats: { days: { type: 'string' }, top: { type: 'string' } },
} as const;

/** Runs one command line; returns the exit status (see USAGE). */
async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    (command === undefined ? console.error : console.log)(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (!(command in OPTIONS)) throw new CliUsageError(`unknown command "${command}"`);
  const name = command as keyof typeof OPTIONS;
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...rest],
      options: OPTIONS[name],
      allowPositionals: true,
      strict: true,
    }) as typeof parsed;
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  // Each command is loaded once the command line is known to be good: help and usage errors
  // answer without loading the catalog code.
  if (name === 'import') {
    const { importCommand } = await import('./cli/import-command.js');
    return importCommand(parsed as Parameters<typeof importCommand>[0]);
  }
  if (name === 'index') {
    const { indexCommand } = await import('./cli/index-command.js');
    return indexCommand(parsed as Parameters<typeof indexCommand>[0]);
  }
  // The other commands have no boolean options: their values are strings or absent.
  const strings = parsed as { values: Record<string, string | undefined>; positionals: string[] };
  if (name === 'sample') {
    if (parsed.positionals.length > 0) throw new CliUsageError('sample takes no FILE; use --out');
    const { sampleCommand } = await import('./cli/sample-command.js');
    return sampleCommand(strings);
  }
  if (name === 'stats') {
    if (parsed.positionals.length > 0) throw new CliUsageError('stats takes no FILE');
    const { statsCommand } = await import('./cli/stats-command.js');
    return statsCommand(strings);
  }
  throw new CliUsageError(`unknown command "${name}"`);
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof CliUsageError) {
    console.error(`catalog: ${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else if (isCatalogIoError(error) || isEnvError(error)) {
    console.error(`catalog: ${error.message}`);
    process.exitCode = 1;
  } else {
    console.error(`catalog: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
