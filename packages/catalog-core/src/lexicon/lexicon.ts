import type { CategoryId } from '../categories.js';
import { foldCatalogPhrase, foldPhrase } from './fold.js';
import { LEXICON_LANGUAGES, type LexiconFile } from './lexicon-schema.js';

/** The currencies a price typed in a query can be in. */
export const LEXICON_CURRENCIES = ['USD', 'EUR', 'CNY'] as const;
/** One of {@link LEXICON_CURRENCIES}. */
export type LexiconCurrency = (typeof LEXICON_CURRENCIES)[number];

/**
 * A lexicon ready to use: every section present, every word folded (`foldPhrase`: lowercase, no
 * accents, tokens joined by one space) and listed once. Build it with `parseLexicon` or
 * `mergeLexicons`; the words of all languages are pooled, since a query may mix them.
 */
export interface Lexicon {
  readonly version: number;
  readonly brands: readonly LexiconBrandEntry[];
  readonly nicknames: readonly {
    readonly words: readonly string[];
    readonly means: readonly string[];
    readonly brand?: string;
    readonly category?: CategoryId;
  }[];
  readonly categories: readonly {
    readonly category: CategoryId;
    readonly words: readonly string[];
    /** Words that label it in a sheet only (see `LexiconCategorySchema`). */
    readonly labels: readonly string[];
    readonly audience: boolean;
    readonly dropFirst: boolean;
  }[];
  readonly types: readonly {
    readonly category: CategoryId;
    readonly means: readonly string[];
    readonly words: readonly string[];
  }[];
  readonly fillers: readonly string[];
  readonly budget: readonly string[];
  readonly price: {
    readonly max: readonly string[];
    readonly min: readonly string[];
    readonly between: readonly string[];
    readonly to: readonly string[];
    readonly around: readonly string[];
  };
  readonly currencies: Readonly<Record<LexiconCurrency, readonly string[]>>;
  readonly sizes: {
    readonly words: readonly string[];
    readonly systems: readonly string[];
    readonly letters: readonly string[];
  };
  /** Words that describe a product and never name a brand (folded). */
  readonly descriptors: readonly string[];
}

/** A brand of a {@link Lexicon}. */
export interface LexiconBrandEntry {
  readonly name: string;
  /** Folded; the folded name itself is not repeated here. */
  readonly aliases: readonly string[];
  /** The category nearly everything of the brand is in, when there is one. */
  readonly category?: CategoryId;
  /** Folded model and line names only this brand uses. */
  readonly models: readonly string[];
  /** The name is an everyday word: a title names the brand only when it starts with it. */
  readonly commonWord: boolean;
}

type Languages = Partial<Record<(typeof LEXICON_LANGUAGES)[number], readonly string[]>>;

/** Folded as typed (`foldPhrase`), without empty entries or repeats, in first-seen order. */
export function foldAll(...lists: (readonly string[] | undefined)[]): string[] {
  return foldEach(foldPhrase, lists);
}

/** Folded as catalog text (`foldCatalogPhrase`): the `means` of nicknames and product types. */
function foldMeans(...lists: (readonly string[] | undefined)[]): string[] {
  return foldEach(foldCatalogPhrase, lists);
}

function foldEach(
  foldOne: (word: string) => string,
  lists: readonly (readonly string[] | undefined)[],
): string[] {
  const out = new Set<string>();
  for (const list of lists) {
    for (const word of list ?? []) {
      const folded = foldOne(word);
      if (folded) out.add(folded);
    }
  }
  return [...out];
}

function pooled(languages: Languages | undefined): string[] {
  return foldAll(...LEXICON_LANGUAGES.map((language) => languages?.[language]));
}

/** The empty lexicon: what a file section that is absent contributes. */
export const EMPTY_LEXICON: Lexicon = Object.freeze({
  version: 1,
  brands: [],
  nicknames: [],
  categories: [],
  types: [],
  fillers: [],
  budget: [],
  price: { max: [], min: [], between: [], to: [], around: [] },
  currencies: { USD: [], EUR: [], CNY: [] },
  sizes: { words: [], systems: [], letters: [] },
  descriptors: [],
});

