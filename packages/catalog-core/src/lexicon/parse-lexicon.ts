import { Compile } from 'typebox/compile';
import { CatalogError } from '../errors.js';
import { foldPhrase } from './fold.js';
import { addLexicon, EMPTY_LEXICON, type Lexicon, lexiconOfFile } from './lexicon.js';
import { LEXICON_VERSION, LexiconFileSchema } from './lexicon-schema.js';

const checkFile = Compile(LexiconFileSchema);

// The first few problems name the fault well enough to fix and re-run (as for the agents file).
const MAX_REPORTED = 8;

function fail(problems: readonly string[]): never {
  const shown = problems.slice(0, MAX_REPORTED);
  const more =
    problems.length > shown.length ? `\n  ...and ${problems.length - shown.length} more` : '';
  throw new CatalogError('LEXICON_INVALID', `Invalid lexicon:\n  ${shown.join('\n  ')}${more}`);
}

/** Strings that fold to nothing ("!!!", "—") could never match; they are a typo in the file. */
function emptyWords(value: unknown, path: string, out: string[]): void {
  if (typeof value === 'string') {
    if (foldPhrase(value) === '') out.push(`${path}: "${value}" has no letter, digit or symbol`);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      emptyWords(item, `${path}/${i}`, out);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) emptyWords(item, `${path}/${key}`, out);
  }
}

/**
 * Validates a lexicon file (already parsed from JSON) and returns it as a {@link Lexicon}: the
 * file must match `LexiconFileSchema`, be written for format `version` 1, and every word must
 * keep a letter, digit or price symbol once folded. Reading the file is the caller's job.
 *
 * @throws {CatalogError} `LEXICON_INVALID`, the message listing each problem as `path: reason`.
 * @example
 * const extra = parseLexicon({ version: 1, brands: [{ name: 'Nike', aliases: ['swoosh'] }] });
 */
export function parseLexicon(value: unknown): Lexicon {
  if (!checkFile.Check(value)) {
    const version = (value as { version?: unknown } | null)?.version;
    if (value !== null && typeof value === 'object' && version !== LEXICON_VERSION) {
      fail([`/version: must be ${LEXICON_VERSION} (this file says ${JSON.stringify(version)})`]);
    }
    fail(
      [...checkFile.Errors(value)]
        .filter((e) => e.keyword !== 'boolean')
        .map((e) => {
          const extra = (e.params as { additionalProperties?: string[] }).additionalProperties;
          const detail = extra ? ` (${extra.join(', ')})` : '';
          return `${e.instancePath || '/'}: ${e.message}${detail}`;
        }),
    );
  }
  const problems: string[] = [];
  emptyWords(value, '', problems);
  if (problems.length > 0) fail(problems);
  return lexiconOfFile(value);
}

/**
 * Words a filler must not be: dropping them would lose what the shopper asked for. A brand whose
 * name is an everyday word (On, Tous) is found by its other words and spellings ("on running").
 */
function searchedWords(lexicon: Lexicon): Map<string, string> {
  const words = new Map<string, string>();
  for (const brand of lexicon.brands) {
    if (!brand.commonWord) words.set(foldPhrase(brand.name), `brand ${brand.name}`);
    for (const alias of brand.aliases) words.set(alias, `an alias of ${brand.name}`);
  }
  for (const nickname of lexicon.nicknames) {
    for (const word of nickname.words) words.set(word, `a nickname for ${nickname.means[0]}`);
  }
  for (const entry of lexicon.categories) {
    for (const word of entry.words) words.set(word, `a word for ${entry.category}`);
  }
  for (const entry of lexicon.types) {
    for (const word of entry.words) words.set(word, `a word for ${entry.means[0]}`);
  }
  return words;
}

/**
 * Two brands named alike, and describing words that are a brand's name. Two lines of one house
 * may share a spelling when the later one has a category of its own ("ysl": Saint Laurent, and
 * Yves Saint Laurent for perfumes): a title's kind of product tells them apart.
 */
function brandProblems(lexicon: Lexicon): string[] {
  const problems: string[] = [];
  const owner = new Map<string, string>();
  for (const brand of lexicon.brands) {
    const name = foldPhrase(brand.name);
    for (const word of new Set([name, ...brand.aliases])) {
      const other = owner.get(word);
      const line = word !== name && brand.category !== undefined;
      if (other !== undefined && other !== brand.name && !line) {
        problems.push(`/brands: "${word}" names both ${other} and ${brand.name}`);
      } else if (other === undefined) owner.set(word, brand.name);
    }
  }
  for (const word of lexicon.descriptors) {
    const brand = owner.get(word);
    if (brand !== undefined) problems.push(`/descriptors: "${word}" is also brand ${brand}`);
  }
  return problems;
}

function consistencyProblems(lexicon: Lexicon): string[] {
  const problems = brandProblems(lexicon);
  const brands = new Set(lexicon.brands.map((brand) => brand.name));
  for (const nickname of lexicon.nicknames) {
    if (nickname.brand !== undefined && !brands.has(nickname.brand)) {
      problems.push(
        `/nicknames: "${nickname.words[0]}" implies brand "${nickname.brand}", which is not a brand of the lexicon`,
      );
    }
  }
  const searched = searchedWords(lexicon);
  for (const [section, list] of [
    ['fillers', lexicon.fillers],
    ['budget', lexicon.budget],
  ] as const) {
    for (const word of list) {
      const meaning = searched.get(word);
      if (meaning) problems.push(`/${section}: "${word}" is also ${meaning}`);
    }
  }
  const fillers = new Set(lexicon.fillers);
  for (const word of lexicon.budget) {
    if (fillers.has(word)) problems.push(`/budget: "${word}" is also a filler`);
  }
  return problems;
}

/**
 * Adds the words of each extension to `base` (see `LexiconFileSchema`: a brand or category both
 * name gets the words of both, nicknames and product types are appended, word lists are joined)
 * and checks that the result holds together: every nickname's brand is a brand of the lexicon,
 * no word names two brands, no describing word is a brand's, and no filler or budget word is
 * also a brand, nickname, category or product-type word.
 *
 * @throws {CatalogError} `LEXICON_INVALID` naming each conflict.
 * @example
 * const lexicon = mergeLexicons(DEFAULT_LEXICON, parseLexicon(JSON.parse(text)));
 */
export function mergeLexicons(base: Lexicon, ...extensions: readonly Lexicon[]): Lexicon {
  const merged = extensions.reduce(addLexicon, addLexicon(EMPTY_LEXICON, base));
  const problems = consistencyProblems(merged);
  if (problems.length > 0) fail(problems);
  return merged;
}
