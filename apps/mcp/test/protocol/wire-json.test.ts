import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  asciiJson,
  EscapedLine,
  encodeJson,
  freezeJson,
  jsonLines,
  RawJson,
} from '../../src/protocol/wire-json.js';
import { build, rpc } from '../helper.js';

const isAscii = (bytes: Buffer) => bytes.every((byte) => byte < 0x80);

describe('encodeJson', () => {
  it('writes the same value as JSON.stringify, in ASCII only', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const bytes = encodeJson(value);
        expect(isAscii(bytes)).toBe(true);
        expect(JSON.parse(bytes.toString('latin1'))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('escapes each UTF-16 unit: BMP characters, surrogate pairs, line separators', () => {
    expect(asciiJson(JSON.stringify('¥ ≈ 😀 \u2028'))).toBe(
      '"\\u00a5 \\u2248 \\ud83d\\ude00 \\u2028"',
    );
    expect(asciiJson('{"plain":1}')).toBe('{"plain":1}');
  });

  it('leaves out undefined fields, as JSON.stringify does', () => {
    expect(encodeJson({ a: 1, b: undefined, c: [undefined] }).toString()).toBe(
      '{"a":1,"c":[null]}',
    );
  });

  it('copies a frozen part wherever it appears, as it was when frozen', () => {
    const item = freezeJson({ title: 'Café', n: 1 });
    (item as { n: number }).n = 2; // a broken promise shows: the frozen bytes win
    const bytes = encodeJson({ items: [item, { other: true }, item], total: 2 });
    expect(bytes.toString()).toBe(
      '{"items":[{"title":"Caf\\u00e9","n":1},{"other":true},{"title":"Caf\\u00e9","n":1}],"total":2}',
    );
  });

  it('keeps the frozen bytes out of sight of keys, JSON.stringify and copies', () => {
    const item = freezeJson({ n: 1 });
    expect(Object.keys(item)).toEqual(['n']);
    expect(JSON.stringify(item)).toBe('{"n":1}');
    expect(encodeJson({ ...item, n: 2 }).toString()).toBe('{"n":2}');
  });
});

describe('jsonLines', () => {
  it('is the JSON of the lines joined with newlines, kept lines or not', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ unit: 'binary' }), fc.boolean())), (drawn) => {
        const lines = drawn.map(([text, kept]) => (kept ? new EscapedLine(text) : text));
        const bytes = encodeJson({ text: jsonLines(lines) });
        expect(isAscii(bytes)).toBe(true);
        const joined = drawn.map(([text]) => text).join('\n');
        expect(JSON.parse(bytes.toString('latin1'))).toEqual({ text: joined });
      }),
    );
  });

  it('copies a kept line as it was escaped when kept', () => {
    const line = new EscapedLine('"¥"');
    expect(line.json).toBe('\\"\\u00a5\\"');
    expect(jsonLines([line, 'b']).json).toBe('"\\"\\u00a5\\"\\nb"');
  });

  it('writes raw JSON unchanged', () => {
    expect(encodeJson({ a: new RawJson('[1, 2]') }).toString()).toBe('{"a":[1, 2]}');
  });
});

describe('POST /mcp answers', () => {
  it('are ASCII bytes that parse to the original text', async () => {
    const app = await build();
    const response = await app.inject(
      rpc({
        jsonrpc: '2.0',
        id: 'ü',
        method: 'tools/call',
        params: { name: 'estimate_shipping', arguments: { country: 'DE', weight_grams: 900 } },
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(isAscii(response.rawPayload)).toBe(true);
    const { id, result } = response.json();
    expect(id).toBe('ü');
    expect(result.content[0].text).toContain('¥');
  });

  it('are ASCII for errors too', async () => {
    const app = await build();
    const response = await app.inject(
      rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'größe' } }),
    );
    expect(isAscii(response.rawPayload)).toBe(true);
    expect(response.json().error.message).toContain('größe');
  });
});
