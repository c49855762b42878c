import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_AGENTS, DEFAULT_CURRENCY_RATES, formatPrice, toCny } from '@repo/catalog-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalog, ensureCli, tempDir, tempFile } from '../helper.js';
import { writeXlsx } from '../xlsx.js';

beforeAll(ensureCli, 60_000);

// The sheet of issue 14, as a new user tried it.
const SHEET = `Item Name,Price,Link,QC Photos,Category,,
Jordan 4 Black Cat (LJR),¥499,https://weidian.com/item.html?itemID=7231234567,https://imgur.com/a/abc,Sneakers,,
"Essentials Hoodie, Grey",$28.50,https://item.taobao.com/item.htm?id=681234567890&spm=a1z10,,hoodies,,
Moncler Maya,389 CNY,https://agent-a.example/product?id=6912345678&platform=WEIDIAN&ref=xyz,,jackets,,
Stone Island Cargo,199,https://detail.1688.com/offer/712345678901.html,,Pants,,
`;

// The dollar price, at the rates the pages display.
const HOODIE_CNY = toCny(28.5, 'USD');

const EXPECTED = [
  {
    title: 'Jordan 4 Black Cat (LJR)',
    brand: 'Jordan',
    category: 'sneakers',
    price: 499,
    marketplace: 'weidian',
    item_id: '7231234567',
    listing_url: 'https://weidian.com/item.html?itemID=7231234567',
    // An album page is a link to open, never an image.
    qc_photos: [],
    qc_albums: ['https://imgur.com/a/abc'],
  },
  {
    title: 'Essentials Hoodie, Grey',
    brand: 'Essentials',
    category: 'hoodies',
    price: HOODIE_CNY,
    marketplace: 'taobao',
    item_id: '681234567890',
    listing_url: 'https://item.taobao.com/item.htm?id=681234567890',
  },
  {
    title: 'Moncler Maya',
    brand: 'Moncler',
    category: 'jackets',
    price: 389,
    marketplace: 'weidian',
    item_id: '6912345678',
    listing_url: 'https://weidian.com/item.html?itemID=6912345678',
  },
  {
    title: 'Stone Island Cargo',
    brand: 'Stone Island',
    category: 'pants',
    price: 199,
    marketplace: '1688',
    item_id: '712345678901',
    listing_url: 'https://detail.1688.com/offer/712345678901.html',
  },
];

