/** The longest text part of a slug, so that `-<item id>` still fits in the schema's 160. */
const MAX_BASE_LENGTH = 120;

/**
 * Turns display text into a URL-safe kebab: lower case, accents dropped (`Stüssy` → `stussy`),
 * apostrophes removed (`Arc'teryx` → `arcteryx`), every other run of symbols one dash. Text with
 * no Latin letters or digits (a Chinese title) gives `''`.
 *
 * @example slugify("Nike Dunk Low 'Panda'") // 'nike-dunk-low-panda'
 */
export function slugify(text: string): string {
  const kebab = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (kebab.length <= MAX_BASE_LENGTH) return kebab;
  const cut = kebab.slice(0, MAX_BASE_LENGTH);
  const lastDash = cut.lastIndexOf('-');
  return lastDash > 0 ? cut.slice(0, lastDash) : cut;
}

/**
 * A product slug: the kebab of `parts` (empty parts skipped) ending with `-<item id>`, with
 * `fallback` as the text part when the parts have nothing URL-safe in them.
 *
 * @example productSlug(['Nike', 'Dunk Low', 'Panda'], '7234567890') // 'nike-dunk-low-panda-7234567890'
 */
export function productSlug(
  parts: readonly (string | undefined)[],
  itemId: string,
  fallback = 'item',
): string {
  const base = slugify(parts.filter((part) => part !== undefined && part !== '').join(' '));
  return `${base || fallback}-${itemId}`;
}
