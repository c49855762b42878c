import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { CatalogIoError } from '../../src/errors.js';
import { type FetchCatalogOptions, fetchCatalog } from '../../src/remote/fetch-catalog.js';
import { startLocalServer, streamBody } from './local-server.js';
import { finds, SIGN_IN_PAGE } from './sheet-server.js';

// Every link below carries this in its path, as a private sheet's id is: no error may quote it.
const SECRET = 'private-9f8e7d6c5b4a';
const MB = 1024 * 1024;
const CSV =
  'title,brand,category,price,marketplace,item_id\nDunk,Nike,sneakers,368,weidian,7234567890\n';

/** A server answering `/<SECRET>/…` with `answer`, and the link to it. */
async function serving(answer: (response: ServerResponse, path: string) => void) {
  const server = await startLocalServer((request, response) => answer(response, request.url ?? ''));
  return { server, link: new URL(`${server.origin}/${SECRET}/sheet`) };
}

/** The error `fetchCatalog` rejects with; it must be a FETCH_FAILED that names no path. */
async function failure(link: URL, options: FetchCatalogOptions = {}): Promise<CatalogIoError> {
  const error = await fetchCatalog(link, options).then(
    () => expect.fail('the fetch should have failed'),
    (rejected: unknown) => rejected,
  );
  expect(error).toBeInstanceOf(CatalogIoError);
  const { code, message } = error as CatalogIoError;
  expect(code).toBe('FETCH_FAILED');
  expect(message).toMatch(/^fetching the catalog failed: /);
  expect(message).not.toContain(SECRET);
  expect(message).not.toContain(link.pathname);
  return error as CatalogIoError;
}

describe('fetchCatalog: conditional requests', () => {
  it('sends the ETag back as If-None-Match and takes a 304 for "not modified"', async () => {
    const etag = '"v1-abc"';
    const { server, link } = await serving((response) => {
      const asked = server.requests.at(-1)?.ifNoneMatch;
      if (asked === etag) response.writeHead(304, { etag }).end();
      else response.writeHead(200, { 'content-type': 'text/csv', etag }).end(CSV);
    });
    const first = await fetchCatalog(link);
    expect(first).toMatchObject({ status: 'ok', format: 'csv', etag });
    expect(first.status === 'ok' && first.bytes.toString()).toBe(CSV);
    expect(first).not.toHaveProperty('lastModified');

    expect(await fetchCatalog(link, { etag })).toEqual({ status: 'not-modified' });
    expect(server.requests.map((r) => r.ifNoneMatch)).toEqual([undefined, etag]);
  });

  it('sends Last-Modified back as If-Modified-Since', async () => {
    const lastModified = 'Wed, 25 Nov 2026 10:00:00 GMT';
    const { server, link } = await serving((response) => {
      if (server.requests.at(-1)?.ifModifiedSince === lastModified) response.writeHead(304).end();
      else response.writeHead(200, { 'last-modified': lastModified }).end(CSV);
    });
    const first = await fetchCatalog(link);
    expect(first).toMatchObject({ status: 'ok', lastModified });
    expect(first).not.toHaveProperty('etag');
    expect(await fetchCatalog(link, { lastModified })).toEqual({ status: 'not-modified' });
    expect(server.requests.map((r) => r.ifModifiedSince)).toEqual([undefined, lastModified]);
  });

  it('sends both when it has both, through redirects', async () => {
    const { server, link } = await serving((response, path) => {
      if (path.endsWith('/sheet')) response.writeHead(302, { location: 'bytes' }).end();
      else response.writeHead(304).end();
    });
    const sent = { etag: '"e"', lastModified: 'Wed, 25 Nov 2026 10:00:00 GMT' };
    expect(await fetchCatalog(link, sent)).toEqual({ status: 'not-modified' });
    expect(server.requests).toEqual([
      { path: `/${SECRET}/sheet`, ifNoneMatch: sent.etag, ifModifiedSince: sent.lastModified },
      { path: `/${SECRET}/bytes`, ifNoneMatch: sent.etag, ifModifiedSince: sent.lastModified },
    ]);
  });
});

