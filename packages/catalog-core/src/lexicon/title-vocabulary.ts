import { CATEGORIES, type CategoryId } from '../categories.js';
import { closeBrands } from './close-brands.js';
import { foldCatalogPhrase, tokenizeTitle } from './fold.js';
import type { Lexicon } from './lexicon.js';
import { PhraseTable } from './phrase-table.js';

/** A brand a title names outright, by its name or one of its spellings. */
export interface NamedBrand {
  readonly name: string;
  readonly commonWord: boolean;
  /**
   * Named by a short spelling of at most four letters (`fog`, `tnf`, `arc`, `lv`): an
   * abbreviation written in capitals, an everyday word or a colourway ("Grey Fog") when not.
   */
  readonly short: boolean;
  /**
   * Other brands the same spelling names, each with its one category: the lines of one house
   * ("ysl": Saint Laurent, and Yves Saint Laurent for perfumes). Which one a title means depends
   * on what the title says the product is.
   */
  readonly lines: readonly { readonly name: string; readonly category: CategoryId }[];
}

/** A model, line or nickname: the brand and the kind of product it implies, when it does. */
export interface ImpliedThing {
  readonly brand?: string;
  readonly category?: CategoryId;
}

/** A word for a kind of product or for whom it is (kids, women). */
export interface KindWord {
  readonly category: CategoryId;
  readonly audience: boolean;
  /** A word for whom it is that says less than what it is ("women": a women's bag is a bag). */
  readonly weak: boolean;
  /** Also a describing word ("bone": a cap in Portuguese, a colour in English). */
  readonly ambiguous: boolean;
}

/** The phrase tables a title is read with, built once per lexicon. */
export interface TitleVocabulary {
  readonly brands: PhraseTable<NamedBrand>;
  readonly implied: PhraseTable<ImpliedThing>;
  readonly kinds: PhraseTable<KindWord>;
  /** The kind words and the words that label a category in a sheet only ("Tech"). */
  readonly labels: PhraseTable<KindWord>;
  readonly descriptors: PhraseTable<true>;
  /** The category of one-category brands, by brand name. */
  readonly brandCategory: ReadonlyMap<string, CategoryId>;
  /**
   * The brand whose name (or a spelling of it) the words from `start` spell with typos, covering
   * the word at `unknown`; the longest such name (see `readTitle`).
   */
  closeBrand(
    words: readonly string[],
    start: number,
    unknown: number,
  ): { name: string; length: number } | undefined;
}

/** What one stretch of a title is. Every word of a title belongs to exactly one segment. */
export type Segment =
  | {
      readonly type: 'brand';
      readonly start: number;
      readonly length: number;
      readonly value: NamedBrand;
      /** The category of the model it names too ("Air Jordan 4"), if it does. */
      readonly category?: CategoryId;
    }
  | {
      readonly type: 'implied';
      readonly start: number;
      readonly length: number;
      readonly value: ImpliedThing;
    }
  | {
      readonly type: 'kind';
      readonly start: number;
      readonly length: number;
      readonly value: KindWord;
    }
  | {
      readonly type: 'learned';
      readonly start: number;
      readonly length: number;
      readonly value: string;
    }
  | {
      readonly type: 'descriptor' | 'number' | 'collab' | 'function' | 'unknown';
      readonly start: number;
      readonly length: number;
    };

/** Segments that may come before a title's name without it ceasing to lead the title. */
export const LEAD_INS: ReadonlySet<Segment['type']> = new Set(['descriptor', 'number', 'function']);

// Words that join the words of a name ("Fear of God", "Comme des Garçons", "A Bathing Ape") and
// never start or end one.
const FUNCTION_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'and',
  'by',
  'for',
  'de',
  'des',
  'du',
  'del',
  'della',
  'di',
  'da',
  'la',
  'le',
  'les',
  'el',
  'los',
  'et',
  'y',
  'e',
  'und',
  'von',
  'van',
  'der',
  'den',
  'het',
]);
// Sizes, model numbers and codes: `42`, `350`, `v2`, `am90`, `xt6`, `b22`, `1of1`.
const NUMBER_LIKE = /^(?:\d|[a-z]{1,3}\d+[a-z]?$)/;
const SHORT_SPELLING = /^[a-z]{1,4}$/;

