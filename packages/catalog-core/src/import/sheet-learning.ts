import type { CategoryId } from '../categories.js';
import { DEFAULT_LEXICON } from '../lexicon/default-lexicon.js';
import { foldCatalogPhrase, tokenizeTitle } from '../lexicon/fold.js';
import type { Lexicon } from '../lexicon/lexicon.js';
import { PhraseTable } from '../lexicon/phrase-table.js';
import { leadingRun, recognizeCategory } from '../lexicon/recognize.js';
import {
  LEAD_INS,
  namedBrand,
  type Segment,
  segmentTitle,
  titleVocabulary,
} from '../lexicon/title-vocabulary.js';
import { type ColumnMapper, createColumnMapper } from './column-map.js';
import { parseCategory } from './fields.js';
import { rowCells } from './row-cells.js';

/** A brand an import learned from the sheet itself, for the operator to check. */
export interface LearnedBrand {
  readonly name: string;
  /** How many rows of the sheet it was seen in. */
  readonly rows: number;
  /**
   * Where: the words several `titles` start with, one side of a `collaboration` ("X x Nike"),
   * or the sheet's `brand column` (for its rows that leave the brand empty).
   */
  readonly from: 'titles' | 'collaboration' | 'brand column';
}

/** What a first read of a sheet taught: brands no list knows, and which words go with which category. */
export interface SheetKnowledge {
  /** The brands learned, most rows first. */
  readonly brands: readonly LearnedBrand[];
  /** Their names by folded phrase, for reading titles. */
  readonly brandTable: PhraseTable<string>;
  /**
   * The category the words of a title point to by what the sheet's labelled rows say: words seen
   * at least twice, and four times in five in one category ("Goyard" in rows of Bags), vote.
   */
  categoryOf(words: readonly string[]): CategoryId | undefined;
}

/** Reads a sheet's rows once, before the import, and learns from them (see {@link SheetKnowledge}). */
export interface SheetLearner {
  add(record: Readonly<Record<string, unknown>>): void;
  finish(): SheetKnowledge;
}

/** A run of title words and the rows that start with it. */
interface Node {
  rows: number;
  /** The words that follow it, two at most: two say it is followed by different things. */
  readonly next: Set<string>;
  readonly spellings: Map<string, number>;
}

const END = '\u0000';
const MAX_RUN = 4;
const MAX_COLLAB_WORDS = 2;
// Bounds of what a first read keeps, whatever the size of the sheet.
const MAX_NODES = 200_000;
const MAX_WORDS = 100_000;

/**
 * Creates a learner for one sheet: `add` each row (as `normalizeProductRow` takes it), then
 * `finish`. Memory is bounded: counts of title openings and of words, not the rows.
 *
 * A brand is learned from titles when a run of unknown words (not a brand, model, kind of
 * product, describing word or number) opens at least two titles that go on differently ("Cole
 * Buxton Tee", "Cole Buxton Hoodie": `Cole Buxton`; "Panda Dunk Low", "Panda Dunk High": not
 * `Panda`), and the run's first word opens titles more often than it appears inside them (an
 * adjective is found inside titles too). Each side of an "X x Y" collaboration is a brand, once
 * seen. A brand column's values are brands for the rows that leave it empty.
 */
export function createSheetLearner(
  lexicon: Lexicon = DEFAULT_LEXICON,
  columns: ColumnMapper = createColumnMapper(),
): SheetLearner {
  const vocabulary = titleVocabulary(lexicon);
  const runs = new Map<string, Node>();
  const collaborations = new Map<string, Node>();
  const given = new Map<string, Node>();
  const inside = new Map<string, number>();
  const votes = new Map<string, Map<CategoryId, number>>();

  const note = (map: Map<string, Node>, key: string, spelling: string, next?: string) => {
    let node = map.get(key);
    if (node === undefined) {
      if (map.size >= MAX_NODES) return;
      node = { rows: 0, next: new Set(), spellings: new Map() };
      map.set(key, node);
    }
    node.rows++;
    if (next !== undefined && node.next.size < 2) node.next.add(next);
    if (node.spellings.size < 4 || node.spellings.has(spelling)) {
      node.spellings.set(spelling, (node.spellings.get(spelling) ?? 0) + 1);
    }
  };

  return {
    add(record) {
      const cells = rowCells(record, columns);
      const title = textOf(cells.get('title')?.[0]?.value);
      const brandCell = textOf(cells.get('brand')?.[0]?.value);
      if (brandCell !== undefined) {
        const folded = foldCatalogPhrase(brandCell);
        if (folded !== '' && !namedBrand(brandCell, vocabulary)) note(given, folded, brandCell);
      }
      if (title === undefined) return;
      const { folded, original } = tokenizeTitle(title);
      const segments = segmentTitle(folded, vocabulary, undefined, original);
      const category = categoryOfCell(cells.get('category')?.[0]?.value, lexicon);
      if (category !== undefined) countVotes(votes, segments, folded, category);
      const lead = leadingRun(segments);
      const sides = collaborationSides(segments);
      const apart = new Set<number>();
      for (const run of lead ? [lead, ...sides] : sides) {
        for (let i = run.start; i < run.end; i++) apart.add(i);
      }
      for (const segment of segments) {
        if (segment.type !== 'unknown' || apart.has(segment.start)) continue;
        const word = folded[segment.start]!;
        if (inside.has(word) || inside.size < MAX_WORDS)
          inside.set(word, (inside.get(word) ?? 0) + 1);
      }
      for (const side of sides) {
        const key = folded.slice(side.start, side.end).join(' ');
        note(collaborations, key, original.slice(side.start, side.end).join(' '));
      }
      if (!lead || brandCell !== undefined || segments.some((s) => s.type === 'brand')) return;
      for (let end = lead.start + 1; end <= Math.min(lead.end, lead.start + MAX_RUN); end++) {
        const key = folded.slice(lead.start, end).join(' ');
        note(runs, key, original.slice(lead.start, end).join(' '), folded[end] ?? END);
      }
    },
    finish() {
      const learned = new Map<string, LearnedBrand>();
      const learn = (key: string, node: Node, from: LearnedBrand['from']) => {
        if (!learned.has(key))
          learned.set(key, { name: nameOf(node.spellings), rows: node.rows, from });
      };
      for (const [key, node] of given) learn(key, node, 'brand column');
      for (const [key, node] of collaborations) learn(key, node, 'collaboration');
      for (const [key, node] of runs) {
        if (node.rows < 2 || node.next.size < 2) continue;
        const words = key.split(' ');
        // The shortest run that qualifies: "Kith" rather than "Kith Williams".
        const shorter = words
          .slice(1)
          .some((_, i) => qualifies(runs.get(words.slice(0, i + 1).join(' '))));
        if (shorter || (inside.get(words[0]!) ?? 0) >= node.rows) continue;
        learn(key, node, 'titles');
      }
      const brandTable = new PhraseTable<string>();
      for (const [key, brand] of learned) brandTable.add(key, brand.name);
      const brands = [...learned.values()].sort(
        (a, b) => b.rows - a.rows || a.name.localeCompare(b.name),
      );
      return { brands, brandTable, categoryOf: (words) => categoryByVotes(votes, words) };
    },
  };
}

