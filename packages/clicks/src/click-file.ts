import { readFileSync, renameSync } from 'node:fs';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DayCounts, isField } from './day-counts.js';
import { isDay } from './days.js';
import { ClicksError } from './errors.js';

// The file of the process mode: `{ "version": 1, "days": { "2026-11-26": { "<slug> <agent>": 3 } } }`.
// Counts only: no address, no user agent, no fold key.
const VERSION = 1;

/** Reads the clicks file: none when it does not exist; throws `CLICKS_FILE_INVALID` when it is not one. */
export function readClickFileSync(path: string): DayCounts | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw new ClicksError('CLICKS_FILE_INVALID', `Cannot read the clicks file ${path}`, {
      cause: err,
    });
  }
  return parseClickFile(text, path);
}

/** {@link readClickFileSync}, without blocking. */
export async function readClickFile(path: string): Promise<DayCounts | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw new ClicksError('CLICKS_FILE_INVALID', `Cannot read the clicks file ${path}`, {
      cause: err,
    });
  }
  return parseClickFile(text, path);
}

/** The counts of a clicks file's text; throws `CLICKS_FILE_INVALID` naming the first problem. */
export function parseClickFile(text: string, path: string): DayCounts {
  const invalid = (problem: string, cause?: unknown) =>
    new ClicksError('CLICKS_FILE_INVALID', `The clicks file ${path} ${problem}`, { cause });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw invalid('is not JSON', err);
  }
  if (!isObject(json) || json.version !== VERSION || !isObject(json.days)) {
    throw invalid(`is not { "version": ${VERSION}, "days": { … } }`);
  }
  const counts = new DayCounts();
  for (const [day, fields] of Object.entries(json.days)) {
    if (!isDay(day)) throw invalid(`has a day that is not YYYY-MM-DD: ${JSON.stringify(day)}`);
    if (!isObject(fields)) throw invalid(`has a day that is not an object: ${day}`);
    for (const [field, clicks] of Object.entries(fields)) {
      if (!isField(field)) throw invalid(`has a key that is not "<slug> <agent>" on ${day}`);
      if (typeof clicks !== 'number' || !Number.isSafeInteger(clicks) || clicks < 1) {
        throw invalid(`has a count that is not a whole number above 0 on ${day}`);
      }
      counts.add(day, field, clicks);
    }
  }
  return counts;
}

/**
 * Writes the counts to `path` atomically: a temporary file beside it, then a rename over it, so a
 * crash mid-write leaves the previous file whole. Throws `CLICKS_FILE_WRITE`.
 */
export async function writeClickFile(path: string, counts: DayCounts): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(temporary, `${JSON.stringify({ version: VERSION, days: counts })}\n`);
    await rename(temporary, path);
  } catch (err) {
    await unlink(temporary).catch(() => {});
    throw new ClicksError('CLICKS_FILE_WRITE', `Cannot write the clicks file ${path}`, {
      cause: err,
    });
  }
}

/** The name a file that could not be read is kept under: `<path>.corrupt-<UTC time>`. */
export function asidePath(path: string, at: number): string {
  return `${path}.corrupt-${new Date(at).toISOString().replace(/[:.]/g, '-')}`;
}

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Renames an unreadable clicks file out of the way; returns the name it is kept under. */
export function keepAsideSync(path: string, at: number): string {
  const aside = asidePath(path, at);
  renameSync(path, aside);
  return aside;
}
