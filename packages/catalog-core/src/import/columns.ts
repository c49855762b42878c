import type { Currency } from '../currency/currencies.js';
import { PRODUCT_FIELDS, type Product } from '../product.js';

/** The Product fields an import row can fill. */
export type ImportField = keyof Product;

/** What a spreadsheet column holds: the field it fills and, for prices, the currency it is in. */
export interface ColumnRole {
  readonly field: ImportField;
  /** A price column's currency, when its header names one (`Price (USD)`, `Price ¥`). */
  readonly currency?: Currency;
}

/** The fields in `ProductSchema` order: reasons list problems in this order. */
export const IMPORT_FIELDS: readonly ImportField[] = PRODUCT_FIELDS;

const FIELDS: ReadonlySet<string> = new Set(IMPORT_FIELDS);

/** Whole header names (their words joined by `_`) that mean a field, beyond its own name. */
const NAMES: Readonly<Record<string, ImportField>> = {
  id: 'item_id',
  itemid: 'item_id',
  item_no: 'item_id',
  item_number: 'item_id',
  offer_id: 'item_id',
  product_id: 'item_id',
  listing_id: 'item_id',
  where_to_cop: 'listing_url',
  where_to_buy: 'listing_url',
  buy: 'listing_url',
  category_id: 'category',
  colourway: 'colorway',
  cw: 'colorway',
  date: 'created_at',
  date_added: 'created_at',
  added: 'created_at',
  added_at: 'created_at',
  created: 'created_at',
};

/**
 * Words of a header that say which field a column fills, tried in this order: the first rule
 * with a word in the header wins. The order settles headers with several meanings: "QC Link"
 * holds photos, "Item Link" a link, "Item Price" a price, "Seller Name" a seller, "Item Name" a
 * title. English first, then the Spanish, Portuguese and French words of community sheets.
 */
const WORD_RULES: readonly (readonly [ImportField, readonly string[]])[] = [
  [
    'qc_photos',
    [
      'qc',
      'qcs',
      'photo',
      'photos',
      'pic',
      'pics',
      'picture',
      'pictures',
      'image',
      'images',
      'img',
      'album',
      'gallery',
      'fotos',
      'imagenes',
    ],
  ],
  ['price', ['price', 'prices', 'cost', 'retail', 'precio', 'preco', 'prix']],
  [
    'seller',
    ['seller', 'sellers', 'store', 'shop', 'vendor', 'supplier', 'tienda', 'loja', 'vendeur'],
  ],
  [
    'listing_url',
    ['link', 'links', 'url', 'urls', 'w2c', 'listing', 'href', 'hyperlink', 'enlace', 'lien'],
  ],
  ['brand', ['brand', 'brands', 'designer', 'label', 'marca', 'marque']],
  [
    'category',
    ['category', 'categories', 'cat', 'type', 'types', 'section', 'kind', 'categoria', 'categorie'],
  ],
  ['batch', ['batch', 'batches', 'factory', 'lote']],
  ['marketplace', ['marketplace', 'platform', 'site', 'mall', 'source']],
  ['colorway', ['colorway', 'colourway', 'color', 'colour', 'colors', 'colours', 'cor', 'couleur']],
  ['weight_grams', ['weight', 'grams', 'peso', 'poids']],
  ['tags', ['tag', 'tags', 'keywords']],
  ['model', ['model', 'modelo', 'modele']],
  [
    'title',
    [
      'title',
      'name',
      'item',
      'items',
      'product',
      'products',
      'article',
      'nombre',
      'nome',
      'produto',
      'producto',
      'nom',
      'produit',
      'titre',
    ],
  ],
];

const LINK_WORDS: ReadonlySet<string> = new Set(
  WORD_RULES.find(([field]) => field === 'listing_url')?.[1],
);

/** Currency words of headers and price cells, after {@link headerWords} spelled symbols out. */
export const CURRENCY_WORDS: Readonly<Record<string, Currency>> = {
  cny: 'CNY',
  rmb: 'CNY',
  yuan: 'CNY',
  usd: 'USD',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  gbp: 'GBP',
  cad: 'CAD',
  aud: 'AUD',
  brl: 'BRL',
  reais: 'BRL',
  mxn: 'MXN',
  pln: 'PLN',
  zloty: 'PLN',
  zlotys: 'PLN',
  // Not "real" nor "peso": a header says "Real Price" or "Peso (g)" (weight) far more often.
};

/** Currency symbols spelled out as words, longest first (`CA$`, `R$`, `MX$` before `$`). */
export const CURRENCY_SYMBOLS: readonly (readonly [string, string])[] = [
  ['US$', ' usd '],
  ['CA$', ' cad '],
  ['C$', ' cad '],
  ['AU$', ' aud '],
  ['A$', ' aud '],
  ['R$', ' brl '],
  ['MX$', ' mxn '],
  ['$', ' usd '],
  ['zł', ' pln '],
  ['¥', ' cny '],
  ['￥', ' cny '],
  ['元', ' cny '],
  ['€', ' eur '],
  ['£', ' gbp '],
];

/**
 * The words of a header, case, accents and punctuation folded, currency symbols spelled out:
 * `Price (CNY)` → `price cny`, `Price ¥` → `price cny`, `itemID` → `item id`.
 */
export function headerWords(name: string): string[] {
  let text = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  for (const [symbol, word] of CURRENCY_SYMBOLS) text = text.replaceAll(symbol, word);
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/**
 * A column name in lower snake case: `Item ID`, `itemId` and `item-id` all become `item_id`.
 *
 * @example canonicalColumn('priceCNY') // 'price_cny'
 */
export function canonicalColumn(name: string): string {
  return headerWords(name).join('_');
}

/**
 * What a column holds, recognised from its header by meaning: the field's own name, a known
 * name (`W2C`, `Item ID`) or the words in it (`Item Name` → title, `QC Photos` → qc_photos,
 * `Price (USD)` → price in USD). `undefined` for a column the importer does not use (unnamed,
 * `Notes`, `Size`).
 *
 * @example recognizeColumn('Price (USD)') // { field: 'price', currency: 'USD' }
 */
export function recognizeColumn(name: string): ColumnRole | undefined {
  const words = headerWords(name);
  if (words.length === 0) return undefined;
  const key = words.join('_');
  const currency = words.map((word) => CURRENCY_WORDS[word]).find((c) => c !== undefined);
  const field: ImportField | undefined = FIELDS.has(key)
    ? (key as ImportField)
    : (NAMES[key] ??
      WORD_RULES.find(([, names]) => words.some((word) => names.includes(word)))?.[0] ??
      // A header that is only a currency (`CNY`, `USD`, `¥`) is a price column in that currency.
      (currency && words.every((word) => CURRENCY_WORDS[word]) ? 'price' : undefined));
  // "Seller Link", "Store URL": a link to the shop, not to the item, and not a seller's name.
  if (field === undefined || (field === 'seller' && words.some((w) => LINK_WORDS.has(w)))) {
    return undefined;
  }
  return field === 'price' && currency ? { field, currency } : { field };
}

/** The field a column fills, or `undefined` for a column the importer does not know. */
export function fieldOfColumn(name: string): ImportField | undefined {
  return recognizeColumn(name)?.field;
}
