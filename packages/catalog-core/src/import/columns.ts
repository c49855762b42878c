import type { Currency } from '../currency/currencies.js';
import { PRODUCT_FIELDS, type Product } from '../product.js';
import { COLUMN_NAMES, COLUMN_WORDS } from './column-names.js';
import { currencyOfWords, spellCurrencySymbols } from './currency-words.js';

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

const LINK_WORDS: ReadonlySet<string> = new Set(
  COLUMN_WORDS.find(([field]) => field === 'listing_url')?.[1],
);

/**
 * The words of a header, case, accents and punctuation folded (`ł` as `l`, which has no accent
 * to drop), currency symbols spelled out: `Price (CNY)` → `price cny`, `Price ¥` → `price cny`,
 * `Price $` → `price dollar`, `Cena (zł)` → `cena pln`, `itemID` → `item id`.
 */
export function headerWords(name: string): string[] {
  return spellCurrencySymbols(name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
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
 * name (`W2C`, `Item ID`, `Kaufen`) or the words in it, in the lexicon's eight languages
 * (`Item Name` → title, `QC Photos` → qc_photos, `Artikelname` → title, `Verkäufer` → seller,
 * `Price (USD)` → price in USD, `Cena (zł)` → price in PLN). `undefined` for a column the
 * importer does not use (unnamed, `Notes`, `Size`, `Größe`).
 *
 * @example recognizeColumn('Price (USD)') // { field: 'price', currency: 'USD' }
 * @example recognizeColumn('Preis in €') // { field: 'price', currency: 'EUR' }
 */
export function recognizeColumn(name: string): ColumnRole | undefined {
  const words = headerWords(name);
  if (words.length === 0) return undefined;
  const key = words.join('_');
  const [currency] = currencyOfWords(words);
  const field: ImportField | undefined = FIELDS.has(key)
    ? (key as ImportField)
    : (COLUMN_NAMES[key] ??
      COLUMN_WORDS.find(([, names]) => words.some((word) => names.includes(word)))?.[0] ??
      // A header that is only a currency (`CNY`, `USD`, `¥`) is a price column in that currency.
      (currency && words.every((word) => currencyOfWords([word]).length > 0)
        ? 'price'
        : undefined));
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
