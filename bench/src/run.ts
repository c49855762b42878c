// `pnpm bench`: the server's own CPU time per request beside a bare Fastify twin measured in the
// same run, with the server and the load generator each pinned to a core of its own, on loopback.
// Usage: pnpm bench [--duration S] [--connections N] [--rounds R] [--quick] [--only TEXT]
//   [--scale] [--sections LIST] [--compare-cli PATH] [--profile] [--no-pin]
//   [--generator wrk|autocannon] [--decode-bodies] [--node PATH]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type BenchContext, paths } from './context.js';
import { planCores } from './cores.js';
import type { LoadGenerator } from './load.js';
import { createAutocannon } from './load-autocannon.js';
import { createWrk, wrkAvailable } from './load-wrk.js';
import { coldStartSection } from './sections/cold-start.js';
import { engineSection } from './sections/engine.js';
import { gatewaySection } from './sections/gateway.js';
import { httpSection } from './sections/http.js';
import { importSection } from './sections/import.js';
import { reloadSection } from './sections/reload.js';
import { scaleSection } from './sections/scale.js';
import { sheetSection } from './sections/sheet.js';

const SECTIONS = {
  engine: engineSection,
  'cold-start': coldStartSection,
  http: httpSection,
  gateway: gatewaySection,
  reload: reloadSection,
  sheet: sheetSection,
  scale: scaleSection,
  import: importSection,
} as const;
type Section = keyof typeof SECTIONS;

const USAGE =
  'usage: pnpm bench [--quick] [--only TEXT] [--sections engine,cold-start,http,gateway,reload,sheet,scale,import] [--scale] [--compare-cli PATH] [--duration S] [--connections N] [--rounds R] [--profile] [--no-pin] [--generator wrk|autocannon] [--decode-bodies] [--node PATH]\nEvery option is described in bench/README.md.';

function usageError(message: string): never {
  console.error(`pnpm bench: ${message}\n${USAGE}`);
  process.exit(2);
}

function readOptions() {
  try {
    return parseArgs({ options: OPTIONS }).values;
  } catch (error) {
    // parseArgs names the unknown or malformed option; a stack trace would only hide it.
    return usageError((error as Error).message);
  }
}

const OPTIONS = {
  duration: { type: 'string', default: '1' },
  connections: { type: 'string', default: '50' },
  quick: { type: 'boolean', default: false },
  // Only the HTTP scenarios whose name contains this text (and only the HTTP section).
  only: { type: 'string' },
  // The scale section at 1,000,000 products too, and the import section: the better part of an
  // hour more, so not by default.
  scale: { type: 'boolean', default: false },
  // The scale section's default size, 200,000 unless given: a smaller one tries the section out.
  'scale-count': { type: 'string' },
  // The sections to run, comma-separated, in this order:
  // engine,cold-start,http,gateway,reload,sheet,scale,import.
  sections: { type: 'string' },
  // Another build's `catalog` CLI (a worktree of an earlier commit), whose CSV imports the import
  // section runs in turn with this tree's, so that both are measured in the same minutes.
  'compare-cli': { type: 'string' },
  // Writes a V8 CPU profile of each measured service to bench/results/ when it stops.
  profile: { type: 'boolean', default: false },
  // Twin and scenarios alternate this many times; each side's rounds are added up.
  rounds: { type: 'string', default: '15' },
  // Leave the server and the generator unpinned (to see what pinning changes).
  'no-pin': { type: 'boolean', default: false },
  // wrk (default) or autocannon, which runs in this process.
  generator: { type: 'string', default: 'wrk' },
  // autocannon only: decode every response body into a string, as it does out of the box.
  'decode-bodies': { type: 'boolean', default: false },
  // Another Node binary for the measured servers and their twins (the production image runs 24).
  node: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const values = readOptions();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
for (const name of ['duration', 'connections', 'rounds'] as const) {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 1)
    usageError(`--${name} is a whole number above 0, not ${values[name]}`);
}
if (values['scale-count'] !== undefined) {
  const n = Number(values['scale-count']);
  if (!Number.isInteger(n) || n < 1)
    usageError(`--scale-count is a whole number above 0, not ${values['scale-count']}`);
}
if (values['compare-cli'] !== undefined && !existsSync(values['compare-cli'])) {
  usageError(`--compare-cli names no file: ${values['compare-cli']}`);
}
const node = values.node ?? process.execPath;
const nodeVersion = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();
if (!nodeVersion?.startsWith('v')) usageError(`--node names no Node binary that runs: ${node}`);