describe('fetchCatalog: redirects', () => {
  /** A chain of `hops` redirects (301, 302, 303, 307, 308 in turn) before the bytes. */
  const chain = (hops: number) =>
    serving((response, path) => {
      const at = Number(/hop-(\d+)/.exec(path)?.[1] ?? 0);
      if (at < hops) {
        const status = [301, 302, 303, 307, 308][at % 5]!;
        response.writeHead(status, { location: `/${SECRET}/hop-${at + 1}` }).end();
      } else response.writeHead(200).end(CSV);
    });

  it('follows a chain of 5', async () => {
    const { server, link } = await chain(5);
    expect(await fetchCatalog(link)).toMatchObject({ status: 'ok', format: 'csv' });
    expect(server.requests).toHaveLength(6);
  });

  it('refuses a 6th, without asking for it', async () => {
    const { server, link } = await chain(6);
    expect((await failure(link)).message).toContain('more than 5 redirects');
    expect(server.requests).toHaveLength(6);
    expect(server.requests.at(-1)?.path).toBe(`/${SECRET}/hop-5`);
  });

  it('follows as many as maxRedirects says', async () => {
    const { link } = await chain(2);
    expect((await failure(link, { maxRedirects: 1 })).message).toContain('more than 1 redirects');
  });

  it.each([
    'http://example.com/x.csv',
    'http://192.168.1.1/x.csv',
    'ftp://127.0.0.1/x.csv',
    'file:///etc/passwd',
  ])('refuses a redirect to %s', async (location) => {
    const { server, link } = await serving((response) => {
      response.writeHead(302, { location }).end();
    });
    const { message } = await failure(link);
    expect(message).toMatch(/a redirect led to a \w+: address that is neither https nor loopback/);
    expect(message).not.toContain(location);
    expect(server.requests).toHaveLength(1);
  });

  it('follows a redirect to another loopback port', async () => {
    const target = await serving((response) => response.writeHead(200).end(CSV));
    const { link } = await serving((response) => {
      response.writeHead(307, { location: target.link.href }).end();
    });
    expect(await fetchCatalog(link)).toMatchObject({ status: 'ok' });
    expect(target.server.requests).toHaveLength(1);
  });

  it('refuses a redirect without a Location', async () => {
    const { link } = await serving((response) => response.writeHead(302).end());
    expect((await failure(link)).message).toContain('answered 302 without a Location');
  });

  it('refuses a link that is not https nor loopback before connecting', async () => {
    const { message } = await failure(new URL(`http://example.com/${SECRET}/sheet`));
    expect(message).toContain('the link must be https (http only on a loopback address)');
  });
});

