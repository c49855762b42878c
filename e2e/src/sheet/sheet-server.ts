import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the server answered, for counting what the replicas asked for. */
export interface SheetRequest {
  /** `export`: the sheet's link; `download`: where it redirects; `sign-in`: the sign-in page. */
  readonly kind: 'export' | 'download' | 'sign-in' | 'other';
  readonly status: number;
  /** The ETag of the bytes a 200 download carried. */
  readonly etag?: string;
  /** Whether the request carried `If-None-Match`. */
  readonly conditional: boolean;
}

/** A loopback stand-in for a Google Sheets export link, whose sheet the test changes. */
export interface SheetServer {
  /** The link a replica is given as `CATALOG_URL`. */
  readonly url: string;
  /** Every request answered, in order. */
  readonly requests: readonly SheetRequest[];
  /** The workbook the link serves from now on; its ETag, as the download answers with it. */
  serve(bytes: Buffer): string;
  /** From now on the link answers as for a sheet that is not shared: a sign-in page. */
  serveSignIn(): void;
  close(): Promise<void>;
}

const SHEET_ID = '1CatalogUrlStackTestSheet0123456789';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SIGN_IN_PAGE =
  '<!doctype html><html lang="en"><head><title>Sign in - Google Accounts</title></head>' +
  '<body><form action="/signin"><input type="email" name="identifier"></form></body></html>';

/**
 * Answers as docs.google.com does for `/spreadsheets/d/<id>/export?format=xlsx`: a 307 to
 * another address that serves the bytes (with an ETag, and a 304 when `If-None-Match` names it),
 * or, for a sheet that is not shared, a 307 to a sign-in page answered with 200 and HTML.
 */
export async function startSheetServer(): Promise<SheetServer> {
  let current: { bytes: Buffer; etag: string } | undefined;
  const requests: SheetRequest[] = [];

  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const ifNoneMatch = request.headers['if-none-match'];
    const record = (kind: SheetRequest['kind'], status: number, etag?: string) =>
      requests.push({
        kind,
        status,
        conditional: ifNoneMatch !== undefined,
        ...(etag ? { etag } : {}),
      });
    if (url.pathname === `/spreadsheets/d/${SHEET_ID}/export`) {
      const to = current ? `/download/${SHEET_ID}?format=xlsx` : '/ServiceLogin?continue=export';
      record('export', 307);
      response.writeHead(307, { location: new URL(to, origin).href }).end();
    } else if (url.pathname === `/download/${SHEET_ID}` && current) {
      const { bytes, etag } = current;
      if (ifNoneMatch === etag) {
        record('download', 304);
        response.writeHead(304, { etag }).end();
        return;
      }
      record('download', 200, etag);
      response.writeHead(200, { 'content-type': XLSX, 'content-length': bytes.length, etag });
      response.end(bytes);
    } else if (url.pathname === '/ServiceLogin') {
      record('sign-in', 200);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SIGN_IN_PAGE);
    } else {
      record('other', 404);
      response.writeHead(404).end();
    }
  };

  const server = createServer(answer).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/spreadsheets/d/${SHEET_ID}/export?format=xlsx`,
    requests,
    serve(bytes) {
      const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
      current = { bytes, etag };
      return etag;
    },
    serveSignIn() {
      current = undefined;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
