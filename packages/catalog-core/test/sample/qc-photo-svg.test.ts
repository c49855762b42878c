import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/product.js';
import { generateSampleCatalog } from '../../src/sample/generate.js';
import { renderQcPhotoSvg } from '../../src/sample/qc-photo-svg.js';

/** A small well-formedness check: balanced tags, quoted attributes, only known entities. */
function assertWellFormed(xml: string): void {
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|<|>/g;
  let match: RegExpExecArray | null = tag.exec(xml);
  let last = 0;
  let text = '';
  while (match) {
    text += xml.slice(last, match.index);
    last = tag.lastIndex;
    if (match[2] === undefined) throw new Error(`stray "${match[0]}" at ${match.index}`);
    if (match[1]) {
      if (stack.pop() !== match[2]) throw new Error(`unbalanced </${match[2]}> at ${match.index}`);
    } else if (!match[4]) stack.push(match[2]);
    for (const [, value] of (match[3] ?? '').matchAll(/="([^"]*)"/g)) text += value;
    match = tag.exec(xml);
  }
  expect(stack).toEqual([]);
  expect(text.replace(/&(?:amp|lt|gt|quot|apos);/g, '')).not.toMatch(/&/);
}

const products = generateSampleCatalog({ count: 200 });

describe('renderQcPhotoSvg', () => {
  it('renders a well-formed, self-contained SVG for every photo', () => {
    for (const product of products.slice(0, 40)) {
      for (let n = 1; n <= product.qc_photos.length; n++) {
        const svg = renderQcPhotoSvg(product, n);
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        assertWellFormed(svg);
        expect(svg).toContain(`QC ${n}/${product.qc_photos.length}`);
        expect(svg).not.toMatch(/<script|href=|url\(|<image|<foreignObject|\son\w+=/i);
      }
    }
  });

  it('is deterministic and differs between photos of a product', () => {
    const product = products[0]!;
    expect(renderQcPhotoSvg(product, 1)).toBe(renderQcPhotoSvg(structuredClone(product), 1));
    expect(renderQcPhotoSvg(product, 1)).not.toBe(renderQcPhotoSvg(product, 2));
  });

  it('escapes text from imported products', () => {
    const hostile: Product = {
      ...products[0]!,
      brand: 'A&B <x>',
      model: `"quoted" 'model'`,
      title: 'Title </svg><script>alert(1)</script>',
      colorway: 'Black & White\u0001',
    };
    const svg = renderQcPhotoSvg(hostile, 1);
    assertWellFormed(svg);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('A&amp;B &lt;x&gt; &quot;quoted&quot; &apos;model&apos;');
    expect(svg).toContain('Title &lt;/svg&gt;&lt;script&gt;');
    expect(svg).not.toContain('\u0001');
  });

  it('draws every category', () => {
    const categories = new Set<string>();
    for (const product of generateSampleCatalog({ count: 500 })) {
      if (categories.has(product.category)) continue;
      categories.add(product.category);
      assertWellFormed(renderQcPhotoSvg(product, 1));
    }
    expect(categories.size).toBe(14);
  });

  it('rejects a photo number the product does not have', () => {
    const product = products[0]!;
    expect(() => renderQcPhotoSvg(product, 0)).toThrow(RangeError);
    expect(() => renderQcPhotoSvg(product, product.qc_photos.length + 1)).toThrow(RangeError);
    expect(() => renderQcPhotoSvg(product, 1.5)).toThrow(RangeError);
  });
});
