// Words whose final dot never ends a sentence here. Lower case; matched on the word before the dot.
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'approx',
  'ca',
  'cf',
  'vs',
  'incl',
  'excl',
  'min',
  'max',
  'no',
  'nos',
  'est',
  'fig',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'u.s',
  'u.k',
]);

const OPENING = '([{';
const CLOSING = ')]}';

/**
 * The first sentence of a text: up to the first `.`, `!` or `?` that is followed by a space and a
 * capital letter (or ends the text), outside brackets and code spans, and not the dot of an
 * abbreviation ("e.g.", "approx.") or a number ("3.5", "ISO 3166-1"). The whole text when no
 * sentence ends before its end.
 *
 * @example firstSentence('Ship to a country (code, e.g. US). Then pay.') // 'Ship to a country (code, e.g. US).'
 */
export function firstSentence(text: string): string {
  let depth = 0;
  let inCode = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '`') inCode = !inCode;
    if (inCode) continue;
    if (OPENING.includes(c)) depth++;
    else if (CLOSING.includes(c)) depth = Math.max(0, depth - 1);
    else if (depth === 0 && '.!?'.includes(c) && endsSentence(text, i)) {
      return text.slice(0, i + 1).trim();
    }
  }
  return text.trim();
}

function endsSentence(text: string, at: number): boolean {
  const after = text.slice(at + 1);
  if (after.trim() === '') return true;
  // The next sentence starts after white space with a capital, a digit, a quote or a code span.
  if (!/^\s+["'“‘`(]*[\p{Lu}\d]/u.test(after)) return false;
  if (text[at] !== '.') return true;
  const word = /[\p{L}.]*$/u.exec(text.slice(0, at))?.[0].toLowerCase() ?? '';
  // After a digit or a bracket, a real end; a single letter is an initial ("J. Smith").
  if (word === '') return true;
  return word.length > 1 && !ABBREVIATIONS.has(word);
}
