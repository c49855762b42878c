import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from './context.js';
import { onCore } from './cores.js';

/** One `catalog import` as a process: its wall and CPU time, its peak RSS, what it loaded. */
export interface ImportRun {
  readonly seconds: number;
  /** User + system CPU time of the process, every thread: what other work on its core cannot add. */
  readonly cpuSeconds: number;
  readonly peakRssMB: number;
  readonly loaded: number;
  readonly rejected: number;
}

// Preloaded into the import (`node --import`): its peak RSS and CPU time on stderr as it exits.
const REPORT_USAGE = `data:text/javascript,process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('max-rss-kb '+u.maxRSS+' cpu-us '+(u.userCPUTime+u.systemCPUTime)+'\\n')})`;

// The import's line of totals: `1,000,000 loaded (0 with warnings), 0 rejected` (a workbook's
// lines per tab are indented and named, and do not match).
const TOTALS = /^([\d,]+) loaded \([\d,]+ with warnings\), ([\d,]+) rejected/gm;

function count(text: string | undefined): number {
  return Number(text?.replaceAll(',', ''));
}

/** The totals of an import's report, from its standard output (NaN when it printed none). */
export function importTotals(stdout: string): { loaded: number; rejected: number } {
  const last = [...stdout.matchAll(TOTALS)].at(-1);
  return { loaded: count(last?.[1]), rejected: count(last?.[2]) };
}

/** Which CLI runs the import, and where it writes. */
export interface ImportOptions {
  /** The `catalog` CLI to run: this tree's by default (another build's, to compare). */
  readonly cli?: string | undefined;
  /**
   * The `--out` file, kept with whatever the import writes beside it (the operator's flow, whose
   * output a server then reads); by default a temporary folder's, removed after.
   */
  readonly out?: string | undefined;
}

/**
 * `catalog import FILE --out …` as a real process on `core` (the servers' core): the time from
 * spawn to exit, and the kernel's peak RSS of the process, which no sampling interval can miss.
 */
export async function timeImport(
  core: number | undefined,
  file: string,
  { cli = paths.catalogCli, out }: ImportOptions = {},
): Promise<ImportRun> {
  const dir = out === undefined ? await mkdtemp(join(tmpdir(), 'bench-import-')) : undefined;
  try {
    const [command, args] = onCore(core, process.execPath, [
      '--import',
      REPORT_USAGE,
      cli,
      'import',
      file,
      '--out',
      out ?? join(dir as string, 'catalog.ndjson'),
    ]);
    const started = performance.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    // Timed to the exit; the report is read once the pipes have closed, which may come after.
    const closed = once(child, 'close');
    const [code] = (await once(child, 'exit')) as [number | null];
    const seconds = (performance.now() - started) / 1000;
    await closed;
    if (code !== 0) throw new Error(`catalog import exited with ${code}:\n${stderr.slice(-2000)}`);
    const usage = /^max-rss-kb (\d+) cpu-us (\d+)$/m.exec(stderr);
    return {
      seconds,
      cpuSeconds: Number(usage?.[2]) / 1e6,
      peakRssMB: Number(usage?.[1]) / 1024,
      ...importTotals(stdout),
    };
  } finally {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  }
}
