import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the sheet server answered. */
export interface SheetRequest {
  readonly path: string;
  readonly status: number;
  /** `performance.now()` when the request arrived. */
  readonly arrivedAt: number;
  /** `performance.now()` when the last byte of the answer was handed to the socket. */
  readonly sentAt: number;
}

/** What a catalog link points at, as the bench changes it. */
export interface SheetContent {
  readonly bytes: Buffer;
  readonly contentType: string;
}

/** A local stand-in for a shared Google Sheet, whose content the bench replaces. */
export interface SheetServer {
  /** The link a server is given as `CATALOG_URL`: it redirects to the download. */
  readonly link: string;
  /** Serves other bytes from now on (a new ETag); the time of the change. */
  set(content: SheetContent): number;
  /** Every request answered so far, in the order they ended. */
  readonly requests: readonly SheetRequest[];
  /** Resolves with the next request that ends after this call and matches. */
  next(match: (request: SheetRequest) => boolean): Promise<SheetRequest>;
  close(): Promise<void>;
}

const ID = '1BenchSheet0000000000000000000000000000000000';
const LINK_PATH = `/spreadsheets/d/${ID}/export`;
const DOWNLOAD_PATH = `/export/${ID}`;

/**
 * An HTTP server on loopback that answers as a shared sheet's export does: the link (the path of
 * a sheet's export) answers 307 to the download on another path, as Google Sheets sends the bytes
 * from another host; the download carries an ETag, and a request whose `If-None-Match` names the
 * bytes served gets 304 and no body. Each answer is recorded, so the bench can tell when the
 * server under measurement polled and how long its download took.
 */
export async function startSheetServer(first: SheetContent): Promise<SheetServer> {
  let content = first;
  let etag = etagOf(first.bytes);
  const requests: SheetRequest[] = [];
  const waiters = new Set<{
    match: (r: SheetRequest) => boolean;
    resolve: (r: SheetRequest) => void;
  }>();
  const record = (path: string, status: number, arrivedAt: number, res: ServerResponse) => {
    res.once('finish', () => {
      const request = { path, status, arrivedAt, sentAt: performance.now() };
      requests.push(request);
      for (const w of waiters) {
        if (!w.match(request)) continue;
        waiters.delete(w);
        w.resolve(request);
      }
    });
  };
  const server = createServer((req, res) => {
    const arrivedAt = performance.now();
    const path = new URL(req.url ?? '/', 'http://sheet').pathname;
    if (req.method !== 'GET') {
      record(path, 405, arrivedAt, res);
      res.writeHead(405).end();
    } else if (path === LINK_PATH) {
      record(path, 307, arrivedAt, res);
      res.writeHead(307, { location: DOWNLOAD_PATH }).end();
    } else if (path !== DOWNLOAD_PATH) {
      record(path, 404, arrivedAt, res);
      res.writeHead(404).end();
    } else if (req.headers['if-none-match'] === etag) {
      record(path, 304, arrivedAt, res);
      res.writeHead(304, { etag }).end();
    } else {
      record(path, 200, arrivedAt, res);
      res
        .writeHead(200, {
          etag,
          'content-type': content.contentType,
          'content-length': content.bytes.length,
        })
        .end(content.bytes);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    link: `http://127.0.0.1:${port}${LINK_PATH}`,
    set(next) {
      content = next;
      etag = etagOf(next.bytes);
      return performance.now();
    },
    requests,
    next(match) {
      return new Promise((resolve) => waiters.add({ match, resolve }));
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Whether a request is the download itself (not the link's redirect). */
export const isDownload = (request: SheetRequest) => request.path === DOWNLOAD_PATH;

// A strong ETag of the bytes: the same bytes served again (a version put back) keep theirs.
function etagOf(bytes: Buffer): string {
  return `"${createHash('sha1').update(bytes).digest('base64url')}"`;
}
