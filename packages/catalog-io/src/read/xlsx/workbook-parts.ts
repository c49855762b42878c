import { posix } from 'node:path';
import { CatalogIoError } from '../../errors.js';
import { describeArchive } from './sniff-workbook.js';
import { scanTags } from './tag-scan.js';
import { readXml } from './xml-stream.js';
import type { ZipArchive } from './zip-archive.js';

/** A tab of the workbook, in the workbook's order. */
export interface SheetPart {
  readonly name: string;
  /** The part holding its cells (`xl/worksheets/sheet1.xml`). */
  readonly path: string;
}

/** What the workbook's parts say about how to read its sheets. */
export interface WorkbookLayout {
  readonly sheets: readonly SheetPart[];
  /** The number format of each cell style (`s="3"` → `"¥"#,##0`). */
  readonly formats: readonly string[];
  /** Dates count from 1904 rather than 1900 (old Mac workbooks). */
  readonly date1904: boolean;
  readonly sharedStrings?: string;
}

const RELATIONSHIP = /\/relationships\/(\w+)$/;

/** A part's relationships: id → target part (or URL, for external ones) and type. */
export async function readRelationships(
  archive: ZipArchive,
  part: string,
): Promise<Map<string, { target: string; type: string; external: boolean }>> {
  const relsPath = posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);
  const relationships = new Map<string, { target: string; type: string; external: boolean }>();
  // Scanned, not parsed: a sheet's relationships hold one tag per hyperlink, as many as its rows.
  const xml = await archive.stream(relsPath);
  if (xml === undefined) return relationships;
  await scanTags(
    xml,
    'Relationship',
    (attributes) => {
      const id = attributes.get('Id');
      const to = attributes.get('Target');
      if (id === undefined || to === undefined) return;
      const external = attributes.get('TargetMode') === 'External';
      const type = RELATIONSHIP.exec(attributes.get('Type') ?? '')?.[1] ?? '';
      relationships.set(id, { target: external ? to : resolvePart(part, to), type, external });
    },
    relsPath,
  );
  return relationships;
}

/** A relationship's target as a part name: relative to the part's folder, or from the root. */
function resolvePart(from: string, target: string): string {
  return target.startsWith('/')
    ? target.slice(1)
    : posix.normalize(posix.join(posix.dirname(from), target));
}

/**
 * The tabs of the workbook (from `xl/workbook.xml` and its relationships), the number format of
 * every cell style (`xl/styles.xml`) and where the shared strings are.
 *
 * @throws {CatalogIoError} `FORMAT_MISMATCH` for an archive that holds no workbook (an `.ods`, a
 *   Word document).
 */
export async function readWorkbookLayout(
  archive: ZipArchive,
  path: string,
): Promise<WorkbookLayout> {
  const workbookPath = await findWorkbookPart(archive);
  if (workbookPath === undefined) {
    const mimetype = await archive.text('mimetype', 4096);
    throw new CatalogIoError(
      'FORMAT_MISMATCH',
      `${path} is ${describeArchive(archive.names(), mimetype?.trim())}`,
    );
  }
  const relationships = await readRelationships(archive, workbookPath);
  const sheets: SheetPart[] = [];
  let date1904 = false;
  await readXml(
    (await archive.text(workbookPath)) ?? '',
    {
      open(name, attributes) {
        if (name === 'workbookPr') date1904 = /^(1|true)$/i.test(attributes.date1904 ?? '');
        if (name !== 'sheet') return;
        const id = Object.entries(attributes).find(([key]) => /(^|:)id$/.test(key))?.[1];
        const target = id === undefined ? undefined : relationships.get(id);
        if (target?.type === 'worksheet' && attributes.name !== undefined) {
          sheets.push({ name: attributes.name, path: target.target });
        }
      },
    },
    workbookPath,
  );
  const byType = (type: string) => [...relationships.values()].find((r) => r.type === type);
  const styles = byType('styles')?.target;
  const sharedStrings = byType('sharedStrings')?.target;
  return {
    sheets,
    date1904,
    formats: styles ? await readCellFormats(archive, styles) : [],
    ...(sharedStrings && archive.has(sharedStrings) ? { sharedStrings } : {}),
  };
}

/** The workbook part, named by the package's root relationships (`xl/workbook.xml` mostly). */
async function findWorkbookPart(archive: ZipArchive): Promise<string | undefined> {
  if (archive.has('_rels/.rels')) {
    const root = await readRelationships(archive, '');
    const office = [...root.values()].find((r) => r.type === 'officeDocument');
    if (office && archive.has(office.target)) return office.target;
  }
  return archive.has('xl/workbook.xml') ? 'xl/workbook.xml' : undefined;
}

/** Number formats Excel knows by id without writing them down: the currency ones matter here. */
const BUILT_IN_FORMATS: Readonly<Record<number, string>> = {
  5: '"$"#,##0_);("$"#,##0)',
  6: '"$"#,##0_);[Red]("$"#,##0)',
  7: '"$"#,##0.00_);("$"#,##0.00)',
  8: '"$"#,##0.00_);[Red]("$"#,##0.00)',
  14: 'm/d/yyyy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yyyy h:mm',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
};

async function readCellFormats(archive: ZipArchive, stylesPath: string): Promise<string[]> {
  const custom = new Map<number, string>();
  const formats: string[] = [];
  let inCellXfs = false;
  await readXml(
    (await archive.text(stylesPath)) ?? '',
    {
      open(name, attributes) {
        if (name === 'numFmt' && attributes.numFmtId !== undefined) {
          custom.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
        } else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) {
          const id = Number(attributes.numFmtId ?? 0);
          formats.push(custom.get(id) ?? BUILT_IN_FORMATS[id] ?? '');
        }
      },
      close(name) {
        if (name === 'cellXfs') inCellXfs = false;
      },
    },
    stylesPath,
  );
  return formats;
}
