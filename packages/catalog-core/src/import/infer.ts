import type { CategoryId } from '../categories.js';
import { toCny } from '../currency/convert.js';
import type { Currency } from '../currency/currencies.js';
import { DEFAULT_CURRENCY_RATES } from '../currency/default-rates.js';
import { formatPrice } from '../currency/format-price.js';
import { DEFAULT_LEXICON } from '../lexicon/default-lexicon.js';
import { recognizeCategory, type TitleReading } from '../lexicon/recognize.js';
import { namedBrand, titleVocabulary } from '../lexicon/title-vocabulary.js';
import { type Parsed, parseCategory, show } from './fields.js';
import { type Money, parseMoney } from './money.js';
import { type NormalizeRowContext, UNBRANDED } from './row-context.js';
import type { SectionHeader } from './section-header.js';

/** A value a row gets, and what was inferred or converted to get it (a warning), if anything. */
export type Inferred<T> =
  | { readonly ok: true; readonly value: T; readonly warning?: string }
  | { readonly ok: false; readonly reason: string };

/** A title, read once for what the brand and the category need of it. */
export type ReadTitle = () => TitleReading | undefined;

/**
 * The brand: the given one, always (in the lexicon's spelling when it is a brand's name or
 * spelling: `LV` → `Louis Vuitton`; else as written), else the one the title names (its name, a
 * name the sheet taught, a model only that brand makes, or its name misspelt, with a warning),
 * else {@link UNBRANDED} with a warning that quotes what may be a brand nobody listed.
 */
export function inferBrand(
  given: string | undefined,
  title: ReadTitle,
  context: NormalizeRowContext,
): Inferred<string> {
  if (given !== undefined) {
    const lexicon = context.lexicon ?? DEFAULT_LEXICON;
    // The whole cell, and nothing else: the operator's word is the brand. Read as a title, a
    // line or a model in it ("Yeezy", "Dunk") would give the house that makes it (Adidas, Nike).
    const named = namedBrand(given, titleVocabulary(lexicon));
    return { ok: true, value: named?.name ?? given };
  }
  const reading = title();
  if (reading?.brand !== undefined) {
    // A misspelt name is the one guess the reading makes: the operator is told.
    return reading.brandVia === 'typo'
      ? {
          ok: true,
          value: reading.brand,
          warning: `brand: ${show(reading.brandAsWritten)} read as ${reading.brand} (a misspelling)`,
        }
      : { ok: true, value: reading.brand };
  }
  const maybe = reading?.unknownLead;
  return {
    ok: true,
    value: UNBRANDED,
    warning: maybe
      ? `brand: none recognised in the title (${show(maybe)} may be one: add it to the lexicon's brands); loaded as "${UNBRANDED}"`
      : `brand: none given or recognised in the title; loaded as "${UNBRANDED}"`,
  };
}

/** Where a category came from, for its warning. */
const FROM = {
  title: 'from the title',
  learned: "from the sheet's rows that share its words",
  brand: 'from the brand',
} as const;

/**
 * The category: the given one read as a category name or, through the lexicon, a category or
 * product-type word in any of its languages (`Trainers`, `Schuhe`, `Tech`); else, with a warning,
 * what the title's words for kinds of product say, then the section the row is in, then a model
 * the title names ("aj1" is a sneaker), then the words the sheet's labelled rows share, then the
 * brand's one category, then a word for whom it is ("women"); else the row is refused.
 */
export function inferCategory(
  given: unknown,
  title: ReadTitle,
  context: NormalizeRowContext,
  section?: SectionHeader,
): Inferred<CategoryId> {
  let unread: string | undefined;
  if (given !== undefined) {
    const parsed = parseCategory(given);
    if (parsed.ok) return parsed;
    const lexicon = context.lexicon ?? DEFAULT_LEXICON;
    const word = typeof given === 'string' ? recognizeCategory(given, lexicon) : undefined;
    if (word) return { ok: true, value: word };
    unread = parsed.reason;
  }
  const found = categoryOfRow(title(), context, section);
  if (found) {
    const why = unread === undefined ? 'none given' : `${show(given)} is no category`;
    return {
      ok: true,
      value: found.category,
      warning: `category: ${why}; "${found.category}" ${found.from}`,
    };
  }
  return {
    ok: false,
    reason:
      unread === undefined
        ? 'category: required (none given, and the title names none)'
        : `category: ${unread}, and the title names none`,
  };
}

function categoryOfRow(
  reading: TitleReading | undefined,
  context: NormalizeRowContext,
  section: SectionHeader | undefined,
): { category: CategoryId; from: string } | undefined {
  if (reading?.kind) return { category: reading.kind, from: FROM.title };
  if (section?.category) {
    const where = section.kind === 'tab' ? 'the tab' : 'the section';
    return { category: section.category, from: `from ${where} ${show(section.text)}` };
  }
  if (reading?.modelKind) return { category: reading.modelKind, from: FROM.title };
  const learned = reading && context.knowledge?.categoryOf(reading.words);
  if (learned) return { category: learned, from: FROM.learned };
  if (reading?.brandKind) return { category: reading.brandKind, from: FROM.brand };
  if (reading?.audience) return { category: reading.audience, from: FROM.title };
  return undefined;
}

const MAX_PRICE_CNY = 1_000_000;

/**
 * The price in CNY: written in CNY (or a bare number) it is kept; in another currency (from
 * the cell, or the column's header) it is converted at the rates the pages display, with a
 * warning saying so.
 */
export function inferPrice(
  value: unknown,
  columnCurrency: Currency | undefined,
  context: NormalizeRowContext,
): Inferred<number> {
  const parsed: Parsed<Money> = parseMoney(value, columnCurrency);
  if (!parsed.ok) return { ok: false, reason: `price: ${parsed.reason}` };
  const { amount, currency, range } = parsed.value;
  const rates = context.rates ?? DEFAULT_CURRENCY_RATES;
  const cny = currency === 'CNY' ? Math.round(amount * 100) / 100 : toCny(amount, currency, rates);
  if (cny > MAX_PRICE_CNY) {
    return { ok: false, reason: `price: must be at most 1,000,000 CNY, got ${show(value)}` };
  }
  const notes: string[] = [];
  if (range) notes.push(`a range, its lower end ${formatPrice(amount, currency)} kept`);
  if (currency !== 'CNY') {
    notes.push(
      `${formatPrice(amount, currency)} converted to ${formatPrice(cny, 'CNY')} at ${rates.cny_per_unit[currency]} CNY per ${currency} (rates of ${rates.as_of})`,
    );
  }
  return notes.length > 0
    ? { ok: true, value: cny, warning: `price: ${notes.join('; ')}` }
    : { ok: true, value: cny };
}
