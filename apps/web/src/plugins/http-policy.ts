import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Options of the HTTP policy plugin. */
export interface HttpPolicyOptions {
  readonly baseUrl: string;
}

/**
 * Security headers, compression and ETags for every response of the web app. The content security
 * policy allows no script at all (pages have none; JSON-LD is data, not script), only the site's
 * own stylesheet, and images from the site or over https (imported catalogs link their photos).
 */
async function httpPolicy(fastify: FastifyInstance, opts: HttpPolicyOptions) {
  const https = opts.baseUrl.startsWith('https:');
  await fastify.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'none'"],
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
  });
  await fastify.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default quality (11) costs more CPU than it saves bytes on a 20 KB page.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await fastify.register(etag);
}

/** Registers helmet, compress and etag at the level of the app that uses it. */
export default fp(httpPolicy, { name: 'web-http-policy' });
