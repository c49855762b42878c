import { generateSampleCatalog } from '@repo/catalog-core/sample';
import { afterEach, describe, expect, it } from 'vitest';
import { MEILISEARCH_INDEX_SETTINGS } from '../src/meilisearch/documents.js';
import { indexCatalogInMeilisearch } from '../src/meilisearch/indexing.js';
import {
  type Faults,
  type MeilisearchTaskStub as Stub,
  startStub,
} from './meilisearch-task-stub.js';

const stubs: Stub[] = [];
afterEach(async () => {
  await Promise.all(stubs.splice(0).map((stub) => stub.close()));
});

async function stub(faults?: Faults): Promise<Stub> {
  const started = await startStub('products', faults);
  stubs.push(started);
  return started;
}

const OLD = generateSampleCatalog({ count: 3, seed: 1 });
const NEW = generateSampleCatalog({ count: 5, seed: 2 });

/** Gives the stub the live index an earlier run left, with its version `old` unless `bare`. */
function seedLiveIndex(target: Stub, bare = false) {
  target.indexes.set('products', {
    documents: new Map(OLD.map((product) => [product.slug, product])),
    settings: MEILISEARCH_INDEX_SETTINGS,
  });
  if (bare) return;
  const stored = { id: 'version', version: 'old', indexed_at: '2025-01-01T00:00:00.000Z' };
  target.indexes.set('products_meta', { documents: new Map([['version', stored]]) });
}

const storedVersion = (target: Stub) =>
  target.indexes.get('products_meta')?.documents.get('version') as
    | { version: string; indexed_at: string }
    | undefined;

const index = (target: Stub, options: { batchSize?: number } = {}) =>
  indexCatalogInMeilisearch(NEW, {
    host: target.host,
    indexUid: 'products',
    batchSize: 2,
    version: 'v2',
    ...options,
  });

/** The uploads, each awaited, before anything touches the live index. */
const BUILD = [
  'delete products_new',
  'indexDeletion products_new failed',
  'delete products_meta_new',
  'indexDeletion products_meta_new failed',
  'create products_new',
  'indexCreation products_new succeeded',
  'settings products_new',
  'settingsUpdate products_new succeeded',
  'documents products_new 2',
  'documents products_new 2',
  'documents products_new 1',
  'documentAdditionOrUpdate products_new succeeded',
  'documentAdditionOrUpdate products_new succeeded',
  'documentAdditionOrUpdate products_new succeeded',
  // The version, in an index of its own, ready before the swap.
  'create products_meta_new',
  'indexCreation products_meta_new succeeded',
  'documents products_meta_new 1',
  'documentAdditionOrUpdate products_meta_new succeeded',
];

/** Both pairs in one swap task: the documents and their version change together. */
const SWAP_AND_CLEAN = [
  'swap products products_new, products_meta products_meta_new',
  'indexSwap succeeded',
  'delete products_new',
  'indexDeletion products_new succeeded',
  'delete products_meta_new',
  'indexDeletion products_meta_new succeeded',
];

