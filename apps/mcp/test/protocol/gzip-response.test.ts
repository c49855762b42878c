import { execFileSync } from 'node:child_process';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, gzipResponse, precompress } from '../../src/protocol/gzip-response.js';
import { asciiJson } from '../../src/protocol/wire-json.js';
import { build, rpc } from '../helper.js';

const RESULT = Buffer.from(
  JSON.stringify({ tools: [{ name: 'a', description: 'x'.repeat(5000) }] }),
);
precompress(RESULT);

const idArbitrary = fc.oneof(
  fc.integer(),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.constant(null),
);

describe('gzipResponse', () => {
  it('is a gzip member that inflates to the response with the id (zlib checks CRC and size)', () => {
    fc.assert(
      fc.property(idArbitrary, (id) => {
        const gzip = gzipResponse(asciiJson(JSON.stringify(id)), RESULT) as Buffer;
        const response = JSON.parse(gunzipSync(gzip).toString('latin1'));
        expect(response).toEqual({ jsonrpc: '2.0', id, result: JSON.parse(RESULT.toString()) });
      }),
    );
  });

  it('inflates with an independent gzip implementation (Python)', () => {
    const gzip = gzipResponse('"req-1"', RESULT) as Buffer;
    const text = execFileSync(
      'python3',
      ['-c', 'import gzip, sys; sys.stdout.buffer.write(gzip.decompress(sys.stdin.buffer.read()))'],
      { input: gzip },
    ).toString();
    expect(JSON.parse(text).id).toBe('req-1');
    expect(gzip.length).toBeLessThan(RESULT.length / 5);
  });

  it('compresses a result once, then only appends each id', () => {
    const fresh = Buffer.from('{"total":0}');
    for (const id of [1, 2]) {
      expect(gunzipSync(gzipResponse(String(id), fresh) as Buffer).toString()).toBe(
        `{"jsonrpc":"2.0","result":{"total":0},"id":${id}}`,
      );
    }
  });

  it('leaves an id too long for one stored block uncompressed', () => {
    expect(gzipResponse(JSON.stringify('x'.repeat(70_000)), RESULT)).toBeUndefined();
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['gzip;q=0', false],
    ['gzip;q=0.5, identity', false],
    ['identity', false],
    ['br', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it('answers each header for itself when clients alternate (the last answer is kept)', () => {
    const headers = [
      'gzip, deflate',
      'identity',
      'gzip, deflate',
      'gzip, deflate',
      'gzip;q=0',
      'br',
    ];
    expect(headers.map((h) => acceptsGzip(h))).toEqual([true, false, true, true, false, false]);
  });

  it('never throws on what a client may send', () => {
    const token = fc.constantFrom('gzip', 'identity', '*', 'br', ';q=', ',', ' ', '0', '1.0', '=');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(token).map((t) => t.join('')),
        ),
        (header) => {
          expect(typeof acceptsGzip(header)).toBe('boolean');
        },
      ),
    );
  });
});

describe('POST /mcp with Accept-Encoding: gzip', () => {
  const call = (
    id: number,
    encoding?: string,
    args: Record<string, unknown> = { query: 'hoodie', limit: 3 },
  ) =>
    rpc(
      {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'search_products', arguments: args },
      },
      encoding === undefined ? {} : { 'accept-encoding': encoding },
    );

  it('sends the tool list gzipped from the first request, with Vary', async () => {
    const app = await build();
    const plain = await app.inject(rpc({ jsonrpc: '2.0', id: 7, method: 'tools/list' }));
    const gzip = await app.inject(
      rpc({ jsonrpc: '2.0', id: 7, method: 'tools/list' }, { 'accept-encoding': 'gzip, deflate' }),
    );
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toBe('accept-encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
  });

  it('gzips 2026-07-28 answers the same way, resultType and _meta included', async () => {
    const app = await build();
    const call = (id: number) =>
      rpc(
        {
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: {
            name: 'list_categories',
            arguments: {},
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': {},
              'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
            },
          },
        },
        {
          'accept-encoding': 'gzip',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'list_categories',
        },
      );
    const first = await app.inject(call(1));
    const second = await app.inject(call(2));
    expect(first.statusCode).toBe(200);
    expect(second.headers['content-encoding']).toBe('gzip');
    const inflated = JSON.parse(gunzipSync(second.rawPayload).toString());
    expect(inflated).toEqual({ ...first.json(), id: 2 });
    expect(inflated.result.resultType).toBe('complete');
  });

  it('sends a repeated tool call gzipped, a first one and a refusing client plain', async () => {
    const app = await build();
    const first = await app.inject(call(1, 'gzip'));
    const second = await app.inject(call(2, 'gzip'));
    const refused = await app.inject(call(3, 'gzip;q=0'));
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(refused.headers['content-encoding']).toBeUndefined();
    const inflated = JSON.parse(gunzipSync(second.rawPayload).toString());
    expect(inflated).toEqual({ ...first.json(), id: 2 });
    expect(refused.json()).toEqual({ ...first.json(), id: 3 });
  });

  it('sends calls made once plain: each is searched anew and none is compressed', async () => {
    const app = await build();
    for (let id = 1; id <= 20; id++) {
      const response = await app.inject(call(id, 'gzip', { query: 'bag', max_price: 100 + id }));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
    }
  });
});
