import {
  type ColumnMapper,
  createSheetLearner,
  type ImportField,
  type Lexicon,
  type SheetKnowledge,
} from '@repo/catalog-core';
import type { RowSink } from './row-sink.js';

/** Thrown into the reader to end a first read that has nothing to learn. */
class NothingToLearn extends Error {}

/** Fields whose columns, when a file has both, leave nothing for a first read to learn. */
const GIVEN: readonly ImportField[] = ['brand', 'category'];

/**
 * The first of an import's two reads: every row goes to a `SheetLearner` (brands no list knows,
 * the words of each category), and nothing else happens. A file whose columns give every row's
 * brand and category (the catalogs this service writes, most big exports) is not read twice:
 * the read stops at its header, or at its first record for JSON and NDJSON, and the result is
 * `undefined`. A workbook of `manyTables` is read through: the rows of its tabs with both
 * columns teach nothing, the others do.
 */
export async function learnFromRows(
  read: (sink: RowSink) => Promise<void>,
  lexicon: Lexicon,
  columns: ColumnMapper,
  manyTables = false,
): Promise<SheetKnowledge | undefined> {
  const learner = createSheetLearner(lexicon, columns);
  const covers = (names: Iterable<string>) => {
    const fields = new Set<ImportField>();
    for (const name of names) {
      const field = columns.role(name)?.field;
      if (field) fields.add(field);
    }
    return GIVEN.every((field) => fields.has(field));
  };
  let first = true;
  let header = false;
  /** The current table's columns give every row's brand and category. */
  let covered = false;
  const sink: RowSink = {
    columns(names) {
      header = true;
      covered = covers(names);
      if (covered && !manyTables) throw new NothingToLearn();
      return covered ? 'skip' : undefined;
    },
    wantsLinks: false,
    accept(record) {
      if (first && !header && covers(Object.keys(record))) throw new NothingToLearn();
      first = false;
      if (!covered) learner.add(record);
    },
    reject() {},
    endSheet() {},
    finish: () => ({ rows: 0, products: 0, warned: 0, rejected: 0, sections: 0 }),
  };
  try {
    await read(sink);
  } catch (error) {
    if (error instanceof NothingToLearn) return undefined;
    throw error;
  }
  return learner.finish();
}