const built = new WeakMap<Lexicon, TitleVocabulary>();

/** The tables of a lexicon, built on first use and kept while the lexicon lives. */
export function titleVocabulary(lexicon: Lexicon): TitleVocabulary {
  let found = built.get(lexicon);
  if (found) return found;
  // Every phrase is split as titles are (a Chinese name into its characters).
  const key = (phrase: string) => tokenizeTitle(phrase).folded.join(' ');
  const brands = new PhraseTable<NamedBrand>();
  const implied = new PhraseTable<ImpliedThing>();
  const brandCategory = new Map<string, CategoryId>();
  for (const brand of lexicon.brands) {
    const value = { name: brand.name, commonWord: brand.commonWord, short: false, lines: [] };
    // As the catalog folds it ("levi s") and as a title is read ("Levi's" → `levi`).
    brands.add(foldCatalogPhrase(brand.name), value);
    brands.add(key(brand.name), value);
    if (brand.category) brandCategory.set(brand.name, brand.category);
  }
  // Spellings are never everyday words (the lexicon's rule), so they count anywhere in a title;
  // but an abbreviation of a few letters may be one, so it counts in capitals or where the title
  // starts (see `segmentTitle`). Ones with a digit (`mm6`, `sp5`) are no word.
  for (const brand of lexicon.brands) {
    for (const alias of brand.aliases) {
      const phrase = key(alias);
      const other = brands.get(phrase);
      if (other && other.name !== brand.name && brand.category) {
        (other.lines as { name: string; category: CategoryId }[]).push({
          name: brand.name,
          category: brand.category,
        });
      } else {
        const short = SHORT_SPELLING.test(phrase);
        brands.add(phrase, { name: brand.name, commonWord: false, short, lines: [] });
      }
    }
  }
  for (const brand of lexicon.brands) {
    const thing = { brand: brand.name, ...(brand.category ? { category: brand.category } : {}) };
    for (const model of brand.models) implied.add(key(model), thing);
  }
  for (const nickname of lexicon.nicknames) {
    const thing = {
      ...(nickname.brand ? { brand: nickname.brand } : {}),
      ...(nickname.category ? { category: nickname.category } : {}),
    };
    for (const word of [...nickname.words, ...nickname.means]) implied.add(key(word), thing);
  }
  const descriptors = new PhraseTable<true>();
  for (const word of lexicon.descriptors) descriptors.add(key(word), true);
  const kinds = new PhraseTable<KindWord>();
  const labels = new PhraseTable<KindWord>();
  const audience = new Map(
    lexicon.categories.filter((c) => c.audience).map((c) => [c.category, c]),
  );
  // A category's own words for whom ("women") may be weak; its kinds of product never are: a
  // skirt is the Women category's for sure.
  const kindOf = (category: CategoryId, ambiguous: boolean, type = false): KindWord => ({
    category,
    audience: audience.has(category),
    weak: !type && (audience.get(category)?.dropFirst ?? false),
    ambiguous,
  });
  const addKind = (phrase: string, category: CategoryId, type = false) => {
    const folded = key(phrase);
    const value = kindOf(category, descriptors.get(folded) !== undefined, type);
    kinds.add(folded, value);
    labels.add(folded, value);
  };
  // The catalog's own names first: an id, a display name, each part of it and its singular.
  for (const category of CATEGORIES) {
    for (const part of [category.id, category.name, ...category.name.split('&')]) {
      addKind(part, category.id);
      const folded = key(part);
      if (folded.endsWith('s')) addKind(folded.slice(0, -1), category.id);
    }
  }
  for (const entry of lexicon.categories) {
    for (const word of entry.words) addKind(word, entry.category);
  }
  for (const entry of lexicon.types) {
    for (const word of entry.words) addKind(word, entry.category, true);
  }
  for (const entry of lexicon.categories) {
    for (const word of entry.labels) {
      labels.add(key(word), kindOf(entry.category, false));
    }
  }
  const closeBrand = closeBrands(lexicon, key);
  found = { brands, implied, kinds, labels, descriptors, brandCategory, closeBrand };
  built.set(lexicon, found);
  return found;
}

