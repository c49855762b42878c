import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { createClickCounter } from '@repo/clicks';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalog, ensureCli, tempDir } from './helper.js';

beforeAll(ensureCli, 60_000);

const products = generateSampleCatalog({ count: 60 });
const bag = products.find((p) => p.category === 'bags')!;
const cap = products.find((p) => p.category === 'caps')!;
const DAY = 86_400_000;

/** A data folder with clicks counted as a server without Redis keeps them, and the catalog. */
async function served() {
  const dir = await tempDir();
  const file = join(dir, 'catalog.ndjson');
  await writeFile(file, `${products.map((p) => JSON.stringify(p)).join('\n')}\n`);
  const now = Date.now();
  const clicks = createClickCounter({ file: join(dir, 'clicks.json') });
  // The bag: three clients today, one through agent_b. The cap: one client ten days ago.
  for (const [i, agent] of ['agent_a', 'agent_a', 'agent_b'].entries()) {
    await clicks.record({ slug: bag.slug, agent, client: `203.0.113.${i}`, at: now });
  }
  await clicks.record({
    slug: cap.slug,
    agent: 'agent_c',
    client: '203.0.113.9',
    at: now - 10 * DAY,
  });
  // A product the catalog no longer has.
  await clicks.record({
    slug: 'gone-product-12345',
    agent: 'agent_a',
    client: '203.0.113.1',
    at: now,
  });
  await clicks.close();
  return { DATA_DIR: dir, CATALOG_FILE: file };
}

describe('catalog stats', () => {
  it('prints the top products, categories and agents of the window, with counts', async () => {
    const env = await served();
    const month = await catalog(['stats'], env);
    expect(month.code).toBe(0);
    expect(month.stdout).toMatch(
      /^5 outbound clicks from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d \(30 days/,
    );
    const lines = month.stdout.split('\n');
    const section = (title: string) =>
      lines
        .slice(lines.indexOf(title) + 2)
        .join('\n')
        .split('\n\n')[0];
    expect(section('Top products')).toMatch(
      new RegExp(
        `^\\s+3  ${bag.title.replace(/[()'.*+?[\]]/g, '\\$&')} \\(${bag.slug}, bags\\)\\n\\s+1  `,
      ),
    );
    expect(section('Top products')).toContain('gone-product-12345 (not in the catalog)');
    expect(section('Top categories')).toMatch(/^\s+3 {2}Bags\n/);
    expect(section('Agents')).toMatch(
      /^\s+3 {2}\S.* \(agent_a\)\n\s+1 {2}\S.* \((agent_b|agent_c)\)/,
    );
    // The last week leaves the cap out.
    const week = await catalog(['stats', '--days', '7', '--top', '1'], env);
    expect(week.code).toBe(0);
    expect(week.stdout).toMatch(/^4 outbound clicks/);
    expect(week.stdout).not.toContain(cap.slug);
    const weekLines = week.stdout.split('\n');
    const products = weekLines.slice(weekLines.indexOf('Top products') + 2);
    expect(products[0]).toContain(bag.slug);
    expect(products[1]).toBe('');
    // No address is in what the stats read.
    expect(week.stdout).not.toContain('203.0.113');
  });

  it('says so when nothing was clicked, and refuses a bad window', async () => {
    const dir = await tempDir();
    const none = await catalog(['stats'], { DATA_DIR: dir });
    expect(none.code).toBe(0);
    expect(none.stdout).toMatch(/^0 outbound clicks/);
    for (const days of ['0', 'x', '-3']) {
      const bad = await catalog(['stats', '--days', days], { DATA_DIR: dir });
      expect(bad.code, days).toBe(2);
      expect(bad.stderr).toContain('--days');
    }
  });
});
