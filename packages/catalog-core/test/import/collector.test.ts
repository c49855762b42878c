import { describe, expect, it } from 'vitest';
import { createCatalogCollector } from '../../src/import/collector.js';
import { generateSampleCatalog } from '../../src/sample/generate.js';

const [a, b] = generateSampleCatalog({ count: 2 }) as [never, never];

describe('createCatalogCollector', () => {
  it('keeps distinct products in order', () => {
    const collector = createCatalogCollector();
    expect(collector.add(a, 'line 2')).toEqual({ ok: true });
    expect(collector.add(b, 'line 3')).toEqual({ ok: true });
    expect(collector.size).toBe(2);
    expect(collector.products()).toEqual([a, b]);
  });

  it('rejects a duplicate slug, naming the first occurrence', () => {
    const collector = createCatalogCollector();
    collector.add(a, 'line 2');
    const result = collector.add({ ...(a as object), title: 'other' } as never, 'line 7');
    expect(result).toEqual({
      ok: false,
      reason: `duplicate slug "${(a as { slug: string }).slug}" (first at line 2)`,
    });
    expect(collector.size).toBe(1);
  });

  it('rejects the same marketplace item under another slug', () => {
    const collector = createCatalogCollector();
    const first = a as { slug: string; marketplace: string; item_id: string };
    collector.add(a, 'item 1');
    const result = collector.add({ ...first, slug: `other-${first.item_id}` } as never, 'item 4');
    expect(result).toEqual({
      ok: false,
      reason: `duplicate ${first.marketplace} item ${first.item_id} (first at item 1)`,
    });
  });
});
