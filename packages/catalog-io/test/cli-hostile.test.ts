import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, ensureCli, tempDir } from './helper.js';
import {
  PASSWD_LINE,
  PRODUCT_TITLES,
  REFUSALS,
  writeBillionLaughs,
  writeCsvText,
  writeEmptyFile,
  writeExcel97,
  writeExternalEntity,
  writeFormattedEmptyRows,
  writeLongCell,
  writeManyPartsBomb,
  writeOpenDocument,
  writePasswordProtected,
  writeSignInPage,
  writeTruncatedWorkbook,
  writeZipBomb,
} from './read/hostile-workbooks.js';

beforeAll(ensureCli, 60_000);

const reportMaxRss = new URL('fixtures/report-max-rss.mjs', import.meta.url).href;

/** Peak RSS allowed to any import here: memory must not follow what a file claims or unpacks to. */
const MAX_RSS_BYTES = 300 * 1024 * 1024;
/** An import still running after this is killed (a hang), and its test fails. */
const HANG_GUARD_MS = 60_000;

interface ImportRun {
  readonly code: number | null;
  /** Set when the hang guard killed it. */
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly maxRssBytes: number;
  /** The --out it was given, in a directory of its own. */
  readonly out: string;
}

/** Runs `catalog import FILE --out <fresh dir>/out.ndjson …args` as a real process. */
async function importFile(input: string, args: readonly string[] = []): Promise<ImportRun> {
  const out = join(await tempDir(), 'out.ndjson');
  const child = spawn(
    process.execPath,
    ['--import', reportMaxRss, CLI, 'import', input, '--out', out, ...args],
    {
      env: {},
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: AbortSignal.timeout(HANG_GUARD_MS - 5_000),
      killSignal: 'SIGKILL',
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  // The hang guard's abort comes as an 'error' too; the exit that follows says it all.
  child.on('error', () => undefined);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('close', (...ended) => resolve(ended)),
  );
  const maxRssBytes = Number(/^max-rss-bytes (\d+)$/m.exec(stderr)?.[1]);
  return { code, signal, stdout, stderr, maxRssBytes, out };
}

/**
 * The lines of both outputs that say all of `patterns` about `input`: matched with its path and
 * name cut out, so that a file's name cannot say it for the reader.
 */
function linesSaying(run: ImportRun, input: string, patterns: readonly RegExp[]): string[] {
  return `${run.stdout}\n${run.stderr}`.split('\n').filter((line) => {
    const says = line.replaceAll(input, '').replaceAll(basename(input), '');
    return patterns.every((pattern) => pattern.test(says));
  });
}

interface Refusal {
  readonly name: string;
  readonly build: (dir: string) => string;
  /** What the line that says why must say. */
  readonly says: readonly RegExp[];
  readonly args?: readonly string[];
  /** The line must name the file. */
  readonly namesFile?: boolean;
}

const REFUSED: readonly Refusal[] = [
  {
    name: 'a 5 MB title (inline string)',
    build: (dir) => writeLongCell(dir, { storage: 'inline' }),
    says: [REFUSALS.cellTooLong],
  },
  // 600 M characters: more than a JavaScript string can hold, so only a reader that never holds
  // the cell whole can say why it refuses it.
  ...(['inline', 'shared'] as const).map(
    (storage): Refusal => ({
      name: `a 600 MB title (${storage} string), the unpack limit raised past it`,
      build: (dir) => writeLongCell(dir, { storage, chars: 600_000_000 }),
      args: ['--max-unpacked-mb', '2000'],
      says: [REFUSALS.cellTooLong],
    }),
  ),
  ...(['sheet', 'sharedStrings'] as const).flatMap((part): Refusal[] => [
    {
      name: `a zip bomb: the ${part} unpacks to 1.5 GB`,
      build: (dir) => writeZipBomb(dir, { part }),
      says: [REFUSALS.unpacksTooMuch, REFUSALS.raiseTheLimit],
    },
    {
      name: `a zip bomb: the ${part} claims 1 MB and unpacks to 1.5 GB`,
      build: (dir) => writeZipBomb(dir, { part, claimedBytes: 1_000_000 }),
      says: [REFUSALS.unpacksPastClaim],
    },
  ]),
  {
    name: 'ten 100 MB pictures',
    build: (dir) => writeManyPartsBomb(dir, { as: 'pictures' }),
    says: [REFUSALS.unpacksTooMuch, REFUSALS.raiseTheLimit],
  },
  {
    name: 'ten 100 MB pictures, --max-unpacked-mb 600',
    build: (dir) => writeManyPartsBomb(dir, { as: 'pictures' }),
    args: ['--max-unpacked-mb', '600'],
    says: [/unpacks to more than 600 MB/],
  },
  {
    name: 'ten 100 MB sheets of empty rows',
    build: (dir) => writeManyPartsBomb(dir, { as: 'sheets' }),
    says: [REFUSALS.unpacksTooMuch],
  },
  { name: 'billion laughs', build: writeBillionLaughs, says: [REFUSALS.declaresEntities] },
  ...(['sheet', 'sharedStrings'] as const).map(
    (part): Refusal => ({
      name: `an external entity in the ${part}`,
      build: (dir) => writeExternalEntity(dir, { part }),
      says: [REFUSALS.declaresEntities],
    }),
  ),
  {
    name: 'a password-protected workbook',
    build: writePasswordProtected,
    says: [REFUSALS.passwordProtected],
  },
  { name: 'an Excel 97-2003 workbook', build: writeExcel97, says: [REFUSALS.excel97] },
  { name: 'an OpenDocument spreadsheet', build: writeOpenDocument, says: [REFUSALS.openDocument] },
  { name: 'a sign-in page', build: writeSignInPage, says: [REFUSALS.htmlPage] },
  ...(
    [
      ['CSV text', writeCsvText],
      ['an empty file', writeEmptyFile],
      ['the first half of a workbook', writeTruncatedWorkbook],
    ] as const
  ).map(
    ([name, build]): Refusal => ({ name, build, says: [REFUSALS.notAWorkbook], namesFile: true }),
  ),
];

describe('catalog import of a hostile workbook (named .xlsx)', () => {
  it.each(REFUSED)(
    '$name: exits 1 with one line saying why, writes nothing, stays under 300 MB',
    async ({ build, says, args, namesFile }) => {
      const input = build(await tempDir());
      const run = await importFile(input, args);
      const output = `${run.stdout}\n${run.stderr}`;
      expect(run.signal, `killed after ${HANG_GUARD_MS} ms:\n${output}`).toBeNull();
      expect(run.code, output).toBe(1);

      const lines = linesSaying(run, input, says);
      expect(lines, output).toHaveLength(1);
      // One clear line: not the cell, the page or a stack dumped into it.
      expect(lines[0]?.length).toBeLessThan(500);
      if (namesFile) expect(lines[0]).toContain(basename(input));
      expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
      expect(output).not.toMatch(PASSWD_LINE);

      expect(existsSync(run.out)).toBe(false);
      expect(await readdir(dirname(run.out))).toEqual([]);
      expect(run.maxRssBytes).toBeGreaterThan(0);
      expect(run.maxRssBytes).toBeLessThan(MAX_RSS_BYTES);
    },
    HANG_GUARD_MS,
  );
});

describe('catalog import of a workbook that only looks big', () => {
  it.each([
    {
      name: 'a million empty formatted rows after the products',
      build: (dir: string) => writeFormattedEmptyRows(dir),
      args: [],
    },
    {
      name: 'ten 100 MB pictures, --max-unpacked-mb 2000',
      build: (dir: string) => writeManyPartsBomb(dir, { as: 'pictures' }),
      args: ['--max-unpacked-mb', '2000'],
    },
  ])(
    '$name: loads the three products, stays under 300 MB',
    async ({ build, args }) => {
      const run = await importFile(build(await tempDir()), args);
      const output = `${run.stdout}\n${run.stderr}`;
      expect(run.signal, `killed after ${HANG_GUARD_MS} ms:\n${output}`).toBeNull();
      expect(run.code, output).toBe(0);
      expect(run.stdout).toContain('3 loaded (0 with warnings), 0 rejected');
      const written = (await readFile(run.out, 'utf8')).trim().split('\n');
      expect(written.map((line) => JSON.parse(line).title)).toEqual(PRODUCT_TITLES);
      expect(run.maxRssBytes).toBeGreaterThan(0);
      expect(run.maxRssBytes).toBeLessThan(MAX_RSS_BYTES);
    },
    HANG_GUARD_MS,
  );
});
