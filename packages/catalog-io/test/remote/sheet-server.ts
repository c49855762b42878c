import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../helper.js';
import { writeXlsx, type XlsxTestCell } from '../xlsx.js';
import { type LocalServer, startLocalServer, streamBody } from './local-server.js';

/** The id of the test sheet: it is in the link, and must never be shown. */
export const SHEET_ID = '1TestSheetIdThatMustNeverBeShown_0123456789';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** What Google answers a link to a sheet that is not shared with: a sign-in page. */
export const SIGN_IN_PAGE =
  '<!doctype html><html lang="en"><head><title>Sign in - Google Accounts</title></head>' +
  '<body><form action="/signin"><input type="email" name="identifier"></form></body></html>';

/** How the download answers instead of serving the sheet. */
export type SheetFault =
  | { readonly status: number }
  | { readonly signIn: true }
  | { readonly hang: true }
  | { readonly oversize: number };

/** A loopback stand-in for a Google Sheets export link, whose sheet the test changes. */
export interface SheetServer extends LocalServer {
  /** The link as an operator pastes it (`…/d/<id>/export?format=xlsx` here). */
  readonly link: string;
  /** Downloads answered 200 with the sheet, and 304 for an unchanged one. */
  readonly counts: { ok: number; notModified: number };
  /**
   * The bytes the link serves from now on (and the end of any fault), by default as a workbook
   * with an ETag; their ETag.
   */
  serve(bytes: Buffer, options?: { readonly type?: string; readonly etag?: boolean }): string;
  /** From now on the link fails this way, until `serve`. */
  fail(fault: SheetFault): void;
}

/**
 * Answers as docs.google.com does: the sheet's export link redirects (307) to another address
 * that serves the bytes with an ETag, and a 304 when `If-None-Match` names it.
 */
export async function startSheetServer(): Promise<SheetServer> {
  let current: { bytes: Buffer; etag: string; type: string; sendEtag: boolean } | undefined;
  let fault: SheetFault | undefined;
  const counts = { ok: 0, notModified: 0 };
  const server = await startLocalServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === `/spreadsheets/d/${SHEET_ID}/export`) {
      const to = fault && 'signIn' in fault ? '/ServiceLogin' : `/download/${SHEET_ID}?t=1`;
      response.writeHead(307, { location: to }).end();
      return;
    }
    if (url.pathname === '/ServiceLogin') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SIGN_IN_PAGE);
      return;
    }
    if (url.pathname !== `/download/${SHEET_ID}` || !current) {
      response.writeHead(404).end();
      return;
    }
    if (fault && 'status' in fault) {
      response.writeHead(fault.status, { 'content-type': 'text/plain' }).end('no');
      return;
    }
    if (fault && 'hang' in fault) return;
    if (fault && 'oversize' in fault) {
      response.writeHead(200, { 'content-type': XLSX_TYPE });
      streamBody(response, fault.oversize);
      return;
    }
    if (current.sendEtag && request.headers['if-none-match'] === current.etag) {
      counts.notModified++;
      response.writeHead(304, { etag: current.etag }).end();
      return;
    }
    counts.ok++;
    response.writeHead(200, {
      'content-type': current.type,
      'content-length': current.bytes.length,
      ...(current.sendEtag ? { etag: current.etag } : {}),
    });
    response.end(current.bytes);
  });
  return {
    ...server,
    link: `${server.origin}/spreadsheets/d/${SHEET_ID}/export?format=xlsx`,
    counts,
    serve(bytes, { type = XLSX_TYPE, etag: sendEtag = true } = {}) {
      const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
      current = { bytes, etag, type, sendEtag };
      fault = undefined;
      return etag;
    },
    fail(next) {
      fault = next;
    },
  };
}

/** A product row of {@link finds}: its title, its price in CNY, and its Weidian item number. */
export type Find = readonly [title: string, price: number, item: number];

/** The Weidian listing of item `n` of the test sheet. */
export const weidianItem = (n: number) => String(7_300_000_000 + n);

/**
 * The bytes of a workbook as operators keep one: an info tab, and products on tabs named after
 * their category, each behind a "LINK" label whose hyperlink is the listing.
 */
export async function finds(tabs: Readonly<Record<string, readonly Find[]>>): Promise<Buffer> {
  const path = join(await tempDir(), 'finds.xlsx');
  const link = (n: number): XlsxTestCell => ({
    text: 'LINK',
    hyperlink: `https://weidian.com/item.html?itemID=${weidianItem(n)}`,
  });
  await writeXlsx(path, [
    { name: 'ℹ️ Info', rows: [['How to order: paste a LINK into your agent']] },
    ...Object.entries(tabs).map(([name, rows]) => ({
      name,
      rows: [
        ['🔥 FINDS 🔥'],
        ['Item', 'Price (¥)', 'Link'],
        ...rows.map(([title, price, item]): XlsxTestCell[] => [title, price, link(item)]),
      ],
    })),
  ]);
  return readFile(path);
}
