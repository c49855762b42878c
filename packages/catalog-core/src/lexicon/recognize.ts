import type { CategoryId } from '../categories.js';
import { tokenizeTitle } from './fold.js';
import type { Lexicon } from './lexicon.js';
import type { PhraseMatch, PhraseTable } from './phrase-table.js';
import {
  type KindWord,
  LEAD_INS,
  type Segment,
  segmentTitle,
  type TitleVocabulary,
  titleVocabulary,
} from './title-vocabulary.js';

/** How a title was read: its brand, and the kinds of product it names. */
export interface TitleReading {
  /** The brand, when the title names one for sure. */
  readonly brand?: string;
  /**
   * How: by its `name` (or a spelling of it), a name `learned` from the sheet, a misspelt name
   * (`typo`: "Moncelr" where the title starts), or a `model` that only that brand makes (when
   * nothing else in front of it could be a brand).
   */
  readonly brandVia?: 'name' | 'learned' | 'typo' | 'model';
  /** With `typo`: the words as the title writes them. */
  readonly brandAsWritten?: string;
  /**
   * Without a brand: the unknown words the title starts with, as written ("Cole Buxton"), which
   * may be a brand no list knows.
   */
  readonly unknownLead?: string;
  /** The category the title's words for kinds of product (or for whom it is) point to. */
  readonly kind?: CategoryId;
  /**
   * With no word for what it is, a word for whom that says less ("women"): the last hint, after
   * a model's or the brand's category (a "Good Girl" perfume is a perfume).
   */
  readonly audience?: CategoryId;
  /** The category of a model or line the title names ("aj1" is a sneaker). */
  readonly modelKind?: CategoryId;
  /** The category of the brand, when nearly everything it makes is in one. */
  readonly brandKind?: CategoryId;
  /** The title's words, folded. */
  readonly words: readonly string[];
}

// Words after which a title lists what comes with the product ("with box", "+ dust bag").
const TRAILERS = new Set([
  'with',
  'w',
  'incl',
  'including',
  'plus',
  'mit',
  'avec',
  'con',
  'com',
  'met',
  'z',
]);
const MAX_LEAD_WORDS = 4;

/**
 * Reads a product title for its brand and the kind of product it is. The brand is, in order:
 * one the title names (the longest name, then the first: "Nike Air Jordan 4" is Jordan, "Fear of
 * God Essentials" is Essentials), else a name the sheet taught (`learned`) where the title
 * starts, else the brand of a model the title names when only describing words come before it
 * ("Dunk Low Panda" is Nike; "Kith Box Logo Hoodie" is not Supreme: "Kith" may be a brand). A
 * brand whose name is an everyday word (Palace) counts only where the title starts.
 *
 * @example readTitle('Kith Box Logo Hoodie', DEFAULT_LEXICON).unknownLead // 'Kith' (when no list knows Kith)
 */
export function readTitle(
  title: string,
  lexicon: Lexicon,
  learned?: PhraseTable<string>,
): TitleReading {
  const { folded, original, head } = tokenizeTitle(title);
  const vocabulary = titleVocabulary(lexicon);
  const segments = segmentTitle(folded, vocabulary, learned, original);
  const kind = kindOf(segments, folded, head);
  const modelKind = segments
    .map((s) =>
      s.type === 'implied' ? s.value.category : s.type === 'brand' ? s.category : undefined,
    )
    .find((category) => category !== undefined);
  // What the title opens with once describing words, numbers and kinds of product are passed.
  const lead = segments.find((s) => !LEAD_INS.has(s.type) && s.type !== 'kind');
  const brand =
    brandOf(segments, kind?.category ?? modelKind) ??
    misspeltBrand(lead, folded, original, vocabulary) ??
    modelBrand(lead) ??
    {};
  const reading: { -readonly [K in keyof TitleReading]: TitleReading[K] } = {
    words: folded,
    ...brand,
  };
  if (brand.brand === undefined) {
    const lead = leadingRun(segments);
    if (lead) reading.unknownLead = original.slice(lead.start, lead.end).join(' ');
  } else {
    const brandKind = vocabulary.brandCategory.get(brand.brand);
    if (brandKind) reading.brandKind = brandKind;
  }
  if (kind?.weak) reading.audience = kind.category;
  // A kind word that is a colour or a name too ("Air Max 90 Bone", "Jordan 1 Crowd Control")
  // says less than the model the title names, when they differ.
  else if (kind && !(kind.ambiguous && modelKind && modelKind !== kind.category)) {
    reading.kind = kind.category;
  }
  if (modelKind) reading.modelKind = modelKind;
  return reading;
}

type BrandOf = Pick<TitleReading, 'brand' | 'brandVia' | 'brandAsWritten'>;

/**
 * The brand the title names (the longest name, then the first; of a house's lines, the one of
 * the product's `kind`), else a learned name where the title starts or after an `x`.
 */
function brandOf(segments: readonly Segment[], kind: CategoryId | undefined): BrandOf | undefined {
  let named: Extract<Segment, { type: 'brand' }> | undefined;
  for (const segment of segments) {
    if (segment.type === 'brand' && (!named || segment.length > named.length)) named = segment;
  }
  if (named) {
    const line = named.value.lines.find((l) => l.category === kind);
    return { brand: line?.name ?? named.value.name, brandVia: 'name' };
  }
  let leading = true;
  for (const [i, segment] of segments.entries()) {
    const afterX = segments[i - 1]?.type === 'collab';
    if (segment.type === 'learned' && (leading || afterX)) {
      return { brand: segment.value, brandVia: 'learned' };
    }
    leading &&= LEAD_INS.has(segment.type) || segment.type === 'kind' || segment.type === 'collab';
  }
  return undefined;
}

