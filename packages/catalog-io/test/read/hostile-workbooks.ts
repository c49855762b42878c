import { copyFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  HEADER,
  inlineTitle,
  minimalWorkbook,
  PRODUCTS,
  productRows,
  SHARED_TITLE,
  sharedStrings,
  type WorkbookParts,
  worksheet,
  writeProductsWorkbook,
} from './minimal-workbook.js';
import { joined, repeated, writeZip, type ZipEntry } from './zip-writer.js';

export { PRODUCT_TITLES, SHEET_NAME, writeProductsWorkbook } from './minimal-workbook.js';

// Workbooks a stranger could hand the importer, each wrong in one way. Every builder writes its
// file into `dir` and returns the path; no file's name holds the words its refusal is to say.
// Big parts are written chunk by chunk, and a chunk that repeats the previous one is compressed
// once: a 1.5 GB part takes a second and a few MB.

/**
 * What the reader is to say when it refuses each kind of workbook: the contract the library
 * tests and the CLI tests both hold it to.
 */
export const REFUSALS = {
  cellTooLong: /longer than Excel's limit of 32,767 characters/,
  unpacksTooMuch: /unpacks to more than \d+ MB/,
  raiseTheLimit: /--max-unpacked-mb/,
  /** A part that inflates past the size its zip headers claim. */
  unpacksPastClaim: /unpacks to more than/,
  declaresEntities: /declares XML entities/,
  passwordProtected: /password-protected/,
  excel97: /Excel 97-2003 workbook \(\.xls\)/,
  openDocument: /OpenDocument spreadsheet \(\.ods\)/,
  htmlPage: /an HTML page, not a workbook/,
  notAWorkbook: /not a workbook|truncated|damaged/,
} as const;

/** A line of /etc/passwd, which an expanded external entity would bring in. */
export const PASSWD_LINE = /root:[^:\n]*:0:0:/;

// --- 1. A cell longer than Excel allows ---

/**
 * A workbook whose first product's title is `chars` characters long (default 5 M, where Excel
 * stops at 32,767), written as an inline string in the sheet or as a shared string; the other
 * two products are fine.
 */
export function writeLongCell(
  dir: string,
  {
    storage,
    chars = 5_000_000,
  }: { readonly storage: 'inline' | 'shared'; readonly chars?: number },
): string {
  const title = repeated('a', chars);
  const sheet = worksheet(productRows(storage === 'inline' ? inlineTitle(title) : SHARED_TITLE));
  return writeZip(
    join(dir, `long-${storage}-cell.xlsx`),
    minimalWorkbook({
      sheet,
      ...(storage === 'shared'
        ? { sharedStrings: sharedStrings(joined('<si><t>', title, '</t></si>'), 1) }
        : {}),
    }),
  );
}

// --- 2. Zip bombs ---

/** A row of one empty, formatted cell: the padding of the bombs, 21 bytes, no row number. */
const EMPTY_ROW = '<row><c s="1"/></row>';
/** A shared string that is empty: the padding of the shared-string bomb. */
const EMPTY_STRING = '<si><t></t></si>';

/**
 * A workbook of 3 to 4 MB whose one part unpacks to `unpackedBytes` (default 1.5 GB): the
 * first sheet (the header, three products, then rows of one empty formatted cell) or the shared
 * strings (that many empty strings, none used). Each row and string is harmless; only their
 * number is not. The zip tells that part's true size unless `claimedBytes` is given: the size
 * its headers then claim instead, as a bomb made to slip past a check of the sizes does.
 */
