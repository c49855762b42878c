import { type Static, Type } from 'typebox';
import { CATEGORY_IDS } from '../categories.js';

/** The lexicon file format this code reads; a file written for another format is refused. */
export const LEXICON_VERSION = 1;

/** The languages whose words the lexicon lists separately, so that each list stays reviewable. */
export const LEXICON_LANGUAGES = ['en', 'es', 'pt', 'fr', 'de', 'it', 'pl', 'nl'] as const;
/** One of {@link LEXICON_LANGUAGES}. */
export type LexiconLanguage = (typeof LEXICON_LANGUAGES)[number];

// A word or a phrase of a few words, as a shopper types it. Case, accents and punctuation do not
// matter: every entry is folded the way the search folds text before it is compared.
const Word = Type.String({ minLength: 1, maxLength: 80 });
const WordList = Type.Array(Word, { maxItems: 5_000 });
const NonEmptyWordList = Type.Array(Word, { minItems: 1, maxItems: 500 });

/** Word lists per language; every language is optional in a file. */
const ByLanguage = Type.Object(
  {
    en: Type.Optional(WordList),
    es: Type.Optional(WordList),
    pt: Type.Optional(WordList),
    fr: Type.Optional(WordList),
    de: Type.Optional(WordList),
    it: Type.Optional(WordList),
    pl: Type.Optional(WordList),
    nl: Type.Optional(WordList),
  },
  { additionalProperties: false },
);

const CategoryId = Type.Enum(CATEGORY_IDS, { type: 'string' });

/** A brand as products name it, with the other ways people write or call it. */
export const LexiconBrandSchema = Type.Object(
  {
    /** Exactly as products carry it in `brand` (`Stüssy`, `Off-White`). */
    name: Type.String({ minLength: 1, maxLength: 80 }),
    /** Other spellings and nicknames: `stussy`, `offwhite`, `ow`, `lv`, `tnf`. */
    aliases: Type.Optional(WordList),
    /**
     * The category nearly everything of the brand is in (a watchmaker's `accessories`, a perfume
     * house's `perfumes`): the last hint for a title that names no kind of product.
     */
    category: Type.Optional(CategoryId),
    /**
     * Model and line names only this brand uses (`speedmaster`, `nuptse`): a title that starts
     * with one and names no brand is the brand's.
     */
    models: Type.Optional(WordList),
    /**
     * The name is an everyday word too (Palace, Guess, Coach): a title names the brand only when
     * it starts with it.
     */
    commonWord: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** Community words for models and product lines: `aj1` means `air jordan 1`. */
export const LexiconNicknameSchema = Type.Object(
  {
    words: NonEmptyWordList,
    /** What the words stand for, in the catalog's own words (each one a phrase). */
    means: NonEmptyWordList,
    /** The brand the nickname implies, when there is one (`aj1` → Jordan). */
    brand: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
    /** The category of what it names (`aj1` → sneakers), for titles that name no kind of product. */
    category: Type.Optional(CategoryId),
  },
  { additionalProperties: false },
);

/** Everyday and foreign words for one of the 14 categories. */
export const LexiconCategorySchema = Type.Object(
  {
    category: CategoryId,
    words: ByLanguage,
    /**
     * Words that label the category in a sheet (a category cell, a section header) but say too
     * little in a title or a query ("Tech": "Nike Tech" is a tracksuit).
     */
    labels: Type.Optional(ByLanguage),
    /**
     * Whom the products are for (kids, women) rather than what they are: recognising a category
     * in a title, such a word wins ("Kids Hoodie" is filed under Kids).
     */
    audience: Type.Optional(Type.Boolean()),
    /**
     * When a query cannot match in full, a word of this category is left out before the others:
     * a women's bag is still a bag, while kids' shoes are not just shoes.
     */
    dropFirst: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** A kind of product within a category: `crossbody` is a bag, `windbreaker` a jacket. */
export const LexiconTypeSchema = Type.Object(
  {
    category: CategoryId,
    /** How catalog titles, models and tags name this kind of product. */
    means: NonEmptyWordList,
    words: ByLanguage,
  },
  { additionalProperties: false },
);

/** How a price is said: the words before an amount and the currencies after or before it. */
export const LexiconPriceSchema = Type.Object(
  {
    /** "under", "menos de", "jusqu'à": the amount is a maximum. */
    max: Type.Optional(ByLanguage),
    /** "over", "a partir de": the amount is a minimum. */
    min: Type.Optional(ByLanguage),
    /** "between" (then two amounts joined by a `to` word). */
    between: Type.Optional(ByLanguage),
    /** "and", "to", "y", "et": the word between the two amounts of a range. */
    to: Type.Optional(ByLanguage),
    /** "around", "environ": a range of 20% either side of the amount. */
    around: Type.Optional(ByLanguage),
  },
  { additionalProperties: false },
);

/** The currencies prices can be typed in, with their symbols and words. */
export const LexiconCurrencySchema = Type.Object(
  {
    USD: Type.Optional(WordList),
    EUR: Type.Optional(WordList),
    CNY: Type.Optional(WordList),
  },
  { additionalProperties: false },
);

/** How sizes are said: products carry no size, so a size is read and set aside, not searched. */
export const LexiconSizeSchema = Type.Object(
  {
    /** "size", "talla", "taille": followed by a size. */
    words: Type.Optional(WordList),
    /** "us", "eu", "uk": followed by a number. */
    systems: Type.Optional(WordList),
    /** Sizes written as words or letters: `s`, `xl`, `medium`, `grande`. */
    letters: Type.Optional(WordList),
  },
  { additionalProperties: false },
);

/**
 * A lexicon file: the default one shipped with the catalog, or an operator's file that adds words
 * to it (`LEXICON_FILE`). Only `version` is required; every section adds to the same section of
 * the default lexicon.
 */
export const LexiconFileSchema = Type.Object(
  {
    version: Type.Literal(LEXICON_VERSION),
    brands: Type.Optional(Type.Array(LexiconBrandSchema, { maxItems: 5_000 })),
    nicknames: Type.Optional(Type.Array(LexiconNicknameSchema, { maxItems: 5_000 })),
    categories: Type.Optional(Type.Array(LexiconCategorySchema, { maxItems: 100 })),
    types: Type.Optional(Type.Array(LexiconTypeSchema, { maxItems: 2_000 })),
    /** Filler and politeness words ("show me", "quiero", "s'il vous plaît"): never searched. */
    fillers: Type.Optional(ByLanguage),
    /** Words that ask for cheap products ("affordable", "barato"): results cheapest first. */
    budget: Type.Optional(ByLanguage),
    price: Type.Optional(LexiconPriceSchema),
    currencies: Type.Optional(LexiconCurrencySchema),
    sizes: Type.Optional(LexiconSizeSchema),
    /**
     * Words that describe a product and never name a brand: colours, colourway nicknames,
     * materials, fits, batch names ("black", "panda", "suede", "oversized", "ljr"). An import
     * never learns a brand from them.
     */
    descriptors: Type.Optional(ByLanguage),
  },
  { additionalProperties: false },
);

/** A lexicon file as written (see {@link LexiconFileSchema}). */
export type LexiconFile = Static<typeof LexiconFileSchema>;
/** One brand entry of a lexicon. */
export type LexiconBrand = Static<typeof LexiconBrandSchema>;
/** One nickname entry of a lexicon. */
export type LexiconNickname = Static<typeof LexiconNicknameSchema>;
/** One category entry of a lexicon. */
export type LexiconCategory = Static<typeof LexiconCategorySchema>;
/** One product-type entry of a lexicon. */
export type LexiconType = Static<typeof LexiconTypeSchema>;
