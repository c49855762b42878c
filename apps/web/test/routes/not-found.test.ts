import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { build } from '../helper.js';

// The error page builds its canonical and Markdown URLs from the request's path, and building a
// URL of the site now throws for anything but a site path. A request target that is not a plain
// path (absolute form `http://host/x`, which proxies send, or `//host/x`) must still get its 404
// page, not a 500. `inject` turns an absolute URL into its path, so those go over a real socket.

/** Sends one raw HTTP/1.1 request line and returns the status and the body. */
async function raw(port: number, target: string, accept: string) {
  const answer = await new Promise<string>((resolve, reject) => {
    let data = '';
    const socket = connect(port, '127.0.0.1', () => {
      socket.end(
        `GET ${target} HTTP/1.1\r\nHost: test.local\r\nAccept: ${accept}\r\nConnection: close\r\n\r\n`,
      );
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
    });
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
  const [head = '', body = ''] = answer.split('\r\n\r\n', 2);
  return { status: Number(head.split(' ')[1]), head, body };
}

const TARGETS = [
  'http://evil.example/missing',
  'https://evil.example/producto/no-such-thing-12345',
  'HTTP://evil.example/missing?q=1',
  'http://evil.example//missing',
  'https://user:pass@evil.example/missing',
  '//evil.example/missing',
  '//missing',
];

describe('a missing page asked for by an unusual request target', () => {
  it.each(TARGETS)('%s is a 404 page in HTML and in Markdown', async (target) => {
    const app = await build();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const html = await raw(port, target, 'text/html');
    expect(html.status, html.body.slice(0, 200)).toBe(404);
    expect(html.head).toMatch(/content-type: text\/html/i);
    expect(html.body).toContain('<h1>Page not found</h1>');
    // The page's own links stay on the site, whatever host the target named.
    expect(html.body).toMatch(/<link rel="canonical" href="http:\/\/test\.local\/[^/"]/);
    expect(html.body).not.toMatch(/href="(?:https?:)?\/\/(?:[^/"]*@)?evil\.example/i);
    const md = await raw(port, target, 'text/markdown');
    expect(md.status).toBe(404);
    expect(md.head).toMatch(/content-type: text\/markdown/i);
    expect(md.body).toMatch(/^url: "http:\/\/test\.local\/[^/"]/m);
  });

  it('is a 404 page for a `//` path through inject as well', async () => {
    const app = await build();
    for (const url of ['//evil.example/missing', '//missing.md', '///missing']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toMatch(/(?:href="|\]\()(?:https?:)?\/\/evil\.example/);
    }
  });
});
