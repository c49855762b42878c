import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rounds } from './compare.js';
import type { CorePlan } from './cores.js';
import type { LoadGenerator } from './load.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Where things are: `bench/dist` (this bundle) and the repository root. */
export const paths = {
  dist: here,
  root: join(here, '..', '..'),
  standalone: join(here, '..', '..', 'apps/standalone/dist/server.js'),
  catalogCli: join(here, '..', '..', 'packages/catalog-io/dist/cli.js'),
  wrkScript: join(here, '..', 'lua', 'requests.lua'),
  results: join(here, '..', 'results'),
  // Generated catalogs are kept between runs (they take minutes) and never committed.
  cache: join(here, '..', '..', 'node_modules', '.cache', 'bench'),
};

/** The log levels each service scenario is measured at: as `pnpm start` runs it, and quieter. */
export const LOG_LEVELS = ['info', 'warn'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Everything a section of the bench needs. */
export interface BenchContext {
  readonly rounds: Rounds;
  readonly quick: boolean;
  /** `--scale`: the 1,000,000-product cases too. */
  readonly scale: boolean;
  /** `--scale-count`: the scale section's default size instead of 200,000 (a smoke test's). */
  readonly scaleCount: number | undefined;
  readonly cores: CorePlan;
  readonly generator: LoadGenerator;
  /** Only the HTTP scenarios whose name contains this text. */
  readonly only: string | undefined;
  /** Another build's `catalog` CLI, run on the import section's CSV files beside this tree's. */
  readonly compareCli: string | undefined;
  /** The Node binary of every measured service and twin (`--node`, else this runner's). */
  readonly node: string;
  /** Node flags for every measured service (`--cpu-prof` with --profile). */
  readonly nodeArgs: readonly string[];
  /** What goes to bench/results/latest.json, section by section. */
  readonly report: Record<string, unknown>;
}

// The measured servers' clicks and keys, apart from the ones `pnpm start` keeps in data/.
let dataDir: string | undefined;
function benchDataDir(): string {
  if (dataDir === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-bench-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    dataDir = dir;
  }
  return dataDir;
}

/**
 * The environment of a measured service: rate limits off (one generator is one client), its
 * files (clicks counted by the bench, the signing key) in a folder of the run's own.
 */
export function serviceEnv(level: LogLevel, extra: Record<string, string> = {}) {
  return {
    LOG_LEVEL: level,
    RATE_LIMIT_PAGES: '0',
    RATE_LIMIT_MCP: '0',
    RATE_LIMIT_TOKEN: '0',
    RATE_LIMIT_GO: '0',
    DATA_DIR: benchDataDir(),
    ...extra,
  };
}
