// Everything that comes from the catalog, an operator file or the query string goes through one of
// these before it reaches a page: HTML entity escaping for HTML, backslash escaping for Markdown.

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes text for HTML element content and quoted attribute values.
 *
 * @example escapeHtml('<script>') // '&lt;script&gt;'
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * Escapes text for inline Markdown: every character CommonMark could read as markup (emphasis,
 * links, raw HTML, entities, code, tables) gets a backslash, and line breaks collapse to spaces so
 * that a value cannot start a heading, a list or a block of raw HTML.
 *
 * @example escapeMarkdown('*new* <b>') // '\\*new\\* \\<b\\>'
 */
export function escapeMarkdown(value: string): string {
  return value
    .replace(/[\r\n\t\f\v\u2028\u2029]+/g, ' ')
    .replace(/[\\`*_{}[\]()<>#+!|~&]/g, '\\$&')
    .replace(/^(\s*)([-=]|\d+[.)])/, '$1\\$2');
}

/**
 * Makes a URL safe inside a Markdown link destination `(<url>)`: characters that would end it or
 * start markup are percent-encoded.
 *
 * @example markdownUrl('https://x.example/a b') // 'https://x.example/a%20b'
 */
export function markdownUrl(url: string): string {
  return url.replace(
    /[\s<>()\\`]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/**
 * Serialises JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` become
 * Unicode escapes, so catalog text cannot close the element.
 *
 * @example jsonForScript({ name: '</script>' }) // '{"name":"\\u003c/script\\u003e"}'
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
