import { rename } from 'node:fs/promises';
import { basename } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { isCatalogIoError } from '../../src/errors.js';
import { openLiveCatalog } from '../../src/live/live-catalog.js';
import { type ReadCatalogOptions, readCatalogFile } from '../../src/read-catalog-file.js';
import { NOW, tempDir } from '../helper.js';
import {
  PASSWD_LINE,
  PRODUCT_TITLES,
  REFUSALS,
  SHEET_NAME,
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
  writeProductsWorkbook,
  writeSignInPage,
  writeTruncatedWorkbook,
  writeZipBomb,
} from './hostile-workbooks.js';

const MB = 1024 * 1024;
/** How long a refusal may take before it counts as a hang: refusing is quick, inflating is not. */
const HANG_GUARD_MS = 60_000;

/** How a read ended; when not refused as expected, what it did instead shows in the diff. */
interface Outcome {
  readonly code?: string;
  readonly message?: string;
  /** The message with the file's path cut out: what it says about the file, not its name. */
  readonly says?: string;
  /** An error other than a CatalogIoError: a crash. */
  readonly crashed?: string;
  /** The file was read: what came of it. */
  readonly read?: { readonly products: number; readonly errors: readonly unknown[] };
}

/** `text` without `path` or the file's name in it. */
const withoutName = (text: string, path: string) =>
  text.replaceAll(path, '').replaceAll(basename(path), '');

async function outcome(path: string, options: ReadCatalogOptions = {}): Promise<Outcome> {
  try {
    const result = await readCatalogFile(path, { now: NOW, ...options });
    return { read: { products: result.products.length, errors: result.errors.slice(0, 3) } };
  } catch (error) {
    if (!isCatalogIoError(error)) return { crashed: String(error) };
    return { code: error.code, message: error.message, says: withoutName(error.message, path) };
  }
}

describe('readCatalogFile refuses a file that is no XLSX workbook, though named .xlsx', () => {
  it.each([
    ['a password-protected workbook', writePasswordProtected, REFUSALS.passwordProtected],
    ['an Excel 97-2003 workbook', writeExcel97, REFUSALS.excel97],
    ['an OpenDocument spreadsheet', writeOpenDocument, REFUSALS.openDocument],
    ['a sign-in page', writeSignInPage, REFUSALS.htmlPage],
  ])('%s named .xlsx: FORMAT_MISMATCH', async (_, build, message) => {
    const refused = await outcome(build(await tempDir()));
    expect(refused).toMatchObject({
      code: 'FORMAT_MISMATCH',
      says: expect.stringMatching(message),
    });
  });

  it.each([
    ['CSV text', writeCsvText],
    ['an empty file', writeEmptyFile],
    ['the first half of a workbook', writeTruncatedWorkbook],
  ])('%s named .xlsx: FORMAT_MISMATCH or FILE_READ, naming the file', async (_, build) => {
    const path = build(await tempDir());
    const refused = await outcome(path);
    expect(refused).toMatchObject({
      code: expect.stringMatching(/^(FORMAT_MISMATCH|FILE_READ)$/),
      says: expect.stringMatching(REFUSALS.notAWorkbook),
    });
    expect(refused.message).toContain(basename(path));
  });
});

describe('readCatalogFile refuses a workbook that declares XML entities', () => {
  it.each([
    ['billion laughs in the sheet', writeBillionLaughs],
    ['an external entity in the sheet', (d: string) => writeExternalEntity(d, { part: 'sheet' })],
    [
      'an external entity in the shared strings',
      (d: string) => writeExternalEntity(d, { part: 'sharedStrings' }),
    ],
  ])(
    '%s: WORKBOOK_UNSAFE, nothing expanded',
    async (_, build) => {
      const refused = await outcome(build(await tempDir()));
      expect(refused).toMatchObject({
        code: 'WORKBOOK_UNSAFE',
        says: expect.stringMatching(REFUSALS.declaresEntities),
      });
      expect(JSON.stringify(refused)).not.toMatch(PASSWD_LINE);
    },
    HANG_GUARD_MS,
  );
});

describe('readCatalogFile refuses a cell longer than Excel allows', () => {
  it.each(['inline', 'shared'] as const)(
    'a 5 MB title cell (%s string): WORKBOOK_UNSAFE, naming the sheet',
    async (storage) => {
      const path = writeLongCell(await tempDir(), { storage });
      const refused = await outcome(path);
      expect(refused).toMatchObject({
        code: 'WORKBOOK_UNSAFE',
        says: expect.stringMatching(REFUSALS.cellTooLong),
      });
      expect(refused.says).toContain(SHEET_NAME);
    },
    HANG_GUARD_MS,
  );
});

