import { open } from 'node:fs/promises';
import { CatalogIoError } from '../../errors.js';

/** How many bytes of a file are looked at to tell what it is. */
const HEAD_BYTES = 64 * 1024;

const ZIP = Buffer.from('PK\x03\x04', 'latin1');
const EMPTY_ZIP = Buffer.from('PK\x05\x06', 'latin1');
/** An OLE2 compound file: Excel 97-2003 workbooks, and every password-protected Office file. */
const COMPOUND_FILE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const utf16 = (name: string) => Buffer.from(name, 'utf16le');

/**
 * Tells whether the file named `.xlsx` is a zip archive, as a workbook is, and otherwise says
 * what it is instead: a password-protected workbook, an old `.xls`, an HTML page (what a sheet
 * that is not shared answers with), a CSV or an empty file. The name is a claim, the bytes are
 * the fact.
 *
 * @throws {CatalogIoError} `FORMAT_MISMATCH` naming what the file is.
 */
export async function assertZipWorkbook(path: string): Promise<void> {
  const head = await readHead(path);
  if (head.subarray(0, 4).equals(ZIP) || head.subarray(0, 4).equals(EMPTY_ZIP)) return;
  throw new CatalogIoError('FORMAT_MISMATCH', `${path} is ${describe(head)}`);
}

/** What a file that is not a zip archive is, as a phrase after "is". */
function describe(head: Buffer): string {
  if (head.length === 0) return 'empty, not a workbook';
  if (head.subarray(0, 8).equals(COMPOUND_FILE)) {
    // The directory of a small compound file sits in its first sectors.
    if (head.includes(utf16('EncryptedPackage')) || head.includes(utf16('EncryptionInfo'))) {
      return 'a password-protected (encrypted) workbook: remove the password (in Excel: File → Info → Protect Workbook) and save it again as .xlsx';
    }
    if (head.includes(utf16('Workbook')) || head.includes(utf16('Book'))) {
      return 'an Excel 97-2003 workbook (.xls), not an .xlsx one: open it and save it as .xlsx (Excel Workbook)';
    }
    return 'an Office compound file, not an .xlsx workbook';
  }
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 2048);
  if (/^<(?:!doctype\s+html|html|head|body)\b/i.test(text) || /<html[\s>]/i.test(text)) {
    return 'an HTML page, not a workbook (a web page saved under a workbook name, or a sign-in page of a sheet that is not shared)';
  }
  if (text.startsWith('<'))
    return 'an XML document, not a workbook (an .xlsx file is a zip archive)';
  if (!head.subarray(0, 1024).includes(0)) {
    return 'text, not a workbook (an .xlsx file is a zip archive): if it is a CSV, name it .csv';
  }
  return 'not a workbook: an .xlsx file is a zip archive, and this one is not';
}

async function readHead(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** What a zip archive that holds no workbook is, from the names of its parts. */
export function describeArchive(names: ReadonlySet<string>, mimetype?: string): string {
  if (mimetype?.startsWith('application/vnd.oasis.opendocument.spreadsheet')) {
    return 'an OpenDocument spreadsheet (.ods), not an .xlsx workbook: save it as .xlsx (Excel 2007-365)';
  }
  if (mimetype?.startsWith('application/vnd.oasis.opendocument')) {
    return 'an OpenDocument file, not an .xlsx workbook';
  }
  if (names.has('word/document.xml')) return 'a Word document, not a workbook';
  if (names.has('ppt/presentation.xml')) return 'a PowerPoint presentation, not a workbook';
  if (names.has('Index/Document.iwa'))
    return 'a Numbers file, not an .xlsx workbook: export it as Excel';
  return 'a zip archive without a workbook in it';
}
