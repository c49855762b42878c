/** Stable codes of {@link CatalogError}; never reused for another meaning. */
export type CatalogErrorCode =
  | 'CATALOG_INVALID'
  | 'CATALOG_PARSE'
  | 'UNKNOWN_AGENT'
  | 'UNKNOWN_COUNTRY'
  | 'SHIPPING_UNAVAILABLE'
  | 'CURRENCY_UNSUPPORTED'
  | 'AGENTS_INVALID'
  | 'UNKNOWN_PRODUCT'
  | 'UNKNOWN_SHIPPING_LINE'
  | 'INVALID_INPUT'
  | 'LEXICON_INVALID'
  | 'RATES_INVALID';

/**
 * The base error of `@repo/catalog-core`: every failure it throws carries a stable `code`.
 *
 * @example
 * try { convertPrice(10, 'XYZ') } catch (err) { if (isCatalogError(err)) console.log(err.code) }
 */
export class CatalogError extends Error {
  override name = 'CatalogError';
  readonly code: CatalogErrorCode;

  constructor(code: CatalogErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Tells whether a value is a {@link CatalogError}, also across duplicated bundles. */
export function isCatalogError(value: unknown): value is CatalogError {
  return (
    value instanceof CatalogError ||
    (value instanceof Error &&
      value.name === 'CatalogError' &&
      typeof (value as CatalogError).code === 'string')
  );
}
