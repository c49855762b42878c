import { join } from 'node:path';
import { joined, type PartText, writeZip, type ZipEntry } from './zip-writer.js';

// A minimal XLSX workbook, part by part, for the hostile-workbook tests to vary one part of.

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const OFFICE_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The name of the first sheet, which errors about a sheet are to name. */
export const SHEET_NAME = 'Finds';

/** Style 1 fills a cell yellow: what "formatted but empty" cells point at. */
const STYLES = `${XML_DECLARATION}<styleSheet xmlns="${MAIN}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FFFFFF00"/></patternFill></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="0" fillId="2" borderId="0" xfId="0" applyFill="1"/></cellXfs></styleSheet>`;

/** The parts a test workbook varies; the rest is the same in every one. */
export interface WorkbookParts {
  /** The first sheet, named {@link SHEET_NAME}: its whole XML (see {@link worksheet}). */
  readonly sheet: PartText;
  /** Sheets after the first, named `Sheet2`, `Sheet3`… */
  readonly moreSheets?: readonly PartText[];
  /** `xl/sharedStrings.xml`, when cells refer to shared strings. */
  readonly sharedStrings?: PartText;
  /** Pictures, `xl/media/image1.png`…: parts a reader of cells never needs to open. */
  readonly pictures?: readonly PartText[];
}

/**
 * The zip entries of a minimal valid XLSX workbook with the given sheets and shared strings, in
 * the order Excel writes them (sheets before shared strings and styles).
 */
export function minimalWorkbook(parts: WorkbookParts): ZipEntry[] {
  const sheets = [parts.sheet, ...(parts.moreSheets ?? [])];
  const sheetNames = sheets.map((_, i) => (i === 0 ? SHEET_NAME : `Sheet${i + 1}`));
  const sheetPath = (i: number) => `worksheets/sheet${i + 1}.xml`;
  const overrides = [
    ['/xl/workbook.xml', 'sheet.main'],
    ...sheets.map((_, i) => [`/xl/${sheetPath(i)}`, 'worksheet']),
    ...(parts.sharedStrings === undefined ? [] : [['/xl/sharedStrings.xml', 'sharedStrings']]),
    ['/xl/styles.xml', 'styles'],
  ];
  const contentTypes = `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>${overrides
    .map(
      ([part, type]) =>
        `<Override PartName="${part}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.${type}+xml"/>`,
    )
    .join('')}</Types>`;
  const rootRels = `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${OFFICE_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
  const workbook = `${XML_DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELS}"><sheets>${sheetNames
    .map((name, i) => `<sheet name="${name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('')}</sheets></workbook>`;
  const related = [
    ...sheets.map((_, i) => ['worksheet', sheetPath(i)]),
    ...(parts.sharedStrings === undefined ? [] : [['sharedStrings', 'sharedStrings.xml']]),
    ['styles', 'styles.xml'],
  ];
  const workbookRels = `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELS}">${related
    .map(
      ([type, target], i) =>
        `<Relationship Id="rId${i + 1}" Type="${OFFICE_RELS}/${type}" Target="${target}"/>`,
    )
    .join('')}</Relationships>`;
  return [
    ['[Content_Types].xml', contentTypes],
    ['_rels/.rels', rootRels],
    ['xl/workbook.xml', workbook],
    ['xl/_rels/workbook.xml.rels', workbookRels],
    ...sheets.map((sheet, i): ZipEntry => [`xl/${sheetPath(i)}`, sheet]),
    ...(parts.sharedStrings === undefined
      ? []
      : [['xl/sharedStrings.xml', parts.sharedStrings] as const]),
    ['xl/styles.xml', STYLES],
    ...(parts.pictures ?? []).map(
      (picture, i): ZipEntry => [`xl/media/image${i + 1}.png`, picture],
    ),
  ];
}

/**
 * A worksheet's XML around `rows` (`<row>` elements, whole or in chunks); `doctype` goes between
 * the XML declaration and the root element, where a document type declaration must stand.
 */
export function worksheet(
  rows: PartText,
  options: { readonly dimension?: string; readonly doctype?: string } = {},
): Iterable<string> {
  const head = `${XML_DECLARATION}${options.doctype ?? ''}<worksheet xmlns="${MAIN}" xmlns:r="${OFFICE_RELS}">${
    options.dimension ? `<dimension ref="${options.dimension}"/>` : ''
  }<sheetData>`;
  return joined(head, rows, '</sheetData></worksheet>');
}

/** A shared-string table around `items` (`<si>` elements, whole or in chunks). */
export function sharedStrings(items: PartText, count: number, doctype = ''): Iterable<string> {
  return joined(
    `${XML_DECLARATION}${doctype}<sst xmlns="${MAIN}" count="${count}" uniqueCount="${count}">`,
    items,
    '</sst>',
  );
}

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const columnName = (index: number) => String.fromCharCode(65 + index);

/** A cell: a number, or a text as an inline string. */
function cell(ref: string, value: string | number): string {
  return typeof value === 'number'
    ? `<c r="${ref}"><v>${value}</v></c>`
    : `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`;
}

function row(number: number, values: readonly (string | number)[]): string {
  return `<row r="${number}">${values.map((value, i) => cell(`${columnName(i)}${number}`, value)).join('')}</row>`;
}

/** The header every test sheet opens with: a brand and a category column, so one read. */
export const HEADER = ['title', 'brand', 'category', 'price', 'marketplace', 'item_id'] as const;

/** The three good products of the sheets that have any, in sheet rows 2 to 4. */
export const PRODUCT_TITLES = ['Dunk Low Panda', 'Box Logo Hoodie', 'Maya Down Jacket'] as const;
export const PRODUCTS: readonly (readonly (string | number)[])[] = [
  [PRODUCT_TITLES[0], 'Nike', 'sneakers', 368, 'weidian', '7234567890'],
  [PRODUCT_TITLES[1], 'Supreme', 'hoodies', 289, 'taobao', '681234567890'],
  [PRODUCT_TITLES[2], 'Moncler', 'jackets', 899, 'weidian', '6912345678'],
];

/**
 * Sheet rows 1 to 4: the header and the three products; `title` replaces the first product's
 * title cell (A2) when given.
 */
export function productRows(title?: PartText): Iterable<string> {
  const [first = [], ...others] = PRODUCTS;
  const cells = first.map((value, i) => cell(`${columnName(i)}2`, value));
  return joined(
    row(1, HEADER),
    '<row r="2">',
    title ?? cells[0] ?? '',
    cells.slice(1).join(''),
    '</row>',
    ...others.map((values, i) => row(i + 3, values)),
  );
}

/** Cell A2 as an inline string of `xml` (markup, not escaped). */
export const inlineTitle = (xml: PartText) =>
  joined('<c r="A2" t="inlineStr"><is><t>', xml, '</t></is></c>');

/** Cell A2 as shared string 0. */
export const SHARED_TITLE = '<c r="A2" t="s"><v>0</v></c>';

/** A good workbook: the header and three products. */
export function writeProductsWorkbook(dir: string, name = 'products.xlsx'): string {
  return writeZip(join(dir, name), minimalWorkbook({ sheet: worksheet(productRows()) }));
}
