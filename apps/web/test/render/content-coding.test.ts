import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { preferredCoding } from '../../src/render/content-coding.js';
import { build, products } from '../helper.js';

describe('preferredCoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'gzip'],
    ['X-GZIP', 'gzip'],
    ['deflate', undefined],
  ])('reads %j as %j', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });
});

describe('a kept page in a content coding', () => {
  const url = `/producto/${products[3]!.slug}`;

  it('is compressed once, with an ETag of its own and Vary: Accept-Encoding', async () => {
    const app = await build();
    const plain = await app.inject(url);
    for (const [coding, inflate] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const first = await app.inject({ url, headers: { 'accept-encoding': coding } });
      const again = await app.inject({ url, headers: { 'accept-encoding': coding } });
      expect(first.headers['content-encoding']).toBe(coding);
      expect(first.headers.vary).toBe('Accept, Accept-Language, Accept-Encoding');
      expect(inflate(first.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
      expect(first.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-${coding}"`);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      const revalidated = await app.inject({
        url,
        headers: { 'accept-encoding': coding, 'if-none-match': String(first.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
    }
  });

  it('goes plain to a client that takes no coding, or asks for none', async () => {
    const app = await build();
    for (const headers of [
      {},
      { 'accept-encoding': 'identity' },
      { 'x-no-compression': '1', 'accept-encoding': 'br' },
    ]) {
      const response = await app.inject({ url, headers });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toContain('<!DOCTYPE html>');
    }
  });

  it('keeps its Markdown twin compressed too', async () => {
    const app = await build();
    const plain = await app.inject(`${url}.md`);
    const gzip = await app.inject({ url: `${url}.md`, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });
});
