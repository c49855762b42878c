import type { Agent } from '../agents/agent.js';
import type { CategoryId } from '../categories.js';
import type { CurrencyRates } from '../currency.js';
import type { ColumnMapper } from './column-map.js';

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
   * The canonical brand a text names (`"aj4 black cat"` → `Jordan`), from the brand lexicon:
   * fills the brand of rows without one, and canonicalises the brands that are given. Without
   * it, rows without a brand load as {@link UNBRANDED}, with a warning.
   */
  readonly recognizeBrand?: (text: string) => string | undefined;
  /**
   * The category a category or product-type word points to (`Trainers` → sneakers), from the
   * lexicon: read for category cells the catalog's own names do not match, and for titles of
   * rows without a category. The catalog's category names are always understood.
   */
  readonly recognizeCategory?: (text: string) => CategoryId | undefined;
}

/** The brand of a row whose brand is neither given nor recognised in its title. */
export const UNBRANDED = 'Unbranded';
