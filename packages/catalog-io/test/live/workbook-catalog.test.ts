import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openLiveCatalog } from '../../src/live/live-catalog.js';
import { tempDir } from '../helper.js';
import { writeXlsx } from '../xlsx.js';

const weidian = (id: number) => `https://weidian.com/item.html?itemID=${7_300_000_000 + id}`;

describe('a server whose CATALOG_FILE is a workbook', () => {
  it('serves the products of every tab, by the import’s rules', async () => {
    const file = join(await tempDir(), 'finds.xlsx');
    await writeXlsx(file, [
      { name: 'ℹ️ Info', rows: [['How to order: paste a LINK into your agent']] },
      {
        name: '👟 Schuhe',
        rows: [
          ['🔥 EU FINDS 🔥'],
          ['Artikel', 'Preis (¥)', 'Link'],
          ['Nike Dunk Low Panda', 299, { text: 'LINK', hyperlink: weidian(1) }],
        ],
      },
      {
        name: 'Taschen',
        rows: [
          ['Nom', 'Prix', 'Lien'],
          ['Goyard Saint Louis PM', '45,50 €', { text: '🔗', hyperlink: weidian(2) }],
        ],
      },
    ]);
    const catalog = await openLiveCatalog({ engine: 'embedded', file }, undefined, {
      pollMs: 0,
      settleMs: 50,
    });
    onTestFinished(() => catalog.close());
    const { hits } = await catalog.current.index.search({ limit: 10 } as never);
    expect(
      hits.map((p: { title: string; category: string; item_id: string }) => [
        p.title,
        p.category,
        p.item_id,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['Nike Dunk Low Panda', 'sneakers', '7300000001'],
        ['Goyard Saint Louis PM', 'bags', '7300000002'],
      ]),
    );
    expect(hits).toHaveLength(2);
  });
});
