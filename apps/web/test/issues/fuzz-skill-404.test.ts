import { describe, expect, it } from 'vitest';
import { build } from '../helper.js';

// Found by test/fuzz/pages.test.ts (seed 20251007, path "14:0:0"): an unknown skill answered its
// 404 in Markdown because the URL ends in `.md`, while OpenAPI documents problem+json for it.
describe('a 404 under /.well-known/', () => {
  it.each([
    '/.well-known/agent-skills/%3Cscript%3Ealert%281%29%3C%2Fscript%3E/SKILL.md',
    '/.well-known/agent-skills/nope/SKILL.md',
    '/.well-known/nothing.md',
  ])('is problem+json, also for a .md URL: %s', async (url) => {
    const app = await build();
    const response = await app.inject({ url, headers: { accept: 'text/markdown' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(response.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('leaves the Markdown twins of pages answering errors in Markdown', async () => {
    const app = await build();
    const response = await app.inject('/producto/nope-12345.md');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
  });
});
