import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The id of the test sheet: in the link, and never to be shown by the server. */
export const SHEET_ID = '1StandaloneSheetIdNeverShown_0123456789abc';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SIGN_IN_PAGE =
  '<!doctype html><html lang="en"><head><title>Sign in - Google Accounts</title></head>' +
  '<body><form action="/signin"><input type="email" name="identifier"></form></body></html>';

/** How the link answers instead of the sheet, until the next `serve`. */
export type SheetFault =
  | { readonly status: number }
  | { readonly signIn: true }
  | { readonly body: Buffer };

/** A loopback stand-in for a Google Sheets export link, whose sheet the test changes. */
export interface SheetServer {
  /** The link given as `CATALOG_URL`. */
  readonly link: string;
  /** Downloads answered 200 with the sheet, and 304 for an unchanged one; every request. */
  readonly counts: { ok: number; notModified: number; requests: number };
  /** The workbook the link serves from now on. */
  serve(bytes: Buffer): void;
  fail(fault: SheetFault): void;
  close(): Promise<void>;
}

/**
 * Answers as docs.google.com does: the export link redirects (307) to another address that
 * serves the bytes with an ETag, or a 304 when `If-None-Match` names it.
 */
export async function startSheetServer(): Promise<SheetServer> {
  let current: { bytes: Buffer; etag: string } | undefined;
  let fault: SheetFault | undefined;
  const counts = { ok: 0, notModified: 0, requests: 0 };
  const server = createServer((request, response) => {
    counts.requests++;
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === `/spreadsheets/d/${SHEET_ID}/export`) {
      const to = fault && 'signIn' in fault ? '/ServiceLogin' : `/download/${SHEET_ID}`;
      response.writeHead(307, { location: to }).end();
    } else if (path === '/ServiceLogin') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SIGN_IN_PAGE);
    } else if (path !== `/download/${SHEET_ID}` || !current) {
      response.writeHead(404).end();
    } else if (fault && 'status' in fault) {
      response.writeHead(fault.status).end();
    } else if (fault && 'body' in fault) {
      response.writeHead(200, { 'content-type': XLSX_TYPE }).end(fault.body);
    } else if (request.headers['if-none-match'] === current.etag) {
      counts.notModified++;
      response.writeHead(304, { etag: current.etag }).end();
    } else {
      counts.ok++;
      const { bytes, etag } = current;
      response.writeHead(200, { 'content-type': XLSX_TYPE, 'content-length': bytes.length, etag });
      response.end(bytes);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    link: `${origin}/spreadsheets/d/${SHEET_ID}/export?format=xlsx`,
    counts,
    serve(bytes) {
      const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
      current = { bytes, etag };
      fault = undefined;
    },
    fail(next) {
      fault = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
