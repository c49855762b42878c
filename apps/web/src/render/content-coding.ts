import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';

/** The content codings a page is kept in besides its plain bytes. */
export type ContentCoding = 'br' | 'gzip';

const CODINGS: ContentCoding[] = ['br', 'gzip'];

/** Bodies under this size go plain, kept pages and other answers alike (`@fastify/compress`'s `threshold`). */
export const MIN_CODED_BYTES = 1024;

// `*` and `x-gzip` read as gzip, as @fastify/compress reads them (RFC 9110 section 12.5.3).
const GZIP_ALIASES = /\*|x-gzip/g;

/**
 * The coding an `Accept-Encoding` header prefers among brotli and gzip (q-values honoured,
 * brotli first on a tie), or `undefined` for none: the same choice `@fastify/compress` makes.
 */
export function preferredCoding(header: string | undefined): ContentCoding | undefined {
  if (header === undefined) return undefined;
  const coding = negotiate(header.toLowerCase().replace(GZIP_ALIASES, 'gzip'), CODINGS);
  return coding === 'br' || coding === 'gzip' ? coding : undefined;
}

/**
 * `body` in `coding`. Done once per kept page, so brotli runs at quality 5, a little above the
 * quality 4 of the per-response compression of other answers: a 20 KB page in under a millisecond.
 */
export function encodeBody(body: Buffer, coding: ContentCoding): Buffer {
  return coding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body);
}
