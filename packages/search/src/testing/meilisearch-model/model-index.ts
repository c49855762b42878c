import { foldWords } from '@repo/catalog-core';

/** The index settings the model reads (the rest of Meilisearch's settings are kept, unused). */
export interface ModelSettings {
  searchableAttributes: string[];
  filterableAttributes: string[];
  sortableAttributes: string[];
  rankingRules: string[];
  typoTolerance: {
    enabled: boolean;
    minWordSizeForTypos: { oneTypo: number; twoTypos: number };
    disableOnNumbers: boolean;
    /** Query words searched without typos (their prefixes still match, for the last word). */
    disableOnWords?: string[];
  };
  synonyms: Record<string, string[]>;
  stopWords: string[];
  faceting: { maxValuesPerFacet: number };
  pagination: { maxTotalHits: number };
  [other: string]: unknown;
}

/** Meilisearch's defaults (meilisearch.com/docs, "Settings"). */
export function defaultSettings(): ModelSettings {
  return {
    searchableAttributes: ['*'],
    filterableAttributes: [],
    sortableAttributes: [],
    rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'],
    typoTolerance: {
      enabled: true,
      minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 },
      disableOnNumbers: false,
    },
    synonyms: {},
    stopWords: [],
    faceting: { maxValuesPerFacet: 100 },
    pagination: { maxTotalHits: 1000 },
  };
}

/** Where a word occurs: document number, searchable attribute (by rank) and position in it. */
export interface Occurrence {
  readonly doc: number;
  readonly attribute: number;
  readonly position: number;
}

/**
 * One index of the model: its settings, its documents in insertion order, and (built when first
 * searched after a change) an inverted index of the searchable attributes with positions. Stop
 * words are not indexed but keep their position, as in Meilisearch (milli `extract/`), so a
 * phrase can stand on either side of one.
 */
export class ModelIndex {
  settings: ModelSettings = defaultSettings();
  readonly documents = new Map<string, Record<string, unknown>>();
  private built:
    | {
        readonly docs: Record<string, unknown>[];
        readonly words: Map<string, Occurrence[]>;
        readonly attributes: readonly string[];
      }
    | undefined;

  constructor(
    readonly uid: string,
    public primaryKey: string | undefined,
  ) {}

  /** Applies a settings update (a partial object, like `PATCH /settings`). */
  updateSettings(update: Record<string, unknown>): void {
    const defaults = defaultSettings();
    for (const [key, value] of Object.entries(update)) {
      (this.settings as Record<string, unknown>)[key] =
        value === null ? (defaults as Record<string, unknown>)[key] : value;
    }
    this.built = undefined;
  }

  addDocuments(documents: readonly Record<string, unknown>[]): void {
    const key = this.primaryKey ?? 'id';
    for (const document of documents) this.documents.set(String(document[key]), document);
    this.built = undefined;
  }

  /** The documents, the word → occurrences index and the searchable attributes in rank order. */
  index() {
    if (this.built) return this.built;
    const docs = [...this.documents.values()];
    const attributes = this.searchable(docs);
    const stopWords = new Set(this.settings.stopWords);
    const words = new Map<string, Occurrence[]>();
    docs.forEach((document, doc) => {
      attributes.forEach((name, attribute) => {
        const value = document[name];
        const parts = Array.isArray(value) ? value : value === undefined ? [] : [value];
        let position = 0;
        for (const part of parts) {
          if (typeof part !== 'string' && typeof part !== 'number') continue;
          for (const word of foldWords(String(part))) {
            if (!stopWords.has(word)) {
              const list = words.get(word) ?? [];
              list.push({ doc, attribute, position });
              words.set(word, list);
            }
            position++;
          }
          // Array elements are apart, as separate values.
          position += 8;
        }
      });
    });
    this.built = { docs, words, attributes };
    return this.built;
  }

  private searchable(docs: readonly Record<string, unknown>[]): string[] {
    const listed = this.settings.searchableAttributes;
    if (!listed.includes('*')) return listed;
    const seen = new Set<string>();
    for (const doc of docs) for (const key of Object.keys(doc)) seen.add(key);
    return [...seen];
  }
}