export function writeZipBomb(
  dir: string,
  {
    part = 'sheet',
    unpackedBytes = 1_500_000_000,
    claimedBytes,
  }: {
    readonly part?: 'sheet' | 'sharedStrings';
    readonly unpackedBytes?: number;
    readonly claimedBytes?: number;
  } = {},
): string {
  const name = `zip-bomb-${part === 'sheet' ? 'sheet' : 'shared-strings'}`;
  const path = join(dir, `${name}${claimedBytes === undefined ? '' : '-lying'}.xlsx`);
  const parts: WorkbookParts =
    part === 'sheet'
      ? {
          sheet: worksheet(
            joined(productRows(), repeated(EMPTY_ROW, Math.ceil(unpackedBytes / EMPTY_ROW.length))),
          ),
        }
      : {
          sheet: worksheet(productRows()),
          sharedStrings: sharedStrings(
            repeated(EMPTY_STRING, Math.ceil(unpackedBytes / EMPTY_STRING.length)),
            Math.ceil(unpackedBytes / EMPTY_STRING.length),
          ),
        };
  const bomb = part === 'sheet' ? 'xl/worksheets/sheet1.xml' : 'xl/sharedStrings.xml';
  return writeZip(
    path,
    minimalWorkbook(parts).map(
      ([entry, text]): ZipEntry => (entry === bomb ? [entry, text, claimedBytes] : [entry, text]),
    ),
  );
}

/**
 * A workbook with the three products on its first sheet and `parts` more parts (default 10) that
 * each unpack to `partBytes` (default 100 MB), 1 GB together though no part is big: pictures
 * (of zero bytes; about 1 MB packed), which a reader of cells never opens, or sheets of rows of
 * one empty formatted cell (about 2.5 MB packed), which a reader of every tab reads.
 */
export function writeManyPartsBomb(
  dir: string,
  {
    as = 'pictures',
    parts = 10,
    partBytes = 100_000_000,
  }: {
    readonly as?: 'pictures' | 'sheets';
    readonly parts?: number;
    readonly partBytes?: number;
  } = {},
): string {
  const many = Array.from({ length: parts }, () =>
    as === 'pictures'
      ? repeated('\0', partBytes)
      : worksheet(repeated(EMPTY_ROW, Math.ceil(partBytes / EMPTY_ROW.length))),
  );
  return writeZip(
    join(dir, `zip-bomb-many-${as}.xlsx`),
    minimalWorkbook({
      sheet: worksheet(productRows()),
      ...(as === 'pictures' ? { pictures: many } : { moreSheets: many }),
    }),
  );
}

// --- 3. XML entity declarations ---

/**
 * "Billion laughs": entity `a` is 10 characters, each next one 10 of the one before, so `&i;`
 * in the first product's title would expand to 10^9 characters.
 */
export function writeBillionLaughs(dir: string): string {
  const names = 'abcdefghi';
  const declarations = [...names].map((name, i) =>
    i === 0
      ? `<!ENTITY ${name} "aaaaaaaaaa">`
      : `<!ENTITY ${name} "${`&${names[i - 1]};`.repeat(10)}">`,
  );
  const doctype = `<!DOCTYPE worksheet [\n${declarations.join('\n')}\n]>\n`;
  return writeZip(
    join(dir, 'billion-laughs.xlsx'),
    minimalWorkbook({ sheet: worksheet(productRows(inlineTitle('&i;')), { doctype }) }),
  );
}

/** The file the external entity points at; its content must never come out. */
export const EXTERNAL_ENTITY_TARGET = '/etc/passwd';

/**
 * An external entity (`<!ENTITY xxe SYSTEM "file:///etc/passwd">`) used as the first product's
 * title, declared in the sheet or in the shared strings (the title then refers to string 0).
 */
export function writeExternalEntity(
  dir: string,
  { part }: { readonly part: 'sheet' | 'sharedStrings' },
): string {
  const root = part === 'sheet' ? 'worksheet' : 'sst';
  const doctype = `<!DOCTYPE ${root} [\n<!ENTITY xxe SYSTEM "file://${EXTERNAL_ENTITY_TARGET}">\n]>\n`;
  const path = join(dir, `external-entity-${part === 'sheet' ? 'sheet' : 'shared-strings'}.xlsx`);
  if (part === 'sheet') {
    const sheet = worksheet(productRows(inlineTitle('&xxe;')), { doctype });
    return writeZip(path, minimalWorkbook({ sheet }));
  }
  return writeZip(
    path,
    minimalWorkbook({
      sheet: worksheet(productRows(SHARED_TITLE)),
      sharedStrings: sharedStrings('<si><t>&xxe;</t></si>', 1, doctype),
    }),
  );
}

