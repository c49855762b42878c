import { describe, expect, it } from 'vitest';
import { absoluteUrl, catalogUrl, categoryUrl, productUrl, spreadsheetUrl } from '../src/urls.js';

const base = 'https://shop.example';

describe('public URLs', () => {
  it('build pages and their Markdown twins', () => {
    expect(productUrl(base, 'nike-dunk-123456')).toBe(
      'https://shop.example/producto/nike-dunk-123456',
    );
    expect(productUrl(base, 'nike-dunk-123456', 'md')).toBe(
      'https://shop.example/producto/nike-dunk-123456.md',
    );
    expect(categoryUrl(base, 't-shirts', 'md')).toBe('https://shop.example/category/t-shirts.md');
    expect(spreadsheetUrl(base, 'agent_a')).toBe('https://shop.example/spreadsheet/agent_a');
    expect(catalogUrl(base)).toBe('https://shop.example/catalog');
    expect(catalogUrl(base, 'dunk & "low"', 'md')).toBe(
      'https://shop.example/catalog.md?q=dunk%20%26%20%22low%22',
    );
  });

  it('make catalog paths absolute and leave absolute URLs alone', () => {
    expect(absoluteUrl(base, '/qc/a-123456/1.svg')).toBe('https://shop.example/qc/a-123456/1.svg');
    expect(absoluteUrl(base, 'https://img.example/1.jpg')).toBe('https://img.example/1.jpg');
  });
});
