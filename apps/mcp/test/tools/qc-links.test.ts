import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { getToolContract, type Product } from '@repo/catalog-core';
import { createEmbeddedIndex } from '@repo/search/embedded';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, products, type RunningServer, rpc, startServer } from '../helper.js';

// QC photos and albums in search_products. The built server reads a catalog file whose QC cells
// are as community sheets write them (photos, albums and junk in one cell, or in a list), and the
// official SDK client calls the tool: the client validates structuredContent against the listed
// outputSchema itself, the compiled contract checks it again. qc_photos stays what it always was,
// a list of image URLs; albums come apart in qc_albums, as {url, label}, never as photos.

const output = Compile(getToolContract('search_products')!.outputSchema);

const PHOTOS = ['https://i.imgur.com/AbCdEf1.jpg', 'https://img.alicdn.com/imgextra/i1/a_!!1.png'];
const ALBUMS = [
  { url: 'https://imgur.com/a/Xy12ab', label: 'QC album on Imgur' },
  { url: 'https://store.x.yupoo.com/albums/123?uid=1', label: 'QC album on Yupoo' },
  // A picture file that only opens on Yupoo: an album link, although it ends in .jpg.
  { url: 'https://photo.yupoo.com/store/abc123/big.jpg', label: 'QC photo on Yupoo' },
  { url: 'https://drive.google.com/drive/folders/1AbCdE', label: 'QC folder on Google Drive' },
  {
    url: 'https://www.reddit.com/r/QualityReps/comments/abc123/qc_quokka/',
    label: 'QC post on Reddit',
  },
];
const JUNK = [
  'see yupoo',
  'javascript:alert(1)',
  '//evil.example/x.png',
  'http://i.imgur.com/x.jpg',
];

/** A catalog row as an operator's file has it: the product, its QC cells as written. */
function row(product: Product, title: string, qc: { qc_photos?: unknown; qc_albums?: unknown }) {
  const { qc_photos: _, qc_albums: __, slug: ___, ...rest } = product;
  return { ...rest, title, ...qc };
}

const [first, second, third] = products;
const ROWS = [
  // One cell, as a sheet's "QC pics" column holds it: links, words and junk mixed.
  row(first!, 'Quokka Shell Jacket', {
    qc_photos: [
      `QC: ${PHOTOS[0]} ${ALBUMS[0]!.url} see yupoo`,
      `${PHOTOS[1]} | ${JUNK.slice(1).join(' ')}`,
    ].join('\n'),
    qc_albums: ALBUMS.slice(1).map((a) => a.url),
  }),
  row(second!, 'Quokka Junk Tee', { qc_photos: JUNK.join(', ') }),
  row(third!, 'Quokka Plain Cap', {}),
];

interface Item {
  title: string;
  qc_photos: unknown[];
  qc_albums: unknown[];
}

let dir: string;
let server: RunningServer;
let client: Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-qc-links-'));
  const file = join(dir, 'catalog.ndjson');
  writeFileSync(file, `${ROWS.map((r) => JSON.stringify(r)).join('\n')}\n`);
  server = await startServer({ CATALOG_FILE: file });
  client = new Client({ name: 'qc-links-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  // The client validates a tool's structuredContent once it has the tool's outputSchema, from a
  // listing: listed first, every call below is validated by the SDK itself.
  await client.listTools();
}, 60_000);
afterAll(async () => {
  await client?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The items of a search through the SDK client, by title, checked against the contract. */
async function search(args: Record<string, unknown>): Promise<Map<string, Item>> {
  const result = await client.callTool({ name: 'search_products', arguments: args });
  expect(result.isError).toBeFalsy();
  expect([...output.Errors(result.structuredContent)]).toEqual([]);
  const { items } = result.structuredContent as { items: Item[] };
  return new Map(items.map((item) => [item.title, item]));
}

describe('search_products through the official SDK client', () => {
  it('lists the albums as {url, label} apart from the photos, which stay URL strings', async () => {
    const items = await search({ query: 'quokka', limit: 10 });
    expect([...items.keys()].sort()).toEqual([
      'Quokka Junk Tee',
      'Quokka Plain Cap',
      'Quokka Shell Jacket',
    ]);
    const jacket = items.get('Quokka Shell Jacket')!;
    expect(jacket.qc_photos).toEqual(PHOTOS);
    expect(jacket.qc_albums).toEqual(ALBUMS);
    // Nothing but https photos: no album, no junk, nothing glued to the server's URL.
    for (const item of items.values()) {
      for (const photo of item.qc_photos) {
        expect(typeof photo).toBe('string');
        expect(PHOTOS).toContain(photo);
      }
    }
    expect(items.get('Quokka Junk Tee')).toMatchObject({ qc_photos: [], qc_albums: [] });
    expect(items.get('Quokka Plain Cap')).toMatchObject({ qc_photos: [], qc_albums: [] });
  });

  it('lists the albums in the tool’s outputSchema, so clients that check it accept them', async () => {
    const { tools } = await client.listTools();
    const schema = tools.find((t) => t.name === 'search_products')?.outputSchema as unknown as {
      properties: { items: { items: { properties: Record<string, unknown>; required: string[] } } };
    };
    const item = schema.properties.items.items;
    expect(item.required).toEqual(expect.arrayContaining(['qc_photos', 'qc_albums']));
    expect(item.properties.qc_photos).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(item.properties.qc_albums).toMatchObject({
      type: 'array',
      items: { type: 'object', required: ['url', 'label'] },
    });
  });
});

describe('search_products over an index nobody imported', () => {
  it('shows only https photos and albums, whatever a product’s lists hold', async () => {
    // An index built by other code skips the import's reading of QC cells: the tool checks again.
    const junk: Product = {
      ...products[0]!,
      title: 'Quokka Raw Hoodie',
      qc_photos: [
        ...JUNK,
        PHOTOS[0]!,
        `/qc/${products[1]!.slug}/1.svg`,
        'data:image/png;base64,AA',
      ],
      qc_albums: ['javascript:alert(2)', 'http://imgur.com/a/Xy12ab', ALBUMS[0]!.url, 'see album'],
    };
    const app = await build({}, { index: createEmbeddedIndex([junk, ...products.slice(1)]) });
    const response = await app.inject(
      rpc({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_products', arguments: { query: 'quokka', limit: 5 } },
      }),
    );
    const { structuredContent } = response.json().result;
    expect([...output.Errors(structuredContent)]).toEqual([]);
    expect(structuredContent.items).toHaveLength(1);
    expect(structuredContent.items[0]).toMatchObject({
      qc_photos: [PHOTOS[0]],
      qc_albums: [ALBUMS[0]],
    });
  });
});
