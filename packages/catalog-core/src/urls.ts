import type { CategoryId } from './categories.js';

// The public URL scheme, in one place: pages, their Markdown twins and tool results all link
// through these, so a path never drifts between the web app and the MCP server.

/**
 * Makes a catalog path (`/qc/...`) absolute under `baseUrl`; absolute URLs pass through.
 *
 * @example absoluteUrl('https://shop.example', '/qc/a-123456/1.svg') // 'https://shop.example/qc/a-123456/1.svg'
 */
export function absoluteUrl(baseUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${baseUrl}${pathOrUrl}`;
}

/** `/producto/{slug}` (HTML) or `/producto/{slug}.md` (Markdown). */
export function productUrl(baseUrl: string, slug: string, format: 'html' | 'md' = 'html'): string {
  return `${baseUrl}/producto/${encodeURIComponent(slug)}${format === 'md' ? '.md' : ''}`;
}

/** `/category/{id}` (HTML) or `/category/{id}.md` (Markdown). */
export function categoryUrl(
  baseUrl: string,
  id: CategoryId,
  format: 'html' | 'md' = 'html',
): string {
  return `${baseUrl}/category/${id}${format === 'md' ? '.md' : ''}`;
}

/** `/spreadsheet/{agent}` (HTML) or `/spreadsheet/{agent}.md` (Markdown). */
export function spreadsheetUrl(
  baseUrl: string,
  agentId: string,
  format: 'html' | 'md' = 'html',
): string {
  return `${baseUrl}/spreadsheet/${encodeURIComponent(agentId)}${format === 'md' ? '.md' : ''}`;
}

/** `/catalog?q=…` (HTML) or `/catalog.md?q=…` (Markdown); an empty query gives the bare path. */
export function catalogUrl(baseUrl: string, q?: string, format: 'html' | 'md' = 'html'): string {
  const path = `${baseUrl}/catalog${format === 'md' ? '.md' : ''}`;
  return q ? `${path}?q=${encodeURIComponent(q)}` : path;
}

/**
 * `/shipping` (HTML) or `/shipping.md` (Markdown), the shipping calculator, with its query
 * parameters (`country`, `weight`, `items`, `length`, `width`, `height`); empty ones are left out.
 *
 * @example shippingUrl('https://shop.example', { country: 'PL', items: 'nike-dunk-7231234567' })
 * // 'https://shop.example/shipping?country=PL&items=nike-dunk-7231234567'
 */
export function shippingUrl(
  baseUrl: string,
  params: Readonly<Record<string, string | undefined>> = {},
  format: 'html' | 'md' = 'html',
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  // Slugs, quantities and commas need no escaping in a query; kept readable for people.
  const query = search.toString().replace(/%2C/g, ',').replace(/%3A/g, ':');
  return `${baseUrl}/shipping${format === 'md' ? '.md' : ''}${query ? `?${query}` : ''}`;
}
