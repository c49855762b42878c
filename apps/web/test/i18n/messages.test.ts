import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/i18n/languages.js';
import { MESSAGES } from '../../src/i18n/messages.js';

type Tree = string | readonly Tree[] | { readonly [key: string]: Tree };

const CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/** A plural message: an object whose keys are `Intl.PluralRules` categories, `other` among them. */
const isPlural = (node: Tree): node is Record<string, string> =>
  typeof node === 'object' &&
  !Array.isArray(node) &&
  'other' in node &&
  Object.keys(node).every((key) => CATEGORIES.has(key));

/** Every leaf of a message tree by its path (`listing.sorts.newest`, `faq.2.a`). */
function leaves(node: Tree, path = ''): Map<string, Tree> {
  if (typeof node === 'string' || isPlural(node)) return new Map([[path, node]]);
  const entries = Array.isArray(node)
    ? node.map((v, i) => [String(i), v] as const)
    : Object.entries(node);
  return new Map(
    entries.flatMap(([key, value]) => [...leaves(value, path ? `${path}.${key}` : key)]),
  );
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();
const english = leaves(MESSAGES.en as Tree);

describe('messages (one file per language)', () => {
  it.each(LANGUAGES)('%s has every key of English, and no other', (lang) => {
    expect([...leaves(MESSAGES[lang] as Tree).keys()]).toEqual([...english.keys()]);
  });

  it.each(LANGUAGES)('%s has every plural form its language needs, and no other', (lang) => {
    const categories = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();
    for (const [path, node] of leaves(MESSAGES[lang] as Tree)) {
      if (isPlural(english.get(path)!)) {
        expect(isPlural(node), path).toBe(true);
        expect(Object.keys(node).sort(), `${lang} ${path}`).toEqual(categories);
      }
    }
  });

  it.each(LANGUAGES)('%s keeps the placeholders of every English message', (lang) => {
    for (const [path, node] of leaves(MESSAGES[lang] as Tree)) {
      const source = english.get(path)!;
      const want = placeholders(isPlural(source) ? (source.other ?? '') : (source as string));
      const forms = isPlural(node) ? Object.values(node) : [node as string];
      for (const form of forms) {
        // A plural form may leave the number out ("un produit"); nothing else may go.
        const got = placeholders(form);
        expect(
          got.filter((p) => p !== 'n'),
          `${lang} ${path}`,
        ).toEqual(want.filter((p) => p !== 'n'));
      }
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s is translated: few values equal English',
    (lang) => {
      const same = [...leaves(MESSAGES[lang] as Tree)].filter(
        ([path, node]) => JSON.stringify(node) === JSON.stringify(english.get(path)),
      );
      // Names and codes read the same in every language (API, Sitemap, a placeholder alone).
      expect(same.length, same.map(([p]) => p).join(', ')).toBeLessThan(english.size / 10);
    },
  );
});