describe('fetchCatalog: error answers', () => {
  it.each([
    [404, 'the server answered 404: no sheet or file at this link'],
    [500, 'the server answered 500'],
    [503, 'the server answered 503'],
    [
      403,
      'the server answered 403: the sheet is not shared: set General access to Anyone with the link',
    ],
    [
      401,
      'the server answered 401: the sheet is not shared: set General access to Anyone with the link',
    ],
    [429, 'the server answered 429: too many requests'],
  ])('%i says why', async (status, reason) => {
    const { link } = await serving((response) => response.writeHead(status).end(CSV));
    expect((await failure(link)).message).toContain(reason);
  });

  it('says the server could not be reached, and why', async () => {
    const { server, link } = await serving(() => {});
    await server.close();
    expect((await failure(link)).message).toContain(
      'the server could not be reached (ECONNREFUSED)',
    );
  });

  it('gives up on a server that never answers, at timeoutMs', async () => {
    const { link } = await serving(() => {});
    const started = performance.now();
    const { message } = await failure(link, { timeoutMs: 300 });
    expect(message).toContain('no complete answer within 0.3 s');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('gives up on a body that stops halfway, at timeoutMs', async () => {
    const { link } = await serving((response) => {
      response.writeHead(200, { 'content-length': 1000 });
      response.write('title,price\n');
    });
    expect((await failure(link, { timeoutMs: 300 })).message).toContain(
      'no complete answer within 0.3 s',
    );
  });
});

describe('fetchCatalog: size limit', () => {
  it('refuses a body whose Content-Length is too large, without reading it', async () => {
    let body: ReturnType<typeof streamBody> | undefined;
    const { link } = await serving((response) => {
      response.writeHead(200, { 'content-length': 256 * MB });
      body = streamBody(response, 256 * MB);
    });
    const { message } = await failure(link, { maxBytes: MB });
    expect(message).toContain('the download is larger than 1 MB (CATALOG_URL_MAX_MB)');
    expect(await body?.cutShort).toBe(true);
    expect(await body?.written).toBeLessThan(32 * MB);
  });

  it('stops reading a body without Content-Length once it passes the limit', async () => {
    let body: ReturnType<typeof streamBody> | undefined;
    const { link } = await serving((response) => {
      response.writeHead(200, { 'content-type': 'text/csv' });
      body = streamBody(response, 512 * MB);
    });
    const before = process.memoryUsage();
    const { message } = await failure(link, { maxBytes: MB });
    const after = process.memoryUsage();
    expect(message).toContain('larger than 1 MB');
    // The server saw the client hang up long before the body's end: it was not read.
    expect(await body?.cutShort).toBe(true);
    expect(await body?.written).toBeLessThan(32 * MB);
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(64 * MB);
  });

  it('reads a body of exactly maxBytes', async () => {
    const { link } = await serving((response) => {
      response.writeHead(200, { 'content-type': 'text/csv' }).end(CSV);
    });
    expect(await fetchCatalog(link, { maxBytes: CSV.length })).toMatchObject({ status: 'ok' });
    await failure(link, { maxBytes: CSV.length - 1 });
  });
});

describe('fetchCatalog: what the bytes are', () => {
  it('refuses a sign-in page saying the sheet is not shared', async () => {
    const { link } = await serving((response, path) => {
      if (path.endsWith('/sheet')) response.writeHead(302, { location: '/ServiceLogin' }).end();
      else
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SIGN_IN_PAGE);
    });
    expect((await failure(link)).message).toContain(
      'the sheet is not shared: set General access to Anyone with the link',
    );
  });

  it.each([
    ['application/octet-stream', '<!DOCTYPE html>\n<html><body>Sign in</body></html>'],
    [undefined, '\uFEFF  <html lang="en"><head></head></html>'],
    ['text/html', 'title,price\nDunk,368\n'],
  ])('refuses an HTML page served as %s', async (type, page) => {
    const { link } = await serving((response) => {
      response.writeHead(200, type ? { 'content-type': type } : {}).end(page);
    });
    expect((await failure(link)).message).toContain(
      'the sheet is not shared: set General access to Anyone with the link',
    );
  });

  it('refuses an empty body', async () => {
    const { link } = await serving((response) => response.writeHead(200).end());
    expect((await failure(link)).message).toContain('the download is empty');
  });

  const product = { title: 'Dunk', brand: 'Nike', category: 'sneakers', price: 368 };
  it.each([
    ['xlsx', 'text/plain'],
    ['xlsx', 'text/html'],
    ['xlsx', undefined],
    ['csv', 'application/octet-stream'],
    ['csv', 'application/json'],
    ['csv', undefined],
    ['json', 'text/csv'],
    ['json', undefined],
    ['ndjson', 'text/plain'],
    ['ndjson', 'application/json'],
  ] as const)('reads %s bytes served as %s as what they are', async (format, type) => {
    const bytes = {
      xlsx: await finds({ Shoes: [['Nike Dunk Low', 299, 1]] }),
      csv: Buffer.from(CSV),
      json: Buffer.from(JSON.stringify([product, product], null, 2)),
      ndjson: Buffer.from(`${JSON.stringify(product)}\n${JSON.stringify(product)}\n`),
    }[format];
    const { link } = await serving((response) => {
      response.writeHead(200, type ? { 'content-type': type } : {}).end(bytes);
    });
    const fetched = await fetchCatalog(link);
    expect(fetched).toMatchObject({ status: 'ok', format });
    expect(fetched.status === 'ok' && fetched.bytes.equals(bytes)).toBe(true);
  });

  it.each([
    ['application/json', '', 'json'],
    ['application/x-ndjson', '', 'ndjson'],
    ['application/x-ndjson', '\n', 'ndjson'],
    [undefined, '\n', 'json'],
  ] as const)('reads one object served as %s, ending in %j, as %s', async (type, end, format) => {
    const { link } = await serving((response) => {
      response
        .writeHead(200, type ? { 'content-type': type } : {})
        .end(`${JSON.stringify({ products: [product] })}${end}`);
    });
    expect(await fetchCatalog(link)).toMatchObject({ status: 'ok', format });
  });

  it('reads NDJSON whose lines are longer than the head it sniffs', async () => {
    const long = { ...product, description: 'x'.repeat(10_000) };
    const { link } = await serving((response) => {
      response.writeHead(200).end(`${JSON.stringify(long)}\n${JSON.stringify(long)}\n`);
    });
    expect(await fetchCatalog(link)).toMatchObject({ status: 'ok', format: 'ndjson' });
  });
});
