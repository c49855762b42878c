import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SUGGEST_SCRIPT } from '../../src/assets/suggest-script.js';
import { build } from '../helper.js';

describe('the suggestions script', () => {
  it('stays within its budget: 6 KB gzipped', () => {
    expect(gzipSync(SUGGEST_SCRIPT, { level: 9 }).length).toBeLessThanOrEqual(6 * 1024);
  });

  it('is plain script: it parses, and holds no text of its own to translate', () => {
    expect(() => new Function(SUGGEST_SCRIPT)).not.toThrow();
    // ASCII only, so its bytes are the same however a server or proxy labels them.
    expect(SUGGEST_SCRIPT).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('is loaded by every page with its integrity, and served for a year under its hash', async () => {
    const app = await build();
    const page = await app.inject('/catalog?q=jordan');
    const tag =
      /<script src="(\/assets\/suggest\.[0-9a-f]{12}\.js)" integrity="(sha384-[^"]+)" defer><\/script>/.exec(
        page.body,
      );
    expect(tag, 'script tag').not.toBeNull();
    const [, href = '', integrity] = tag ?? [];
    const script = await app.inject(href);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body).toBe(SUGGEST_SCRIPT);
    expect(integrity).toBe(
      `sha384-${createHash('sha384').update(script.rawPayload).digest('base64')}`,
    );
    expect((await app.inject('/')).body).toContain(`<script src="${href}"`);
  });
});
