import { constants, crc32, deflateRawSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';

// A JSON-RPC response is its result plus the request's id, and the result is what weighs: a
// 12 KB tool list, a 16 KB page of products. When the result is one the server sends again and
// again, its gzip form is made once, and each response only appends the id:
//
//   gzip header | deflate(`{"jsonrpc":"2.0","result":` + result), sync-flushed, not final
//               | a final stored (uncompressed) block with `,"id":<id>}` | CRC-32 | size
//
// One valid gzip member (RFC 1952) holding one deflate stream (RFC 1951): a sync flush ends the
// compressed blocks on a byte boundary, where a stored block may follow, and the CRC-32 of the
// whole text continues from the one kept for the constant part over the few id bytes.

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]); // deflate, no name, no mtime
const OPEN = Buffer.from('{"jsonrpc":"2.0","result":');
const MAX_STORED = 0xffff;

/** A result's response, gzipped up to the id. */
interface GzipTemplate {
  /** Gzip header and the deflated `{"jsonrpc":"2.0","result":<result>`. */
  readonly head: Buffer;
  /** CRC-32 of that text. */
  readonly crc: number;
  /** Its length in bytes. */
  readonly size: number;
}

/** Compresses the response to `result` (JSON bytes) up to the id, once. */
function gzipTemplate(result: Buffer): GzipTemplate {
  const text = Buffer.concat([OPEN, result]);
  const deflated = deflateRawSync(text, { finishFlush: constants.Z_SYNC_FLUSH });
  return {
    head: Buffer.concat([HEADER, deflated]),
    crc: crc32(text),
    size: text.length,
  };
}

/**
 * The gzip bytes of `{"jsonrpc":"2.0","result":<result>,"id":<id>}`, where `idJson` is the id as
 * JSON; `undefined` for an id too long for one stored block (64 KB), which goes uncompressed.
 */
function gzipWithId(template: GzipTemplate, idJson: string): Buffer | undefined {
  // `idJson` is ASCII (see asciiJson), so its length is its byte count, and crc32 of the string
  // (as UTF-8) is that of its bytes. One buffer, written in place: the head is most of it.
  const close = `,"id":${idJson}}`;
  const n = close.length;
  if (n > MAX_STORED) return undefined;
  const { head } = template;
  const out = Buffer.allocUnsafe(head.length + 5 + n + 8);
  head.copy(out, 0);
  let at = head.length;
  out[at] = 1; // BFINAL = 1, BTYPE = 00 (stored); already byte-aligned after the sync flush
  out.writeUInt16LE(n, at + 1);
  out.writeUInt16LE(~n & 0xffff, at + 3);
  at += 5 + out.write(close, at + 5, 'latin1');
  out.writeUInt32LE(crc32(close, template.crc), at);
  out.writeUInt32LE((template.size + n) >>> 0, at + 4);
  return out;
}

// gzip only pays for itself on a result sent more than once: compressing a fresh 16 KB answer
// costs the server more than sending it plainly over a fast link. So only results that are sent
// again come here (the constants, and tool results the result cache keeps, which it keeps from
// their second call on), and each is compressed once, for as long as its Buffer lives.
const templates = new WeakMap<Buffer, GzipTemplate>();

/** Compresses a result that is sent on every connection (the tool list) before its first use. */
export function precompress(result: Buffer): void {
  templates.set(result, gzipTemplate(result));
}

/**
 * The gzip bytes of the response to a request with id `idJson` (the id as JSON) whose result is
 * `result`, a result that is sent again; `undefined` when the id is too long.
 */
export function gzipResponse(idJson: string, result: Buffer): Buffer | undefined {
  let template = templates.get(result);
  if (template === undefined) {
    template = gzipTemplate(result);
    templates.set(result, template);
  }
  return gzipWithId(template, idJson);
}

// A client sends the same Accept-Encoding on every request (the SDKs' fetch: `gzip, deflate`), so
// the last answer is kept: parsing it again was half a microsecond of every cached call.
let lastHeader: string | undefined;
let lastAnswer = false;

/** Whether an `Accept-Encoding` header prefers gzip to no encoding (q-values honoured). */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  if (header !== lastHeader) {
    lastAnswer = negotiate(header, ['identity', 'gzip']) === 'gzip';
    lastHeader = header;
  }
  return lastAnswer;
}
