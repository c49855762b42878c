import type { CategoryId } from '../categories.js';
import { DEFAULT_LEXICON } from '../lexicon/default-lexicon.js';
import { tokenizeTitle } from '../lexicon/fold.js';
import type { Lexicon } from '../lexicon/lexicon.js';
import { recognizeCategory } from '../lexicon/recognize.js';
import { titleVocabulary } from '../lexicon/title-vocabulary.js';
import { blankCell } from './blank-cell.js';
import type { ColumnMapper } from './column-map.js';
import type { ImportField } from './columns.js';
import { rowCells } from './row-cells.js';

/** A row that only labels the rows below it ("👟 SHOES 👟", "=== BAGS ==="). */
export interface SectionHeader {
  /** The label as the sheet writes it. */
  readonly text: string;
  /** The category it names, when it names one ("BEST SELLERS" names none). */
  readonly category?: CategoryId;
  /** `tab`: the name of a workbook's tab, which labels every row on it. */
  readonly kind?: 'tab';
}

// Cells a product row fills and a label never does.
const PRODUCT_ONLY_FIELDS: readonly ImportField[] = [
  'listing_url',
  'price',
  'item_id',
  'marketplace',
  'slug',
];
const MAX_LABEL = 80;
// Decoration around a label: emoji and pictographs, rules of `=`, `-`, `*`, `#`, `~`, `•`, `|`.
const DECORATION =
  /^[\p{Extended_Pictographic}\p{So}=*#~•|:_\-–—\s]+|[\p{Extended_Pictographic}\p{So}=*#~•|:_\-–—\s]+$/u;

/**
 * Whether a row is a section header, and what it labels: a row with no link, price or item id,
 * whose only text (one cell, or the same text repeated across merged cells) is a short label
 * that is decorated (emoji, `===`, `---`), written in capitals, or a category word alone
 * ("Sneakers", "Schuhe"). A row with only a product's name ("Jordan 4 Military Black") is not
 * one: it is a product whose link and price are missing.
 *
 * @example readSectionHeader({ Item: '👟 SHOES 👟' }) // { text: '👟 SHOES 👟', category: 'sneakers' }
 */
export function readSectionHeader(
  record: Readonly<Record<string, unknown>>,
  columns?: ColumnMapper,
  lexicon: Lexicon = DEFAULT_LEXICON,
): SectionHeader | undefined {
  // Every row of a file is asked, so a product row (two different texts) is told at once.
  let text: string | undefined;
  for (const key in record) {
    const value = record[key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string') return undefined;
    const trimmed = value.trim();
    // A "-" or "#N/A" beside a label is an empty cell, and one alone labels nothing.
    if (trimmed === '' || blankCell(trimmed)) continue;
    if (text === undefined) text = trimmed;
    else if (trimmed !== text) return undefined;
  }
  if (text === undefined) return undefined;
  // One cell in a product's column ("TBD" as a price) is a product row with its cells missing;
  // the same text across several cells is a label spread over merged cells.
  const cells = rowCells(record, columns);
  const filled = [...cells.values()].reduce((n, list) => n + list.length, 0);
  if (filled <= 1 && PRODUCT_ONLY_FIELDS.some((field) => cells.has(field))) return undefined;
  const label = text.replace(DECORATION, '').trim();
  if (text.length > MAX_LABEL || !/\p{L}/u.test(label)) return undefined;
  const category = recognizeCategory(label, lexicon);
  const decorated = label !== text;
  const capitals = label === label.toUpperCase() && label !== label.toLowerCase();
  const shortCategory = category !== undefined && label.split(/\s+/).length <= 3;
  if (!decorated && !capitals && !shortCategory) return undefined;
  return category === undefined ? { text } : { text, category };
}

// A tab named after a category is a word or three ("Hoodies & Pullover"); a longer name is a
// sentence ("How to order", "Read me first") that may happen to hold one.
const MAX_TAB_WORDS = 4;

/**
 * The category a workbook tab's name names, in any of the lexicon's languages, case, emoji and
 * decoration aside: "👟 Schuhe" (sneakers), "Hoodies & Pullover", "Taschen", "Montres", "Bluzy".
 * A word for whom wins, as in a section header ("Kids Shoes" is kids). `undefined` for a tab that
 * names none ("Info", "FAQ", "Sheet1", "Tabelle1", "Best Sellers") or two ("Schuhe & Taschen"):
 * its rows say what they are. The result is shaped like {@link readSectionHeader}'s, so that a
 * tab's category fills its rows' empty category cells as a section's does.
 *
 * @example readTabName('👟 Schuhe') // { text: '👟 Schuhe', category: 'sneakers', kind: 'tab' }
 * @example readTabName('How to order') // undefined
 */
export function readTabName(
  name: string,
  lexicon: Lexicon = DEFAULT_LEXICON,
): SectionHeader | undefined {
  const label = name.trim().replace(DECORATION, '').trim();
  if (label.length > MAX_LABEL) return undefined;
  const words = tokenizeTitle(label).folded;
  if (words.length === 0 || words.length > MAX_TAB_WORDS) return undefined;
  const matches = titleVocabulary(lexicon).labels.scan(words);
  const audience = matches.filter((match) => match.value.audience);
  const named = new Set((audience.length > 0 ? audience : matches).map((m) => m.value.category));
  const [category] = named;
  return category !== undefined && named.size === 1
    ? { text: name, category, kind: 'tab' }
    : undefined;
}
