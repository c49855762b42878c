/** Stable codes of {@link CatalogIoError}; never reused for another meaning. */
export type CatalogIoErrorCode =
  | 'FILE_READ'
  | 'FILE_WRITE'
  | 'FORMAT_UNKNOWN'
  | 'CATALOG_EMPTY'
  | 'SHEET_UNKNOWN'
  /** The file's bytes are another kind of file than its name says (an `.xls`, an HTML page). */
  | 'FORMAT_MISMATCH'
  /** A workbook that reading would let grow without bound: a zip bomb, a giant cell, entities. */
  | 'WORKBOOK_UNSAFE'
  /** A CSV whose link column holds only labels ("LINK"): the links stayed in the sheet. */
  | 'LINKS_LOST'
  /** Downloading the catalog from its link failed: unreachable, an error status, too large. */
  | 'FETCH_FAILED'
  /** No catalog to serve: its link cannot be fetched and no earlier download was kept. */
  | 'CATALOG_UNAVAILABLE';

/**
 * A catalog file could not be read or written as a whole (missing file, unknown extension, a missing sheet,
 * full disk). Bad rows are not errors: `readCatalogFile` reports them and keeps going.
 *
 * @example
 * try { await readCatalogFile('x.xlsx') } catch (err) { if (isCatalogIoError(err)) console.error(err.message) }
 */
export class CatalogIoError extends Error {
  override name = 'CatalogIoError';
  readonly code: CatalogIoErrorCode;

  constructor(code: CatalogIoErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Tells whether a value is a {@link CatalogIoError}, also across duplicated bundles. */
export function isCatalogIoError(value: unknown): value is CatalogIoError {
  return value instanceof Error && value.name === 'CatalogIoError' && 'code' in value;
}
