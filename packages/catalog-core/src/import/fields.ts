import { CATEGORIES, type CategoryId, isCategoryId } from '../categories.js';
import { MARKETPLACES, type Marketplace } from '../product.js';

/** A parsed cell, or why it could not be parsed (without the field name). */
export type Parsed<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly reason: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (reason: string): Parsed<never> => ({ ok: false, reason });

/** How a cell value is quoted in reasons: strings in quotes, cut at 60 characters. */
export function show(value: unknown): string {
  const text =
    typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value) ?? value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

const MARKETPLACE_ALIASES: Readonly<Record<string, Marketplace>> = {
  wd: 'weidian',
  tb: 'taobao',
  tmall: 'taobao',
  ali1688: '1688',
  ali_1688: '1688',
  alibaba: '1688',
  t1688: '1688',
};

/** `weidian`, `taobao` or `1688`, case-insensitive, with the usual short names (WD, TB, Tmall). */
export function parseMarketplace(value: unknown): Parsed<Marketplace> {
  const text = String(value).trim().toLowerCase();
  if ((MARKETPLACES as readonly string[]).includes(text)) return ok(text as Marketplace);
  const alias = MARKETPLACE_ALIASES[text];
  return alias ? ok(alias) : fail(`${show(value)} is not one of ${MARKETPLACES.join(', ')}`);
}

/** 5 to 20 digits. A number cell is accepted only while it is exact (below 2^53). */
export function parseItemId(value: unknown): Parsed<string> {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) {
      return fail(`${show(value)} lost precision as a number; store item ids as text`);
    }
    value = String(value);
  }
  const text = typeof value === 'string' ? value.trim() : '';
  return /^[0-9]{5,20}$/.test(text) ? ok(text) : fail(`must be 5 to 20 digits, got ${show(value)}`);
}

/** Category words folded for lookup: lower case, letters and digits only (`T-Shirt` → `tshirt`). */
const foldWord = (word: string) => word.toLowerCase().replace(/[^a-z0-9]/g, '');

const CATEGORY_BY_NAME = new Map<string, CategoryId>();
for (const category of CATEGORIES) {
  // The id, the display name, each part of it (`Hoodies & Sweatshirts` → `sweatshirts`) and
  // their singulars (`hoodie`, `sweatshirt`, `t-shirt`).
  const parts = [category.id, category.name, ...category.name.split('&')];
  for (const part of parts) {
    const folded = foldWord(part);
    CATEGORY_BY_NAME.set(folded, category.id);
    if (folded.endsWith('s')) CATEGORY_BY_NAME.set(folded.slice(0, -1), category.id);
  }
}

/**
 * A category id, its display name (`Caps & Hats`), a part of it (`Sweatshirts`, `Coats`) or a
 * singular (`hoodie`), any case and punctuation.
 */
export function parseCategory(value: unknown): Parsed<CategoryId> {
  const text = String(value).trim().toLowerCase();
  if (isCategoryId(text)) return ok(text);
  const byName = CATEGORY_BY_NAME.get(foldWord(text));
  return byName
    ? ok(byName)
    : fail(`${show(value)} is not one of ${CATEGORIES.map((c) => c.id).join(', ')}`);
}

/** A list cell: an array, or text separated by `|` (preferred), `;`, `,` or new lines. */
export function parseList(value: unknown, separators = /[|;,\n]/): Parsed<string[]> {
  if (Array.isArray(value)) {
    if (!value.every((item) => typeof item === 'string')) return fail('must be a list of texts');
    return ok(value.map((item: string) => item.trim()).filter((item) => item !== ''));
  }
  if (typeof value !== 'string') return fail(`must be a list, got ${show(value)}`);
  const parts = value.includes('|') ? value.split('|') : value.split(separators);
  return ok(parts.map((part) => part.trim()).filter((part) => part !== ''));
}

/** A date or date-time (ISO 8601 or anything `Date` reads unambiguously), as an ISO string. */
export function parseDate(value: unknown): Parsed<string> {
  const time =
    value instanceof Date
      ? value.getTime()
      : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value.trim())
        ? Date.parse(value.trim())
        : Number.NaN;
  return Number.isFinite(time)
    ? ok(new Date(time).toISOString())
    : fail(`must be an ISO date such as 2025-06-30 or 2025-06-30T12:00:00Z, got ${show(value)}`);
}

/** Grams as a whole number: `850`, `"850 g"`, `"1.2 kg"`. */
export function parseWeight(value: unknown): Parsed<number> {
  let grams = Number.NaN;
  if (typeof value === 'number') grams = value;
  else if (typeof value === 'string') {
    const match = /^(\d+(?:\.\d+)?)\s*(g|kg)?$/i.exec(value.trim());
    if (match) grams = Number(match[1]) * (match[2]?.toLowerCase() === 'kg' ? 1000 : 1);
  }
  const rounded = Math.round(grams);
  return Number.isFinite(grams) && rounded >= 1 && rounded <= 100_000
    ? ok(rounded)
    : fail(`must be a weight in grams from 1 to 100000, got ${show(value)}`);
}