/**
 * A brand whose name the title starts with, misspelt ("Moncelr", "New Ballance", "balenciga"):
 * every word of the name within the typos a search forgives (see `typoCost`; words under six
 * letters exactly), at least one misspelt word among the title's unknown ones.
 */
function misspeltBrand(
  lead: Segment | undefined,
  words: readonly string[],
  original: readonly string[],
  vocabulary: TitleVocabulary,
): BrandOf | undefined {
  if (lead?.type !== 'unknown') return undefined;
  for (let start = 0; start <= lead.start; start++) {
    const match = vocabulary.closeBrand(words, start, lead.start);
    if (match) {
      return {
        brand: match.name,
        brandVia: 'typo',
        brandAsWritten: original.slice(start, start + match.length).join(' '),
      };
    }
  }
  return undefined;
}

/**
 * The brand of a model the title opens with, when only describing words, numbers or kinds of
 * product come before it ("Dunk Low Panda" is Nike; "Kith Box Logo Hoodie" is not Supreme when
 * no list knows Kith).
 */
function modelBrand(lead: Segment | undefined): BrandOf | undefined {
  return lead?.type === 'implied' && lead.value.brand !== undefined
    ? { brand: lead.value.brand, brandVia: 'model' }
    : undefined;
}

/** The words (indexes into the title) of the unknown run the title starts with, if it does. */
export function leadingRun(
  segments: readonly Segment[],
): { start: number; end: number } | undefined {
  const first = segments.findIndex((s) => !LEAD_INS.has(s.type));
  if (segments[first]?.type !== 'unknown') return undefined;
  let last = first;
  for (let i = first + 1; i < segments.length && i - first < MAX_LEAD_WORDS; i++) {
    const type = segments[i]!.type;
    if (type === 'unknown') last = i;
    else if (type !== 'function') break;
  }
  return { start: segments[first]!.start, end: segments[last]!.start + 1 };
}

/**
 * The kind of product the title's words name. A word for whom it is wins (kids: the catalog
 * files a kids' hoodie under Kids); else the last kind word before what the title adds in
 * brackets or after a `+` or a "with" ("Goyard Wallet with dust bag" is a wallet), as titles
 * name the thing last ("Tech Fleece Hoodie"); a kind word that is also a describing word ("bone",
 * a cap in Portuguese and a colour) only when there is no other. A weak word for whom
 * ("women") wins over other kinds, and alone is marked weak.
 */
function kindOf(
  segments: readonly Segment[],
  words: readonly string[],
  head: number,
): { category: CategoryId; weak: boolean; ambiguous: boolean } | undefined {
  let weak: KindWord | undefined;
  let ambiguous: KindWord | undefined;
  let last: KindWord | undefined;
  let lastInHead: KindWord | undefined;
  let ended = false;
  for (const segment of segments) {
    if (segment.start > 0 && segment.length === 1 && TRAILERS.has(words[segment.start]!)) {
      ended = true;
    }
    if (segment.type !== 'kind') continue;
    const word = segment.value;
    if (word.audience && !word.weak) {
      return { category: word.category, weak: false, ambiguous: false };
    }
    if (word.audience) weak ??= word;
    else if (word.ambiguous) ambiguous ??= word;
    else {
      last = word;
      if (!ended && segment.start < head) lastInHead = word;
    }
  }
  if (weak) return { category: weak.category, weak: last === undefined, ambiguous: false };
  const kind = lastInHead ?? last ?? ambiguous;
  return kind && { category: kind.category, weak: false, ambiguous: kind.ambiguous };
}

/**
 * The canonical brand a text names (a title, a spreadsheet's brand cell), or `undefined`: as
 * {@link readTitle} reads it, without names learned from a sheet.
 *
 * @example recognizeBrand('OFFWHITE diag tee', DEFAULT_LEXICON) // 'Off-White'
 * @example recognizeBrand('Stussy 8 Ball Tee', DEFAULT_LEXICON) // 'Stüssy'
 */
export function recognizeBrand(text: string, lexicon: Lexicon): string | undefined {
  return readTitle(text, lexicon).brand;
}

/** The longest match; among equally long ones, the leftmost. */
function longest<T>(matches: readonly PhraseMatch<T>[]): PhraseMatch<T> | undefined {
  let best: PhraseMatch<T> | undefined;
  for (const match of matches) if (!best || match.length > best.length) best = match;
  return best;
}

/**
 * The category a short text names with a category or product-type word in any of the lexicon's
 * languages, or its identifier or display name (a spreadsheet's category cell, a section
 * header): "Zapatillas", "Boots" and "Running shoes" are sneakers, "Crossbody" is bags, and the
 * words that only label a category in a sheet count too ("Tech" is electronics). A word for whom the product is (kids, women) wins over a word for what it is;
 * otherwise the longest match, then the first.
 *
 * @example recognizeCategory('Kids Hoodie', DEFAULT_LEXICON) // 'kids'
 * @example recognizeCategory('mochila', DEFAULT_LEXICON) // 'bags'
 */
export function recognizeCategory(text: string, lexicon: Lexicon): CategoryId | undefined {
  const matches = titleVocabulary(lexicon).labels.scan(tokenizeTitle(text).folded);
  const audience = matches.filter((match) => match.value.audience);
  return longest(audience.length > 0 ? audience : matches)?.value.category;
}
