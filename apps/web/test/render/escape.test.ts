import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeMarkdown, jsonForScript, markdownUrl } from '../../src/render/escape.js';
import { html } from '../../src/render/html.js';

const NASTY = '<script>alert("x")</script> *bold* _it_ [link](javascript:alert(1)) `code` # & |';

describe('escaping', () => {
  it('escapes HTML, and html`` escapes every interpolation', () => {
    expect(escapeHtml(NASTY)).not.toMatch(/[<>"]/);
    expect(html`<p title="${NASTY}">${NASTY}</p>`.value).toBe(
      `<p title="${escapeHtml(NASTY)}">${escapeHtml(NASTY)}</p>`,
    );
  });

  it('escapes Markdown so that marked renders the text literally, without tags or links', () => {
    const rendered = marked.parse(escapeMarkdown(NASTY), { async: false });
    expect(rendered).not.toMatch(/<script|<a |<em>|<strong>|<code>|<h1/);
    expect(rendered).toContain('&lt;script&gt;');
  });

  it('cannot start a block from inline text', () => {
    for (const text of ['# heading', '- item', '1. item', '> quote', 'a\n\n<div>x</div>', '=== ']) {
      const rendered = marked.parse(escapeMarkdown(text), { async: false });
      expect(rendered.trim()).toMatch(/^<p>/);
    }
  });

  it('keeps link destinations closed and JSON-LD inside its script', () => {
    expect(markdownUrl('https://x.example/a b)(<c>')).toBe('https://x.example/a%20b%29%28%3Cc%3E');
    expect(jsonForScript({ name: '</script><script>' })).not.toContain('<');
  });
});
