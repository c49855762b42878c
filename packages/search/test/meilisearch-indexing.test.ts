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

/** Gives the stub the live index an earlier run left. */
function seedLiveIndex(target: Stub) {
  target.indexes.set('products', {
    documents: new Map(OLD.map((product) => [product.slug, product])),
    settings: MEILISEARCH_INDEX_SETTINGS,
  });
}

const index = (target: Stub, options: { batchSize?: number } = {}) =>
  indexCatalogInMeilisearch(NEW, {
    host: target.host,
    indexUid: 'products',
    batchSize: 2,
    ...options,
  });

/** The uploads, each awaited, before anything touches the live index. */
const BUILD = [
  'delete products_new',
  'indexDeletion products_new failed',
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
      'swap products products_new',
      'indexSwap succeeded',
      'delete products_new',
      'indexDeletion products_new succeeded',
    ]);
    expect(report).toMatchObject({ indexUid: 'products', documents: 5, batches: 3 });
    expect(progress).toEqual([
      [0, 5],
      [2, 5],
      [4, 5],
      [5, 5],
    ]);
    expect([...target.indexes.keys()]).toEqual(['products']);
    const live = target.indexes.get('products');
    expect(live?.settings).toEqual(MEILISEARCH_INDEX_SETTINGS);
    expect([...(live?.documents.keys() ?? [])].sort()).toEqual(NEW.map((p) => p.slug).sort());
  });

  it('re-index: the live index goes from the old catalog to the new one in one step', async () => {
    const target = await stub();
    seedLiveIndex(target);
    await index(target);
    expect(target.log).toEqual([
      ...BUILD,
      'create products',
      'indexCreation products failed', // index_already_exists: expected on every later run
      'swap products products_new',
      'indexSwap succeeded',
      'delete products_new',
      'indexDeletion products_new succeeded',
    ]);
    // What a reader could have seen at any moment: the old catalog, then the whole new one.
    expect([...new Set(target.liveSizes)]).toEqual([OLD.length, NEW.length]);
    expect(target.indexes.get('products')?.documents.size).toBe(NEW.length);
    expect(target.indexes.has('products_new')).toBe(false);
  });

  it('deletes a products_new left by a run that died, then builds afresh', async () => {
    const target = await stub();
    seedLiveIndex(target);
    target.indexes.set('products_new', { documents: new Map([['half-1', {}]]) });
    await index(target);
    expect(target.log.slice(0, 2)).toEqual([
      'delete products_new',
      'indexDeletion products_new succeeded',
    ]);
    expect(target.indexes.get('products')?.documents.size).toBe(NEW.length);
    expect(target.indexes.get('products')?.documents.has('half-1')).toBe(false);
  });
});

describe('indexCatalogInMeilisearch: a failed build leaves the live index untouched', () => {
  const untouched = (target: Stub) => {
    expect(target.log.some((line) => line.startsWith('swap'))).toBe(false);
    expect([...new Set(target.liveSizes)]).toEqual([OLD.length]);
    expect(target.indexes.get('products')?.documents.size).toBe(OLD.length);
    expect([...target.indexes.keys()]).toEqual(['products']);
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
    expect(target.log.slice(-4)).toEqual([
      'documentAdditionOrUpdate products_new succeeded',
      'documentAdditionOrUpdate products_new failed',
      'delete products_new',
      'indexDeletion products_new succeeded',
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

  it('the swap fails: the build is deleted, the live index stays', async () => {
    const target = await stub({
      task: (type) => (type === 'indexSwap' ? 'invalid_swap_indexes' : undefined),
    });
    seedLiveIndex(target);
    await expect(index(target)).rejects.toMatchObject({ code: 'INDEXING_FAILED' });
    expect(target.log.slice(-2)).toEqual([
      'delete products_new',
      'indexDeletion products_new succeeded',
    ]);
    expect([...new Set(target.liveSizes)]).toEqual([OLD.length]);
    expect([...target.indexes.keys()]).toEqual(['products']);
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