const qualifies = (node: Node | undefined) =>
  node !== undefined && node.rows >= 2 && node.next.size >= 2;

function textOf(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function categoryOfCell(value: unknown, lexicon: Lexicon): CategoryId | undefined {
  if (value === undefined) return undefined;
  const parsed = parseCategory(value);
  return parsed.ok ? parsed.value : recognizeCategory(String(value), lexicon);
}

/**
 * The unknown names on either side of an `x` whose other side is a brand a list knows: "Sacai x
 * Nike" (a name that opens the title), "Nike x Sicko Dunk" (one or two words, then a word the
 * lexicon knows). A model name with an X in it ("G Pro X Superlight") has no brand beside it.
 */
function collaborationSides(segments: readonly Segment[]): { start: number; end: number }[] {
  const sides: { start: number; end: number }[] = [];
  const opening = segments.findIndex((s) => !LEAD_INS.has(s.type));
  segments.forEach((segment, i) => {
    if (segment.type !== 'collab') return;
    const before = segments[i - 1];
    const after = segments[i + 1];
    if (after?.type === 'brand' && before?.type === 'unknown') {
      let first = i - 1;
      while (first > opening && segments[first - 1]!.type === 'unknown') first--;
      if (first === opening && i - first <= MAX_COLLAB_WORDS + 1) {
        sides.push({ start: segments[first]!.start, end: segment.start });
      }
    }
    if (before?.type === 'brand' && after?.type === 'unknown') {
      let last = i + 1;
      while (segments[last + 1]?.type === 'unknown') last++;
      if (last - i <= MAX_COLLAB_WORDS) {
        sides.push({ start: after.start, end: segments[last]!.start + 1 });
      }
    }
  });
  return sides;
}

/** The words of a labelled row vote for its category (numbers and describing words do not). */
function countVotes(
  votes: Map<string, Map<CategoryId, number>>,
  segments: readonly Segment[],
  words: readonly string[],
  category: CategoryId,
): void {
  const seen = new Set<string>();
  for (const segment of segments) {
    if (['number', 'function', 'collab', 'descriptor'].includes(segment.type)) continue;
    for (let i = segment.start; i < segment.start + segment.length; i++) seen.add(words[i]!);
  }
  for (const word of seen) {
    let byCategory = votes.get(word);
    if (byCategory === undefined) {
      if (votes.size >= MAX_WORDS) continue;
      byCategory = new Map();
      votes.set(word, byCategory);
    }
    byCategory.set(category, (byCategory.get(category) ?? 0) + 1);
  }
}

function categoryByVotes(
  votes: ReadonlyMap<string, ReadonlyMap<CategoryId, number>>,
  words: readonly string[],
): CategoryId | undefined {
  const tally = new Map<CategoryId, number>();
  for (const word of new Set(words)) {
    const byCategory = votes.get(word);
    if (byCategory === undefined) continue;
    let total = 0;
    let top: [CategoryId, number] | undefined;
    for (const [category, count] of byCategory) {
      total += count;
      if (!top || count > top[1]) top = [category, count];
    }
    if (top && total >= 2 && top[1] >= 0.8 * total) tally.set(top[0], (tally.get(top[0]) ?? 0) + 1);
  }
  let best: [CategoryId, number] | undefined;
  let others = 0;
  for (const entry of tally) {
    if (!best || entry[1] > best[1]) {
      if (best) others += best[1];
      best = entry;
    } else others += entry[1];
  }
  return best && best[1] > others ? best[0] : undefined;
}

/**
 * The spelling most rows use, those in mixed case first; one written all in small letters, or
 * all in capitals beyond an acronym's four letters, is title-cased.
 */
function nameOf(spellings: ReadonlyMap<string, number>): string {
  const mixed = (text: string) => text !== text.toUpperCase() && text !== text.toLowerCase();
  const [best = ''] =
    [...spellings].sort((a, b) => Number(mixed(b[0])) - Number(mixed(a[0])) || b[1] - a[1])[0] ??
    [];
  if (mixed(best)) return best;
  if (best === best.toUpperCase() && best.replace(/[^\p{L}]/gu, '').length <= 4) return best;
  return best
    .toLowerCase()
    .replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}