/** A lexicon file (already checked against the schema) as a {@link Lexicon}. */
export function lexiconOfFile(file: LexiconFile): Lexicon {
  const price = file.price ?? {};
  const sizes = file.sizes ?? {};
  return {
    version: file.version,
    brands: (file.brands ?? []).map((brand) => ({
      name: brand.name,
      aliases: foldAll(brand.aliases).filter((alias) => alias !== foldPhrase(brand.name)),
      ...(brand.category === undefined ? {} : { category: brand.category }),
      models: foldAll(brand.models),
      commonWord: brand.commonWord ?? false,
    })),
    nicknames: (file.nicknames ?? []).map((nickname) => ({
      words: foldAll(nickname.words),
      means: foldMeans(nickname.means),
      ...(nickname.brand === undefined ? {} : { brand: nickname.brand }),
      ...(nickname.category === undefined ? {} : { category: nickname.category }),
    })),
    categories: (file.categories ?? []).map((entry) => ({
      category: entry.category,
      words: pooled(entry.words),
      labels: pooled(entry.labels),
      audience: entry.audience ?? false,
      dropFirst: entry.dropFirst ?? false,
    })),
    types: (file.types ?? []).map((entry) => ({
      category: entry.category,
      means: foldMeans(entry.means),
      words: pooled(entry.words),
    })),
    fillers: pooled(file.fillers),
    budget: pooled(file.budget),
    price: {
      max: pooled(price.max),
      min: pooled(price.min),
      between: pooled(price.between),
      to: pooled(price.to),
      around: pooled(price.around),
    },
    currencies: {
      USD: foldAll(file.currencies?.USD),
      EUR: foldAll(file.currencies?.EUR),
      CNY: foldAll(file.currencies?.CNY),
    },
    sizes: {
      words: foldAll(sizes.words),
      systems: foldAll(sizes.systems),
      letters: foldAll(sizes.letters),
    },
    descriptors: pooled(file.descriptors),
  };
}

/**
 * Adds the words of `extra` to `base`: a brand or category both name gets the aliases or words of
 * both; nicknames and product types are appended; every word list is the union of the two. No
 * word of `base` is ever removed. Does not check the result: {@link mergeLexicons} does.
 */
export function addLexicon(base: Lexicon, extra: Lexicon): Lexicon {
  const brands = new Map(base.brands.map((brand) => [brand.name, brand]));
  for (const brand of extra.brands) {
    const known = brands.get(brand.name);
    const category = brand.category ?? known?.category;
    brands.set(brand.name, {
      name: brand.name,
      aliases: foldAll(known?.aliases, brand.aliases),
      ...(category === undefined ? {} : { category }),
      models: foldAll(known?.models, brand.models),
      commonWord: (known?.commonWord ?? false) || brand.commonWord,
    });
  }
  const categories = new Map(base.categories.map((entry) => [entry.category, entry]));
  for (const entry of extra.categories) {
    const known = categories.get(entry.category);
    categories.set(entry.category, {
      category: entry.category,
      words: foldAll(known?.words, entry.words),
      labels: foldAll(known?.labels, entry.labels),
      audience: (known?.audience ?? false) || entry.audience,
      dropFirst: (known?.dropFirst ?? false) || entry.dropFirst,
    });
  }
  const union = <K extends string>(a: Readonly<Record<K, readonly string[]>>, b: typeof a) =>
    Object.fromEntries(Object.keys(a).map((key) => [key, foldAll(a[key as K], b[key as K])])) as {
      [P in K]: string[];
    };
  return {
    version: base.version,
    brands: [...brands.values()],
    nicknames: [...base.nicknames, ...extra.nicknames],
    categories: [...categories.values()],
    types: [...base.types, ...extra.types],
    fillers: foldAll(base.fillers, extra.fillers),
    budget: foldAll(base.budget, extra.budget),
    price: union(base.price, extra.price),
    currencies: union(base.currencies, extra.currencies),
    sizes: union(base.sizes, extra.sizes),
    descriptors: foldAll(base.descriptors, extra.descriptors),
  };
}