/**
 * The brand a whole text is the name or a spelling of (a sheet's brand cell: "NIKE", "LV",
 * "耐克"), or `undefined`: a model, a line or anything more than a name is no brand here.
 */
export function namedBrand(text: string, vocabulary: TitleVocabulary): NamedBrand | undefined {
  const { brands } = vocabulary;
  return brands.get(foldCatalogPhrase(text)) ?? brands.get(tokenizeTitle(text).folded.join(' '));
}

/**
 * Splits a folded title into segments, at each word the longest phrase any table knows (a brand
 * before a model before a kind of product before a describing word before a learned name, when
 * two are as long), else one word by its shape. A brand whose name is an everyday word counts
 * only where the title starts (after describing words, numbers and kinds of product) or right
 * after an `x`; so does a short spelling (`fog`, `arc`), unless the title (its words as written,
 * `original`) writes it in capitals among small letters ("Eternal Hoodie (FOG)").
 */
export function segmentTitle(
  words: readonly string[],
  vocabulary: TitleVocabulary,
  learned?: PhraseTable<string>,
  original?: readonly string[],
): Segment[] {
  const segments: Segment[] = [];
  const capitals = inCapitals(original);
  let leadIns = true;
  let afterX = false;
  for (let start = 0; start < words.length; ) {
    let best: Segment | undefined;
    const offer = (segment: Segment | undefined) => {
      if (segment && (!best || segment.length > best.length)) best = segment;
    };
    const brand = vocabulary.brands.longestAt(words, start);
    const anywhere = (named: NamedBrand) =>
      !named.commonWord && (!named.short || capitals(start, brand!.length));
    if (brand && (leadIns || afterX || anywhere(brand.value))) {
      offer({ type: 'brand', ...brand });
    }
    const implied = vocabulary.implied.longestAt(words, start);
    if (implied && brand && implied.value.brand === brand.value.name) {
      // A model that starts with its brand's name ("Air Jordan 4") names the brand, all of it.
      const { category } = implied.value;
      offer({
        type: 'brand',
        start,
        length: implied.length,
        value: brand.value,
        ...(category ? { category } : {}),
      });
    } else offer(tagged('implied', implied));
    offer(tagged('kind', vocabulary.kinds.longestAt(words, start)));
    const descriptor = vocabulary.descriptors.longestAt(words, start);
    if (descriptor) offer({ type: 'descriptor', start, length: descriptor.length });
    offer(tagged('learned', learned?.longestAt(words, start)));
    best ??= { type: shapeOf(words[start]!), start, length: 1 };
    segments.push(best);
    // A title may open with the kind of product ("Orologio Omega", "Jurk Reformation").
    leadIns &&= LEAD_INS.has(best.type) || best.type === 'kind';
    afterX = best.type === 'collab';
    start += best.length;
  }
  return segments;
}

/**
 * Whether the words from `start` are written in capitals in a title that has small letters too:
 * in a title all in capitals, or with none, capitals say nothing.
 */
function inCapitals(
  original: readonly string[] | undefined,
): (start: number, length: number) => boolean {
  const upper = (word: string) => word === word.toUpperCase() && word !== word.toLowerCase();
  if (!original?.some((word) => word !== word.toUpperCase())) return () => false;
  return (start, length) => original.slice(start, start + length).every(upper);
}

function tagged<T extends 'implied' | 'kind' | 'learned', V>(
  type: T,
  match: { start: number; length: number; value: V } | undefined,
): { type: T; start: number; length: number; value: V } | undefined {
  return match ? { type, ...match } : undefined;
}

function shapeOf(word: string): 'number' | 'collab' | 'function' | 'unknown' {
  if (word === 'x') return 'collab';
  if (NUMBER_LIKE.test(word)) return 'number';
  if (word.length === 1 || FUNCTION_WORDS.has(word)) return 'function';
  return 'unknown';
}
