import type { Agent } from '../agents/agent.js';
import type { CurrencyRates } from '../currency/currencies.js';
import type { Lexicon } from '../lexicon/lexicon.js';
import type { ColumnMapper } from './column-map.js';
import type { SheetKnowledge } from './sheet-learning.js';

/** What {@link normalizeProductRow} needs besides the row. */
export interface NormalizeRowContext {
  /** `created_at` of rows that have none: the time of the import. */
  readonly now: Date | string;
  /** What each column holds; default: recognised from the column names (`createColumnMapper()`). */
  readonly columns?: ColumnMapper;
  /** Whose product links are read back into listings; default: the default agents. */
  readonly agents?: readonly Agent[];
  /** Rates prices in other currencies are converted to CNY with; default: the displayed ones. */
  readonly rates?: CurrencyRates;
  /**
   * The lexicon brands and kinds of product are read with (a Brand cell canonicalised, a title's
   * brand and category found); default: `DEFAULT_LEXICON`. The catalog's own category names are
   * always understood.
   */
  readonly lexicon?: Lexicon;
  /**
   * What a first read of the same sheet taught (`createSheetLearner`): brands no list knows and
   * the words its labelled rows share. Without it, titles are read with the lexicon alone.
   */
  readonly knowledge?: SheetKnowledge;
}

/** The brand of a row whose brand is neither given nor recognised in its title. */
export const UNBRANDED = 'Unbranded';
