/** A cell whose text stands for no value, as the sheet wrote it. */
export interface BlankCell {
  readonly text: string;
  /** A spreadsheet formula's error (`#REF!`, `#N/A`) rather than a word for none. */
  readonly formulaError: boolean;
}

// The errors Excel, Google Sheets and LibreOffice show in a cell whose formula failed; a CSV
// download keeps them as text.
const FORMULA_ERROR =
  /^#(?:N\/A|REF!|VALUE!|DIV\/0!|NAME\?|NUM!|NULL!|ERROR!|SPILL!|CALC!|FIELD!|BLOCKED!|CONNECT!|BUSY!|UNKNOWN!|GETTING_DATA)$/i;
// Dashes, slashes, dots and question marks alone: "-", "—", "/", "?", "??", "...".
const MARKS_ONLY = /^[-–—/?.…_]+$/;
// Words for none in the lexicon's eight languages, and what exports write for a missing value.
// Not "x": it ticks a box, and is a size or a model's letter.
const NONE_WORDS: ReadonlySet<string> = new Set([
  'n/a',
  'n.a.',
  'n.a',
  'na',
  'n/d',
  'tbd',
  'tba',
  'tbc',
  'none',
  'null',
  'nan',
  'undefined',
  'ninguno',
  'ninguna',
  'nenhum',
  'nenhuma',
  'aucun',
  'aucune',
  'keine',
  'kein',
  'nessuno',
  'nessuna',
  'brak',
  'geen',
]);
const LONGEST = 16;

/**
 * Whether a cell stands for no value, in any column: a word for none (`-`, `—`, `/`, `?`, `n/a`,
 * `tbd`, `none`, `null`, `keine`, `aucun`, `brak`, `geen`…) or a formula's error (`#N/A`,
 * `#REF!`, `#VALUE!`, `#DIV/0!`…). A brand "-" is no brand, a price "TBD" no price.
 *
 * @example blankCell('#REF!') // { text: '#REF!', formulaError: true }
 * @example blankCell('Nike') // undefined
 */
export function blankCell(value: unknown): BlankCell | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === '' || text.length > LONGEST) return undefined;
  if (FORMULA_ERROR.test(text)) return { text, formulaError: true };
  const folded = text.toLowerCase().replace(/\s+/g, '');
  return MARKS_ONLY.test(folded) || NONE_WORDS.has(folded)
    ? { text, formulaError: false }
    : undefined;
}