describe('readCatalogFile reads what is only big-looking', () => {
  it(
    'a million empty formatted rows after the products: the three products, no errors',
    async () => {
      const read = await readCatalogFile(writeFormattedEmptyRows(await tempDir()), { now: NOW });
      expect(read.errors).toEqual([]);
      expect(read.products.map((product) => product.title)).toEqual(PRODUCT_TITLES);
    },
    HANG_GUARD_MS,
  );
});

describe('a live catalog offered a hostile workbook', () => {
  it(
    'keeps the version it serves and says why the new file was refused',
    async () => {
      const dir = await tempDir();
      const file = writeProductsWorkbook(dir, 'catalog.xlsx');
      const catalog = await openLiveCatalog({ engine: 'embedded', file }, undefined, {
        watch: false,
      });
      onTestFinished(() => catalog.close());
      const good = catalog.current;
      expect((await good.index.search({})).total).toBe(PRODUCT_TITLES.length);

      const replaceWith = (path: string) => rename(path, file);
      for (const [path, reason] of [
        [writeZipBomb(dir), REFUSALS.unpacksTooMuch],
        [writeSignInPage(dir), REFUSALS.htmlPage],
      ] as const) {
        await replaceWith(path);
        await catalog.reload();
        const { lastReload } = catalog;
        expect(lastReload.status).toBe('failed');
        expect(withoutName(lastReload.error ?? '', file)).toMatch(reason);
        expect(catalog.current).toBe(good);
        expect(catalog.current.version).toBe(good.version);
      }

      // The good workbook again: the same version, and the reload no longer fails.
      await replaceWith(writeProductsWorkbook(dir, 'again.xlsx'));
      expect(await catalog.reload()).toMatchObject({ status: 'ok' });
      expect(catalog.current.version).toBe(good.version);
    },
    HANG_GUARD_MS,
  );
});

// Last: a reader that inflates a bomb goes on after its test timed out, and may take the test
// process down with it; by then the tests above have reported.
describe('readCatalogFile refuses a zip bomb, at a limit the caller can move', () => {
  it(
    'ten pictures of 100 MB (1 GB in all): refused at the limit, read once it is raised',
    async () => {
      const path = writeManyPartsBomb(await tempDir(), { as: 'pictures' });
      expect(await outcome(path)).toMatchObject({
        code: 'WORKBOOK_UNSAFE',
        says: expect.stringMatching(REFUSALS.unpacksTooMuch),
      });
      // The limit moves, and the message says where it is (in MB of 2^20 bytes, as the CLI's
      // --max-unpacked-mb counts them).
      expect(await outcome(path, { maxUnpackedBytes: 600 * MB })).toMatchObject({
        code: 'WORKBOOK_UNSAFE',
        says: expect.stringMatching(/unpacks to more than 600 MB/),
      });
      const read = await readCatalogFile(path, { now: NOW, maxUnpackedBytes: 2_000 * MB });
      expect(read.products.map((product) => product.title)).toEqual(PRODUCT_TITLES);
    },
    HANG_GUARD_MS,
  );

  it(
    'ten sheets of 100 MB of empty rows (1 GB in all): WORKBOOK_UNSAFE',
    async () => {
      const path = writeManyPartsBomb(await tempDir(), { as: 'sheets' });
      expect(await outcome(path)).toMatchObject({
        code: 'WORKBOOK_UNSAFE',
        says: expect.stringMatching(REFUSALS.unpacksTooMuch),
      });
    },
    HANG_GUARD_MS,
  );

  it.each(['sheet', 'sharedStrings'] as const)(
    'a zip bomb whose %s claims 1 MB and unpacks to 1.5 GB: WORKBOOK_UNSAFE',
    async (part) => {
      const path = writeZipBomb(await tempDir(), { part, claimedBytes: 1_000_000 });
      expect(await outcome(path)).toMatchObject({
        code: 'WORKBOOK_UNSAFE',
        says: expect.stringMatching(REFUSALS.unpacksPastClaim),
      });
    },
    HANG_GUARD_MS,
  );

  it.each(['sheet', 'sharedStrings'] as const)(
    'a zip bomb, its %s unpacking to 1.5 GB: WORKBOOK_UNSAFE, saying how to raise the limit',
    async (part) => {
      const path = writeZipBomb(await tempDir(), { part });
      const refused = await outcome(path);
      expect(refused).toMatchObject({
        code: 'WORKBOOK_UNSAFE',
        says: expect.stringMatching(REFUSALS.unpacksTooMuch),
      });
      expect(refused.says).toMatch(REFUSALS.raiseTheLimit);
    },
    HANG_GUARD_MS,
  );
});
