import { describe, expect, it } from 'vitest';
import { negotiate, parseAccept } from '../../src/render/negotiate.js';

describe('negotiate', () => {
  it.each([
    [undefined, 'html'],
    ['', 'html'],
    ['*/*', 'html'],
    ['text/html', 'html'],
    ['text/markdown', 'markdown'],
    ['text/markdown, text/html;q=0.9', 'markdown'],
    ['text/html;q=0.5, text/markdown;q=0.8', 'markdown'],
    ['text/html, text/markdown;q=0.8', 'html'],
    ['text/markdown;q=0.5, */*;q=0.9', 'html'],
    ['text/*;q=0.1, text/markdown', 'markdown'],
    ['text/html;q=0, */*', 'markdown'],
    ['text/markdown;q=0', 'html'],
    ['image/png', 'html'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'html'],
    ['TEXT/MARKDOWN', 'markdown'],
    ['text/markdown;q=abc', 'html'],
  ] as const)('%s → %s', (accept, expected) => {
    expect(negotiate(accept)).toBe(expected);
  });

  it('offers JSON where asked to', () => {
    expect(negotiate('application/json', ['html', 'markdown', 'json'])).toBe('json');
    expect(
      negotiate('application/problem+json;q=0.9, text/html;q=0.5', ['html', 'markdown', 'json']),
    ).toBe('json');
  });

  it('parses q-values and ignores malformed ranges', () => {
    expect(parseAccept('text/html;level=1;q=0.7, bogus, */*;q=2')).toEqual([
      { type: 'text', subtype: 'html', q: 0.7 },
      { type: '*', subtype: '*', q: 1 },
    ]);
  });
});
