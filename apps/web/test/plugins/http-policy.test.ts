import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it, onTestFinished } from 'vitest';
import { securityHeaders } from '../../src/plugins/http-policy.js';
import { build } from '../helper.js';

/** The headers helmet's own middleware sets on a real response, for `options`. */
async function helmetOnARealResponse(options: HelmetOptions): Promise<Record<string, string>> {
  const middleware = helmet(options);
  const server = createServer((req, res) => {
    middleware(req, res, () => res.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`);
  await response.text();
  const headers = Object.fromEntries(response.headers);
  for (const plain of ['connection', 'content-length', 'date', 'keep-alive']) delete headers[plain];
  return headers;
}

describe('securityHeaders', () => {
  it.each<[string, HelmetOptions]>([
    ['the defaults', {}],
    [
      'a strict policy over https',
      {
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'none'"],
            upgradeInsecureRequests: [],
          },
        },
        strictTransportSecurity: { maxAge: 31_536_000 },
        crossOriginResourcePolicy: { policy: 'cross-origin' },
      },
    ],
    ['no HSTS', { strictTransportSecurity: false }],
  ])('reads the same headers as helmet sets on a response: %s', async (_name, options) => {
    expect(securityHeaders(options)).toEqual(await helmetOnARealResponse(options));
  });
});

describe('the web app', () => {
  it.each([
    ['a page', '/', 200],
    ['a document', '/llms.txt', 200],
    ['a refused query', '/catalog?page=0', 400],
    ['an unknown URL', '/no/such/page', 404],
  ])('sends every security header on %s', async (_name, url, status) => {
    const app = await build({ BASE_URL: 'https://shop.example' });
    const response = await app.inject(url);
    expect(response.statusCode).toBe(status);
    expect(response.headers).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-resource-policy': 'cross-origin',
      'referrer-policy': 'no-referrer',
      'content-security-policy': expect.stringContaining('upgrade-insecure-requests'),
    });
  });
});

describe('ETags', () => {
  it('are the SHA-1 of the body, in base64, and answer 304 when they match', async () => {
    const app = await build();
    const first = await app.inject('/llms.txt');
    const sha1 = createHash('sha1').update(first.rawPayload).digest('base64');
    expect(first.headers.etag).toBe(`"${sha1}"`);
    const again = await app.inject({
      url: '/llms.txt',
      headers: { 'if-none-match': `"${sha1}"` },
    });
    expect(again.statusCode).toBe(304);
  });
});
