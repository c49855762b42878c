import { crc32 } from 'node:zlib';

// A small .xlsx built in code (tabs, text and number cells, links behind labels), so that this
// app's tests need no spreadsheet library; the reader itself is tested against Excel and
// LibreOffice files in @repo/catalog-io.

/** A cell: text, a number, or a label with a hyperlink behind it. */
export type Cell = string | number | { readonly text: string; readonly hyperlink: string };

/** A tab: its name and its rows. */
interface Tab {
  readonly name: string;
  readonly rows: readonly (readonly Cell[])[];
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const xmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const column = (index: number) => String.fromCharCode(65 + index);

/** The bytes of a workbook holding `tabs`, each cell's text inline. */
export function workbookBytes(tabs: readonly Tab[]): Buffer {
  const parts: [string, string][] = [
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${tabs
        .map(
          (_, i) =>
            `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join('')}</Types>`,
    ],
    [
      '_rels/.rels',
      `${XML}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets>${tabs
        .map(
          (tab, i) => `<sheet name="${xmlText(tab.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`,
        )
        .join('')}</sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML}<Relationships xmlns="${PACKAGE_RELS}">${tabs
        .map(
          (_, i) =>
            `<Relationship Id="rId${i + 1}" Type="${RELS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join('')}</Relationships>`,
    ],
    ...tabs.flatMap((tab, i) => sheetParts(tab, i + 1)),
  ];
  return zip(parts);
}

function sheetParts(tab: Tab, n: number): [string, string][] {
  const links: { ref: string; url: string }[] = [];
  const rows = tab.rows.map((cells, r) => {
    const xml = cells.map((cell, c) => {
      const ref = `${column(c)}${r + 1}`;
      if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
      const text = typeof cell === 'string' ? cell : cell.text;
      if (typeof cell === 'object') links.push({ ref, url: cell.hyperlink });
      return `<c r="${ref}" t="inlineStr"><is><t>${xmlText(text)}</t></is></c>`;
    });
    return `<row r="${r + 1}">${xml.join('')}</row>`;
  });
  const hyperlinks = links.length
    ? `<hyperlinks>${links.map((link, i) => `<hyperlink ref="${link.ref}" r:id="rId${i + 1}"/>`).join('')}</hyperlinks>`
    : '';
  return [
    [
      `xl/worksheets/sheet${n}.xml`,
      `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELS}"><sheetData>${rows.join('')}</sheetData>${hyperlinks}</worksheet>`,
    ],
    [
      `xl/worksheets/_rels/sheet${n}.xml.rels`,
      `${XML}<Relationships xmlns="${PACKAGE_RELS}">${links
        .map(
          (link, i) =>
            `<Relationship Id="rId${i + 1}" Type="${RELS}/hyperlink" Target="${xmlText(link.url)}" TargetMode="External"/>`,
        )
        .join('')}</Relationships>`,
    ],
  ];
}

/** A zip archive of `parts`, stored (not deflated): the same bytes for the same parts. */
function zip(parts: readonly [name: string, text: string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of parts) {
    const data = Buffer.from(text, 'utf8');
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01: no clock in the bytes
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