async function written(path: string) {
  return (await readFile(path, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('issue 14: the sheet operators really have', () => {
  it('loads all 4 products, says first which column became which field', async () => {
    const input = await tempFile('sheet.csv', SHEET);
    const out = join(await tempDir(), 'catalog.ndjson');
    const result = await catalog(['import', input, '--out', out]);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.slice(0, 8)).toEqual([
      `columns of ${input}:`,
      '  "Item Name" → title',
      '  "Price"     → price, in the currency each cell names (a bare number is CNY)',
      '  "Link"      → listing_url: the listing (marketplace, agent or share link)',
      '  "QC Photos" → qc_photos: QC photos and albums (other text is dropped, with a warning)',
      '  "Category"  → category',
      '  ignored: 2 unnamed (F, G)',
      '  no brand column: brands are recognised from each title, or learned from the file\'s titles ("Unbranded", with a warning, when none is)',
    ]);
    expect(result.stdout).toContain(
      `line 3: warning: price: $28.50 converted to ${formatPrice(HOODIE_CNY, 'CNY')} at ${DEFAULT_CURRENCY_RATES.cny_per_unit.USD} CNY per USD (rates of ${DEFAULT_CURRENCY_RATES.as_of})`,
    );
    expect(result.stdout).toMatch(/^4 loaded \(1 with warnings\), 0 rejected$/m);
    expect(result.stdout).not.toMatch(/^line \d+: warning: brand/m);
    const products = await written(out);
    expect(products).toHaveLength(4);
    for (const [index, product] of products.entries()) {
      expect(product).toMatchObject(EXPECTED[index] as object);
    }
  });

  it('reads the same sheet as XLSX, every tab or the one --sheet names', async () => {
    const dir = await tempDir();
    const path = join(dir, 'sheet.xlsx');
    const rows = SHEET.trim()
      .split('\n')
      .map((line) =>
        (line.match(/("[^"]*"|[^,]*)(,|$)/g) ?? []).map((cell) =>
          cell.replace(/,$/, '').replace(/^"|"$/g, ''),
        ),
      );
    await writeXlsx(path, [
      { name: 'Finds', rows },
      {
        name: 'Old',
        rows: [
          ['Name', 'Price', 'Link', 'Category'],
          ['Stussy Tee', '¥99', 'https://weidian.com/item.html?itemID=7000000001', 't-shirts'],
        ],
      },
    ]);
    const out = join(dir, 'catalog.ndjson');
    const first = await catalog(['import', path, '--out', out]);
    expect(first.code, `${first.stderr}\n${first.stdout}`).toBe(0);
    // A workbook is one catalog: the products of both tabs, with a line of counts for each.
    expect(first.stdout).toMatch(/^5 loaded/m);
    expect(first.stdout).toMatch(/^ {2}"Finds" +4 loaded, 0 rejected, header on row 1$/m);
    expect(first.stdout).toMatch(/^ {2}"Old" +1 loaded/m);
    const products = await written(out);
    for (const [index, expected] of EXPECTED.entries()) {
      expect(products[index]).toMatchObject(expected as object);
    }
    expect(products[4]).toMatchObject({ title: 'Stussy Tee', category: 't-shirts' });

    const old = await catalog(['import', path, '--sheet', 'Old', '--out', out]);
    expect(old.stdout).toMatch(/^1 loaded/m);
    const missing = await catalog(['import', path, '--sheet', 'Nope', '--out', out]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('has no sheet named "Nope"; its sheets: "Finds", "Old"');
  });

  it('--dry-run shows the mapping and the first 10 parsed rows, and writes nothing', async () => {
    const body = Array.from(
      { length: 12 },
      (_, i) =>
        `Nike Dunk Low ${i},Nike,¥${300 + i},https://weidian.com/item.html?itemID=${7000000100 + i},sneakers`,
    );
    const input = await tempFile('many.csv', ['Name,Brand,Price,W2C,Type', ...body].join('\n'));
    const out = join(await tempDir(), 'catalog.ndjson');
    const result = await catalog(['import', input, '--out', out, '--dry-run']);
    expect(result.code).toBe(0);
    const shown = result.stdout.split('\n').filter((line) => line.startsWith('  line '));
    expect(shown).toHaveLength(10);
    expect(shown[0]).toBe(
      '  line 2: Nike Dunk Low 0 | Nike | sneakers | ¥300.00 | weidian 7000000100 | https://weidian.com/item.html?itemID=7000000100',
    );
    expect(result.stdout).toContain('12 loaded (0 with warnings), 0 rejected');
    expect(result.stdout).toContain(`dry run: ${out} was not written`);
    expect(existsSync(out)).toBe(false);
  });

  it('--strict refuses rows that only load with a warning', async () => {
    const input = await tempFile('sheet.csv', SHEET);
    const out = join(await tempDir(), 'catalog.ndjson');
    const result = await catalog(['import', input, '--out', out, '--strict']);
    expect(result.stdout).toMatch(
      /^line 3: .*price: \$28\.50 converted to ¥[\d.]+ .* \(strict: a warning refuses the row\)$/m,
    );
    expect(result.stdout).not.toMatch(/warning: /);
  });

  it('--map overrides the recognition; a bad map is a usage error', async () => {
    const input = await tempFile(
      'odd.csv',
      'Artikel,Kosten,Adresse,Art\nMoncler Maya,50,https://weidian.com/item.html?itemID=7231234567,jackets\n',
    );
    const out = join(await tempDir(), 'catalog.ndjson');
    const result = await catalog([
      'import',
      input,
      '--out',
      out,
      '--map',
      'Artikel=title,Kosten=price_usd,Adresse=listing_url,Art=category',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      '"Kosten"  → price, in USD unless a cell names its currency (--map)',
    );
    expect(await written(out)).toMatchObject([
      { title: 'Moncler Maya', price: toCny(50, 'USD'), category: 'jackets' },
    ]);
    const bad = await catalog(['import', input, '--map', 'Artikel=nonsense']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--map: column map: "nonsense" (for "Artikel") is not a field');
  });

  it('reads agent links with the link rules of AGENTS_FILE', async () => {
    const dir = await tempDir();
    const agentsFile = join(dir, 'agents.json');
    const [first, ...rest] = DEFAULT_AGENTS;
    // Number codes for the marketplace: only the agent's own rule can read them.
    const hoobuy = {
      ...first,
      link: {
        template: 'https://www.hoobuy.com/product/{platform}/{id}',
        platform_codes: { weidian: '2', taobao: '1', '1688': '0' },
      },
    };
    await writeFile(agentsFile, JSON.stringify({ agents: [hoobuy, ...rest] }));
    const input = await tempFile(
      'hoobuy.csv',
      'Name,Price,Link,Category\nMoncler Maya,389,https://www.hoobuy.com/product/2/6912345678?inviteCode=x,jackets\n',
    );
    const out = join(dir, 'catalog.ndjson');
    const result = await catalog(['import', input, '--out', out], { AGENTS_FILE: agentsFile });
    expect(result.code).toBe(0);
    expect(await written(out)).toMatchObject([{ marketplace: 'weidian', item_id: '6912345678' }]);
    const without = await catalog(['import', input, '--out', out]);
    expect(without.stdout).toMatch(
      /^line 2: listing_url: not a weidian, taobao or 1688 item link/m,
    );
  });
});
