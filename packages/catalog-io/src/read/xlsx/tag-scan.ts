import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { zipReadError } from './zip-archive.js';

/** Longer than any tag scanned for: a tag cut by a chunk's end waits this long for its rest. */
const MAX_TAG_CHARS = 8192;
const ATTRIBUTE = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * Calls `onTag` with the attributes (by local name: `r:id` is `id`) of every `<name …>` tag in
 * a part's XML, streamed, without parsing the rest. For parts that are long lists of one
 * element (a sheet's relationships, one per hyperlink) or where that element comes after
 * everything else (a sheet's hyperlinks, after its rows), this is several times faster than a
 * parse, and it expands nothing but the XML's own five entities and character references.
 */
export async function scanTags(
  source: Readable | string,
  name: string,
  onTag: (attributes: ReadonlyMap<string, string>) => void,
  where = 'a part of the workbook',
): Promise<void> {
  const tag = new RegExp(`<(?:[\\w.-]+:)?${name}(?=[\\s/>])([^>]*)>`, 'g');
  let carry = '';
  const scan = (text: string, last: boolean) => {
    const chunk = carry + text;
    tag.lastIndex = 0;
    let end = 0;
    for (let match = tag.exec(chunk); match; match = tag.exec(chunk)) {
      end = tag.lastIndex;
      const attributes = new Map<string, string>();
      for (const [, key = '', double, single] of (match[1] ?? '').matchAll(ATTRIBUTE)) {
        attributes.set(key.slice(key.indexOf(':') + 1), decodeXml(double ?? single ?? ''));
      }
      onTag(attributes);
    }
    if (last) return;
    // What may be the start of a tag cut by the chunk's end waits for the next chunk.
    const open = chunk.lastIndexOf('<');
    const from = open < end ? chunk.length : open;
    carry = chunk.length - from > MAX_TAG_CHARS ? '' : chunk.slice(from);
  };
  if (typeof source === 'string') return scan(source, true);
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of source) scan(decoder.write(chunk as Buffer), false);
  } catch (error) {
    throw zipReadError(error, where);
  }
  scan(decoder.end(), true);
}

const ENTITIES: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  amp: '&',
};

/** An attribute value's XML escapes undone: `&amp;` and `&#38;` are `&`. */
function decodeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(\w+));/gi, (whole, hex, dec, name) => {
    if (name !== undefined) return ENTITIES[name] ?? whole;
    const code = hex !== undefined ? Number.parseInt(hex, 16) : Number(dec);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
