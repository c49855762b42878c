import {
  type CategoryId,
  DEFAULT_LEXICON,
  foldTokens,
  foldWords,
  type Lexicon,
  type Product,
} from '@repo/catalog-core';
import { kindToken } from './query-lexicon.js';

interface Kind {
  readonly token: string;
  readonly category: CategoryId;
}

/** The words of the kinds, one word per level: a title is read without joining its words. */
interface WordNode {
  /** Only where a phrase goes on: most words are phrases of one word. */
  next?: Map<string, WordNode>;
  /** The kinds a phrase ending here names. */
  kinds?: Kind[];
}

// Lexicon words are folded as typed, without elisions ("boucles d'oreilles" → `boucles
// oreilles`); a title without an apostrophe inside a word ("Air Jordan 4 'Black Cat'" has none)
// folds to the same words as the catalog's.
const ELISION = /\p{L}['\u2019\u2018\u02bc`´]\p{L}/u;

const tables = new WeakMap<Lexicon, WordNode>();

/** Every word of every kind, in every language, as a title is folded. */
function kindTable(lexicon: Lexicon): WordNode {
  const known = tables.get(lexicon);
  if (known) return known;
  const root: WordNode = {};
  for (const entry of lexicon.types) {
    const token = kindToken(entry);
    if (token === undefined) continue;
    for (const phrase of entry.words) {
      let node = root;
      for (const word of phrase.split(' ')) {
        node.next ??= new Map();
        let child = node.next.get(word);
        if (!child) {
          child = {};
          node.next.set(word, child);
        }
        node = child;
      }
      node.kinds ??= [];
      if (!node.kinds.some((kind) => kind.token === token)) {
        node.kinds.push({ token, category: entry.category });
      }
    }
  }
  tables.set(lexicon, root);
  return root;
}

/**
 * The kinds of product a title names, in any of the lexicon's languages, as the tokens their
 * words are searched by (`kindToken`): "Hermès Gürtel H Buckle" → `['belt']`. Both engines index
 * them in a field of their own (`kinds`), and every word of a kind is also a synonym of its token,
 * so "belt", "ceinture" or "pasek" find a belt whatever language its title is in.
 *
 * Whole words only, the longest phrase first ("Kettenhemd" is no `kette`; "belt bag" is a bag).
 * A word counts only where the product's category is the kind's, which keeps words with another
 * sense out: "Slip-On" sneakers are no underwear slip, a "Slip Dress" no slip either (kids and
 * women, who a product is for, say nothing of what it is), a "Cartier Tank" no tank top. A word
 * the lexicon lists for two kinds ("slippers": slides in Dutch, house shoes in English) names
 * neither.
 *
 * `words` are the title's words as the catalog folds them (`foldWords`), when already at hand.
 *
 * @example titleKinds({ title: 'Gucci GG Marmont Gürtel', category: 'accessories' }) // ['belt']
 */
export function titleKinds(
  product: Pick<Product, 'title' | 'category'>,
  lexicon: Lexicon = DEFAULT_LEXICON,
  words?: readonly string[],
): string[] {
  const { title } = product;
  const tokens = ELISION.test(title) ? foldTokens(title) : (words ?? foldWords(title));
  const root = kindTable(lexicon);
  const found: string[] = [];
  for (let start = 0; start < tokens.length; ) {
    let node = root.next?.get(tokens[start]!);
    let kinds: Kind[] | undefined;
    let end = start + 1;
    for (let at = start + 1; node; at++) {
      if (node.kinds) {
        kinds = node.kinds;
        end = at;
      }
      node = at < tokens.length ? node.next?.get(tokens[at]!) : undefined;
    }
    start = end;
    const kind = kinds?.length === 1 ? kinds[0]! : undefined;
    if (kind?.category === product.category && !found.includes(kind.token)) found.push(kind.token);
  }
  return found;
}
