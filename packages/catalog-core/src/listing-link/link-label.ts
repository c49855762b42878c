import { foldWords } from '../lexicon/fold.js';

// What a sheet writes on a link in place of its address, in the lexicon's eight languages, as
// `foldWords` folds it: English and the community's own words, then Spanish, Portuguese, French,
// German, Italian, Polish and Dutch.
const LABELS: ReadonlySet<string> = new Set([
  ...['link', 'links', 'url', 'w2c', 'w2c link', 'here', 'link here', 'click', 'click here'],
  ...['click me', 'tap here', 'buy', 'buy here', 'buy now', 'buy link', 'open', 'open link'],
  ...['view', 'view item', 'go', 'visit', 'shop', 'shop now', 'order', 'order here'],
  ...['enlace', 'aqui', 'aca', 'click aqui', 'clic aqui', 'haz click aqui', 'haz clic aqui'],
  ...['pulsa aqui', 'comprar', 'comprar aqui', 'compra', 'compra aqui', 'ver', 'ver producto'],
  ...['link de compra', 'enlace de compra', 'link aqui'],
  ...['clique aqui', 'clica aqui', 'compre', 'compre aqui', 'abrir', 'link de compra'],
  ...['lien', 'ici', 'cliquez ici', 'clique ici', 'clic', 'clic ici', 'acheter', 'acheter ici'],
  ...['achat', 'voir', 'ouvrir', 'lien d achat'],
  ...['hier', 'hier klicken', 'klick', 'klicken', 'klick hier', 'kaufen', 'hier kaufen'],
  ...['jetzt kaufen', 'zum shop', 'zum artikel', 'zum produkt', 'ansehen', 'offnen', 'kauflink'],
  ...['qui', 'clicca', 'clicca qui', 'compra qui', 'acquista', 'acquista qui', 'vedi', 'apri'],
  ...['collegamento'],
  ...['kup', 'kup tutaj', 'kliknij', 'kliknij tutaj', 'tutaj', 'klik', 'zobacz', 'otworz'],
  ...['kupuj', 'link do zakupu'],
  ...['klik hier', 'kopen', 'hier kopen', 'koop', 'koop hier', 'nu kopen', 'bekijk', 'openen'],
  ...['bestellen', 'bestel hier'],
]);
// Signs that point at a link when a cell holds nothing else: 🔗 👉 ➡️ → ↗ 🛒.
const LINK_SIGNS = /^(?:[🔗👉👈👆👇☝➡→↗⇒⤴⬆↪🛒🛍]|\p{Emoji_Modifier}|\uFE0F|\s)+$/u;
// A host name or a scheme: the text is (or holds) an address, not a label.
const ADDRESS = /[\p{L}\p{N}]\.[\p{L}\p{N}]|:\/\//u;
const LONGEST = 40;

/**
 * Whether a cell is only a word standing for a link, in any of the lexicon's languages, any
 * case, with emoji and punctuation: "LINK", "link 🔗", "W2C", "Buy here", "Click", "➡️ LINK",
 * "Kaufen", "Lien", "Comprar", "Aquí", "Kup tutaj", "Hier kopen", "🔗", "👉". A spreadsheet shows
 * such a label over a link, and a CSV download keeps the label alone. Never true for a URL or a
 * host name, an item id or a product's title.
 *
 * @example isLinkLabel('➡️ LINK') // true
 * @example isLinkLabel('weidian.com/item.html?itemID=7231234567') // false
 */
export function isLinkLabel(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > LONGEST || ADDRESS.test(trimmed)) return false;
  const words = foldWords(trimmed);
  if (words.length === 0) return LINK_SIGNS.test(trimmed);
  // "Link 2": the second of several links.
  if (words.length > 1 && /^\d{1,2}$/.test(words.at(-1)!)) words.pop();
  return LABELS.has(words.join(' '));
}