// --- 4. A million empty formatted rows ---

/** Rows in each chunk of the formatted rows: about 1 MB. */
const ROWS_PER_CHUNK = 12_000;

/**
 * The header and three products, then `rows` (default 1,000,000) rows whose cells A to C are
 * empty but formatted, as a sheet formatted "to the bottom" has, and the dimension that says so
 * (`A1:Z1000004`): about 88 MB unpacked, 8 MB packed.
 */
export function writeFormattedEmptyRows(dir: string, { rows = 1_000_000 } = {}): string {
  const last = rows + 4;
  function* formatted(): Generator<string> {
    for (let from = 5; from <= last; from += ROWS_PER_CHUNK) {
      let chunk = '';
      for (let r = from; r < Math.min(from + ROWS_PER_CHUNK, last + 1); r++) {
        chunk += `<row r="${r}"><c r="A${r}" s="1"/><c r="B${r}" s="1"/><c r="C${r}" s="1"/></row>`;
      }
      yield chunk;
    }
  }
  return writeZip(
    join(dir, 'formatted-empty-rows.xlsx'),
    minimalWorkbook({
      sheet: worksheet(joined(productRows(), formatted()), { dimension: `A1:Z${last}` }),
    }),
  );
}

// --- 5. Not an XLSX workbook, though named .xlsx ---

const FIXTURES = fileURLToPath(new URL('../fixtures/hostile/', import.meta.url));

function copyFixture(fixture: string, dir: string, name: string): string {
  const path = join(dir, name);
  copyFileSync(join(FIXTURES, fixture), path);
  return path;
}

/**
 * A password-protected workbook (password `secret`), 8 KB: not a zip but an OLE2 compound file
 * (D0 CF 11 E0 A1 B1 1A E1) of an `EncryptionInfo` and an `EncryptedPackage` stream. Saved by
 * LibreOffice Calc with standard (AES-128) encryption; Excel uses agile encryption in the same
 * two streams, so the streams, not the kind of encryption, are what tell it.
 */
export const writePasswordProtected = (dir: string) =>
  copyFixture('password-protected.xlsx', dir, 'locked-finds.xlsx');

/** An Excel 97-2003 workbook (an OLE2 file with a `Workbook` stream) renamed .xlsx, 5.5 KB. */
export const writeExcel97 = (dir: string) =>
  copyFixture('excel-97-2003.xls', dir, 'old-finds.xlsx');

/** An OpenDocument spreadsheet (a zip whose first entry is `mimetype`) renamed .xlsx, 10 KB. */
export const writeOpenDocument = (dir: string) =>
  copyFixture('opendocument.ods', dir, 'calc-finds.xlsx');

/** What a browser saves when a shared-sheet link asks to sign in first, named .xlsx. */
export function writeSignInPage(dir: string): string {
  const page = `<!DOCTYPE html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Sign in - Google Accounts</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><form method="post" action="https://accounts.google.com/v3/signin/identifier">
<h1>Sign in</h1><p>to continue to Sheets</p>
<input type="email" name="identifier" autocomplete="username"><button>Next</button>
</form></body></html>
`;
  return writeText(dir, 'shared-link.xlsx', page);
}

/** A CSV export named .xlsx. */
export function writeCsvText(dir: string): string {
  const lines = [HEADER, ...PRODUCTS].map((values) => values.join(','));
  return writeText(dir, 'export.xlsx', `${lines.join('\r\n')}\r\n`);
}

/** An empty file named .xlsx. */
export const writeEmptyFile = (dir: string) => writeText(dir, 'blank.xlsx', '');

/** The first half of the good workbook: an upload or a copy cut off before its central directory. */
export function writeTruncatedWorkbook(dir: string): string {
  const path = writeProductsWorkbook(dir, 'half-finds.xlsx');
  truncateSync(path, Math.floor(statSync(path).size / 2));
  return path;
}

function writeText(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
