import { copyFile, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentVersion } from '../../src/live/content-version.js';
import { type OpenedCatalog, openCatalog } from '../../src/open-catalog.js';
import { writeCatalogFile } from '../../src/write-catalog-file.js';

// A prepared form is a file on disk that anything may have cut short, damaged or left from an
// older release: it is checked whole before it is trusted, and rebuilt from the catalog when it
// is not right. What the catalog answers never depends on which happened.
let dir: string;
let file: string;
let preparedDir: string;
const QUERIES = [
  { q: 'jordan 4' },
  { q: 'hoodie', sort: 'price_asc' as const },
  {},
  { q: 'yeezy 350' },
];

async function answers(catalog: OpenedCatalog) {
  const pages = [];
  for (const query of QUERIES) {
    const { hits, total } = await catalog.index.search(query);
    pages.push({ total, slugs: hits.map((p) => p.slug) });
  }
  const first = pages[0]!.slugs[0]!;
  return { pages, product: await catalog.index.getBySlug(first) };
}

async function open(): Promise<{ catalog: OpenedCatalog; rebuilt: string[] }> {
  const rebuilt: string[] = [];
  const catalog = await openCatalog(
    { engine: 'embedded', file, preparedDir },
    {
      info: (fields: { rebuilt?: string[] }) => rebuilt.push(...(fields.rebuilt ?? [])),
      warn: () => {},
    },
  );
  return { catalog, rebuilt };
}

let expected: Awaited<ReturnType<typeof answers>>;
let kept: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'prepared-'));
  file = join(dir, 'catalog.ndjson');
  preparedDir = join(dir, 'prepared');
  await writeCatalogFile(file, generateSampleCatalog({ count: 400, seed: 3 }));
  const { catalog } = await open();
  expect(catalog.prepared).toBe('built');
  expected = await answers(catalog);
  await catalog.index.close();
  const [name] = await readdir(preparedDir);
  kept = join(preparedDir, name!);
  await copyFile(kept, `${kept}.good`);
});

afterAll(() => rm(dir, { recursive: true, force: true }));

/** Rewrites the trailer of a prepared file (its CRC made right again). */
async function withTrailer(path: string, change: (trailer: Record<string, unknown>) => void) {
  const bytes = await readFile(path);
  const tail = bytes.subarray(bytes.length - 16);
  const length = tail.readUInt32LE(0);
  const start = bytes.length - 16 - length;
  const trailer = JSON.parse(bytes.subarray(start, start + length).toString('utf8'));
  change(trailer);
  const json = Buffer.from(JSON.stringify(trailer));
  const newTail = Buffer.from(tail);
  newTail.writeUInt32LE(json.length, 0);
  newTail.writeUInt32LE(crc32(json), 4);
  await writeFile(path, Buffer.concat([bytes.subarray(0, start), json, newTail]));
}

async function flipByte(
  path: string,
  where: (trailer: {
    products: { offset: number; length: number };
    index: { offset: number; length: number };
  }) => number,
) {
  const bytes = await readFile(path);
  const length = bytes.readUInt32LE(bytes.length - 16);
  const trailer = JSON.parse(
    bytes.subarray(bytes.length - 16 - length, bytes.length - 16).toString('utf8'),
  );
  const at = where(trailer);
  bytes[at] = bytes[at]! ^ 0x5a;
  await writeFile(path, bytes);
}

describe('a prepared form that cannot be trusted is rebuilt, and the catalog answers the same', () => {
  const cases: [string, () => Promise<void>, RegExp][] = [
    ['read as it was kept', async () => {}, /^$/],
    ['cut short', () => truncate(kept, 1000), /cut short|not a prepared/],
    [
      'cut in its trailer',
      async () => truncate(kept, (await readFile(kept)).length - 5),
      /cut short|not a prepared/,
    ],
    [
      'a byte of a product changed',
      () => flipByte(kept, (t) => t.products.offset + 100),
      /products are damaged/,
    ],
    [
      'a byte of the index changed',
      () => flipByte(kept, (t) => t.index.offset + t.index.length - 9),
      /index is damaged/,
    ],
    [
      'of an older format',
      () =>
        withTrailer(kept, (t) => {
          t.format = 0;
        }),
      /format 0/,
    ],
    [
      'built from another version',
      () =>
        withTrailer(kept, (t) => {
          t.source = 'another';
        }),
      /another version/,
    ],
    ['not a prepared form at all', () => writeFile(kept, 'hello'), /cut short|not a prepared/],
  ];
  it.each(cases)('%s', async (_name, spoil, reason) => {
    await copyFile(`${kept}.good`, kept);
    await spoil();
    const { catalog, rebuilt } = await open();
    try {
      if (reason.source === '^$') expect(catalog.prepared).toBe('kept');
      else {
        expect(catalog.prepared).toBe('built');
        expect(rebuilt.join('\n')).toMatch(reason);
      }
      expect(await answers(catalog)).toEqual(expected);
    } finally {
      await catalog.index.close();
    }
  });

  it('names the version the catalog bytes hash to, without hashing them again', async () => {
    await copyFile(`${kept}.good`, kept);
    const { catalog } = await open();
    expect(catalog.prepared).toBe('kept');
    expect(catalog.version).toBe(await contentVersion([{ name: 'catalog', file }]));
    await catalog.index.close();
  });

  it('reads a catalog file changed since its form was built again', async () => {
    const changed = join(dir, 'changed.ndjson');
    await copyFile(file, changed);
    await copyFile(`${kept}.good`, kept);
    await writeCatalogFile(file, generateSampleCatalog({ count: 300, seed: 4 }));
    const { catalog } = await open();
    try {
      expect(catalog.prepared).toBe('built');
      expect((await catalog.index.health()).products).toBe(300);
      expect(catalog.version).toBe(await contentVersion([{ name: 'catalog', file }]));
    } finally {
      await catalog.index.close();
      await copyFile(changed, file);
    }
  });

  it('reads the one beside the catalog first, and passes over a stale one there', async () => {
    await copyFile(`${kept}.good`, `${file}.prepared`);
    await rm(kept, { force: true });
    const first = await open();
    expect(first.catalog.prepared).toBe('beside');
    expect(await answers(first.catalog)).toEqual(expected);
    await first.catalog.index.close();
    await withTrailer(`${file}.prepared`, (t) => {
      t.source = 'older';
    });
    const second = await open();
    expect(second.catalog.prepared).toBe('built');
    expect(second.rebuilt.join('\n')).toMatch(
      /catalog\.ndjson\.prepared: it was built from another version/,
    );
    expect(await answers(second.catalog)).toEqual(expected);
    await second.catalog.index.close();
  });
});
