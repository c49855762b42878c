import { hash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { MIN_CODED_BYTES } from '../render/content-coding.js';

/** Options of the HTTP policy plugin. */
export interface HttpPolicyOptions {
  readonly baseUrl: string;
}

/**
 * Security headers, compression and ETags for every response of the web app. The content security
 * policy allows only the site's own script and stylesheet (JSON-LD is data, not script: it needs
 * no permission), and images from the site or over https (imported catalogs link their photos).
 */
async function httpPolicy(fastify: FastifyInstance, opts: HttpPolicyOptions) {
  const headers = securityHeaders(helmetOptions(opts.baseUrl.startsWith('https:')));
  // Every answer, errors and 404s included, as helmet's own middleware would set them.
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await fastify.register(compress, {
    threshold: MIN_CODED_BYTES,
    encodings: ['br', 'gzip'],
    // Brotli's default quality (11) costs more CPU than it saves bytes on a 20 KB page.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // The web app reads no request body (other methods get 405 before theirs is read, see
    // `readOnly`): no decompression hook on its routes.
    globalDecompression: false,
  });
  // The same strong ETags as the plugin's default (SHA-1, base64), without a Hash object per
  // response: crypto.hash is the one-shot form.
  await fastify.register(etag, { hashFn: (payload) => hash('sha1', payload, 'base64') });
}

function helmetOptions(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The search suggestions, served from /assets/ with their integrity; nothing inline.
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'https:', 'data:'],
        fontSrc: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Over plain http (local runs) HSTS means nothing and would pin a test host name to https.
    strictTransportSecurity: https ? { maxAge: 31_536_000 } : false,
    // Documents are fetched cross-origin by agents and scanners; pages only embed their own assets.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // Headers for software no visitor runs any more, sent on every answer for nothing: IE8's
    // download prompt, Flash and Acrobat cross-domain policy files, and the XSS auditor that
    // browsers removed (helmet sends `0` only to turn it off).
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/**
 * The headers helmet sets for `options`, read once: with no per-request directive (no nonce),
 * they are the same for every answer. @fastify/helmet ran helmet's whole middleware on each
 * request, parsing the content security policy again every time: 15-20% of a page's CPU.
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
}

/** Registers helmet, compress and etag at the level of the app that uses it. */
export default fp(httpPolicy, { name: 'web-http-policy' });