function sectionsToRun(): Section[] {
  if (values.sections !== undefined) {
    const asked = values.sections.split(',').map((s) => s.trim());
    const unknown = asked.filter((s) => !(s in SECTIONS));
    if (unknown.length > 0) {
      throw new Error(
        `unknown section ${unknown.join(', ')}; one of ${Object.keys(SECTIONS).join(', ')}`,
      );
    }
    return (Object.keys(SECTIONS) as Section[]).filter((s) => asked.includes(s));
  }
  const base: Section[] = values.only
    ? ['http']
    : ['engine', 'cold-start', 'http', 'gateway', 'reload', 'sheet', 'scale'];
  // The import section's own 1,000,000-row runs take minutes: only with the other scale cases.
  return values.scale && !values.only ? [...base, 'import'] : base;
}

function chooseGenerator(loadCore: number | undefined): LoadGenerator {
  if (values.generator !== 'wrk' && values.generator !== 'autocannon') {
    throw new Error(`--generator is wrk or autocannon, not ${values.generator}`);
  }
  if (values.generator === 'wrk') {
    if (wrkAvailable()) return createWrk({ script: paths.wrkScript, core: loadCore });
    console.log(
      'wrk is not installed (Debian/Ubuntu: apt-get install wrk; macOS: brew install wrk): falling back to autocannon, which runs in this process (single-threaded JavaScript) and saturates its core long before the server does. Expect ⚠ on most rows; CPU per request still holds.\n',
    );
  }
  return createAutocannon({ decodeBodies: values['decode-bodies'] });
}

let sections: Section[];
let generator: LoadGenerator;
const quick = values.quick;
const cores = planCores(!values['no-pin']);
try {
  sections = sectionsToRun();
  generator = chooseGenerator(cores.load);
} catch (error) {
  usageError((error as Error).message);
}
const rounds = {
  rounds: quick ? 4 : Math.max(1, Number(values.rounds)),
  durationS: quick ? 1 : Number(values.duration),
  connections: Number(values.connections),
  warmupS: quick ? 1 : 2,
};
const ctx: BenchContext = {
  rounds,
  quick,
  scale: values.scale,
  scaleCount: values['scale-count'] === undefined ? undefined : Number(values['scale-count']),
  cores,
  generator,
  only: values.only,
  compareCli: values['compare-cli'],
  node,
  nodeArgs: values.profile ? ['--cpu-prof', `--cpu-prof-dir=${paths.results}`] : [],
  report: {
    date: new Date().toISOString(),
    ...rounds,
    generator: generator.name,
    cores: cores.note,
    node: nodeVersion,
    sections,
  },
};

console.log(
  `# pnpm bench (${generator.name}, ${rounds.durationS} s per run, ${rounds.rounds} rounds, ${rounds.connections} connections, loopback)\n`,
);
console.log(`${cores.note}; servers and twins on Node ${nodeVersion}\n`);

try {
  for (const section of sections) await SECTIONS[section](ctx);
} finally {
  await generator.close();
}

mkdirSync(paths.results, { recursive: true });
writeFileSync(join(paths.results, 'latest.json'), `${JSON.stringify(ctx.report, null, 2)}\n`);
console.log('\nfull results: bench/results/latest.json');