describe('indexCatalogInMeilisearch: a fresh index swapped in', () => {
  it('first run, no index yet: builds products_new, creates products, swaps, deletes the old', async () => {
    const target = await stub();
    const progress: [number, number][] = [];
    const report = await indexCatalogInMeilisearch(NEW, {
      host: target.host,
      indexUid: 'products',
      batchSize: 2,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(target.log).toEqual([
      ...BUILD,
      'create products',
      'indexCreation products succeeded',
      'create products_meta',
      'indexCreation products_meta succeeded',
      ...SWAP_AND_CLEAN,
    ]);
    expect(report).toMatchObject({ indexUid: 'products', documents: 5, batches: 3 });
    // No version given: a new random one, stored with the index and reported.
    expect(report.version.version).toMatch(/^[0-9a-f]{16}$/);
    expect(storedVersion(target)).toEqual({
      id: 'version',
      version: report.version.version,
      indexed_at: report.version.indexedAt.toISOString(),
    });
    expect(progress).toEqual([
      [0, 5],
      [2, 5],
      [4, 5],
      [5, 5],
    ]);
    expect([...target.indexes.keys()].sort()).toEqual(['products', 'products_meta']);
    const live = target.indexes.get('products');
    expect(live?.settings).toEqual(MEILISEARCH_INDEX_SETTINGS);
    expect([...(live?.documents.keys() ?? [])].sort()).toEqual(NEW.map((p) => p.slug).sort());
  });

  it('re-index: the live index goes from the old catalog and version to the new ones in one step', async () => {
    const target = await stub();
    seedLiveIndex(target);
    const before = Date.now();
    const report = await index(target);
    expect(target.log).toEqual([
      ...BUILD,
      'create products',
      'indexCreation products failed', // index_already_exists: expected on every later run
      'create products_meta',
      'indexCreation products_meta failed',
      ...SWAP_AND_CLEAN,
    ]);
    // What a reader could have seen at any moment: the old catalog with its version, then the
    // whole new one with its version; never the new documents under the old version.
    expect([...new Set(target.liveSizes)]).toEqual([OLD.length, NEW.length]);
    expect([...new Set(target.liveStates)]).toEqual([`${OLD.length} old`, `${NEW.length} v2`]);
    expect(target.indexes.get('products')?.documents.size).toBe(NEW.length);
    expect([...target.indexes.keys()].sort()).toEqual(['products', 'products_meta']);
    expect(report.version.version).toBe('v2');
    expect(report.version.indexedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(storedVersion(target)).toMatchObject({ version: 'v2' });
  });

  it('a live index filled before versions gets its version index beside it', async () => {
    const target = await stub();
    seedLiveIndex(target, true);
    await index(target);
    expect(target.log).toContain('indexCreation products_meta succeeded');
    expect([...new Set(target.liveStates)]).toEqual([`${OLD.length} -`, `${NEW.length} v2`]);
  });

  it('deletes a products_new and products_meta_new left by a run that died, then builds afresh', async () => {
    const target = await stub();
    seedLiveIndex(target);
    target.indexes.set('products_new', { documents: new Map([['half-1', {}]]) });
    target.indexes.set('products_meta_new', { documents: new Map([['version', {}]]) });
    await index(target);
    expect(target.log.slice(0, 4)).toEqual([
      'delete products_new',
      'indexDeletion products_new succeeded',
      'delete products_meta_new',
      'indexDeletion products_meta_new succeeded',
    ]);
    expect(target.indexes.get('products')?.documents.size).toBe(NEW.length);
    expect(target.indexes.get('products')?.documents.has('half-1')).toBe(false);
    expect(storedVersion(target)).toMatchObject({ version: 'v2' });
  });
});

describe('indexCatalogInMeilisearch: a failed build leaves the live index untouched', () => {
  const untouched = (target: Stub) => {
    expect(target.log.some((line) => line.startsWith('swap'))).toBe(false);
    expect([...new Set(target.liveSizes)]).toEqual([OLD.length]);
    expect(target.indexes.get('products')?.documents.size).toBe(OLD.length);
    expect([...target.indexes.keys()].sort()).toEqual(['products', 'products_meta']);
    expect(storedVersion(target)).toMatchObject({ version: 'old' });
  };

  it('a document batch fails: INDEXING_FAILED with the reason, no swap, products_new deleted', async () => {
    const target = await stub({
      task: (type, _uid, seq) =>
        type === 'documentAdditionOrUpdate' && seq === 2 ? 'invalid_document_fields' : undefined,
    });
    seedLiveIndex(target);
    await expect(index(target)).rejects.toMatchObject({
      name: 'SearchEngineError',
      code: 'INDEXING_FAILED',
      message: expect.stringMatching(/index documents\) failed: stub: invalid_document_fields$/),
    });
    expect(target.log.slice(-6)).toEqual([
      'documentAdditionOrUpdate products_new succeeded',
      'documentAdditionOrUpdate products_new failed',
      'delete products_new',
      'indexDeletion products_new succeeded',
      'delete products_meta_new', // not made yet
      'indexDeletion products_meta_new failed',
    ]);
    untouched(target);
  });

  it('the settings fail: no document is uploaded', async () => {
    const target = await stub({
      task: (type, _uid, seq) =>
        type === 'settingsUpdate' && seq === 1 ? 'invalid_settings' : undefined,
    });
    seedLiveIndex(target);
    await expect(index(target)).rejects.toMatchObject({ code: 'INDEXING_FAILED' });
    expect(target.log.some((line) => line.startsWith('documents'))).toBe(false);
    untouched(target);
  });

  it('the swap fails: the build and its version are deleted, the live index and version stay', async () => {
    const target = await stub({
      task: (type) => (type === 'indexSwap' ? 'invalid_swap_indexes' : undefined),
    });
    seedLiveIndex(target);
    await expect(index(target)).rejects.toMatchObject({ code: 'INDEXING_FAILED' });
    expect(target.log.slice(-4)).toEqual([
      'delete products_new',
      'indexDeletion products_new succeeded',
      'delete products_meta_new',
      'indexDeletion products_meta_new succeeded',
    ]);
    expect([...new Set(target.liveStates)]).toEqual([`${OLD.length} old`]);
    expect([...target.indexes.keys()].sort()).toEqual(['products', 'products_meta']);
    expect(storedVersion(target)).toMatchObject({ version: 'old' });
  });

  it('the engine answers 500 to an upload: ENGINE_UNAVAILABLE, products_new deleted', async () => {
    let uploads = 0;
    const target = await stub({
      http: (method, path) => method === 'POST' && path.endsWith('/documents') && ++uploads === 2,
    });
    seedLiveIndex(target);
    await expect(index(target)).rejects.toMatchObject({
      name: 'SearchUnavailableError',
      code: 'ENGINE_UNAVAILABLE',
    });
    untouched(target);
  });
});
