import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { CatalogIoError } from '../../errors.js';
import { zipReadError } from './zip-archive.js';

/** Excel's own limit on the characters of a cell. */
export const MAX_CELL_CHARS = 32_767;

/**
 * Characters allowed between two `<`: a tag and the text after it. The longest cell Excel writes
 * takes at most ten characters a character (`&#1114111;`), so a longer run is a cell past the
 * limit, refused here before the parser gathers it into one string.
 */
const MAX_RUN_CHARS = MAX_CELL_CHARS * 10 + 4096;

/** Text parts are fed to the parser in slices of this size, like streamed ones. */
const CHUNK_CHARS = 64 * 1024;

/** What a part's elements are handed to, by local name (`x:row` is `row`). */
export interface XmlHandlers {
  open?(name: string, attributes: Readonly<Record<string, string>>): void;
  text?(text: string): void;
  close?(name: string): void;
}

/** Text taken out of a part before it is parsed: what no handler would act on anyway. */
export interface TextFilter {
  push(text: string): string;
  /** What it still holds at the end of the part. */
  end(): string;
}

/**
 * Cuts each run of text to the longest a cell may take (see `MAX_RUN_CHARS`), so the parser
 * never gathers a longer one and a handler sees text past the limit: for a part where a long
 * text is refused later, where it is used (the shared strings: the sheet and cell using one are
 * named then).
 */
function clipLongText(): (text: string) => string {
  let run = 0;
  return (text) => {
    let out = '';
    let at = 0;
    while (at < text.length) {
      const lt = text.indexOf('<', at);
      const end = lt === -1 ? text.length : lt;
      const room = Math.max(0, MAX_RUN_CHARS - run);
      let kept = text.slice(at, at + Math.min(end - at, room));
      // A cut inside an escape (`&am`) would be bad XML: the escape goes with the rest.
      if (end - at > room) kept = kept.replace(/&[^;<]{0,12}$/, '');
      out += kept;
      run += Math.min(end - at, room);
      if (lt === -1) break;
      out += '<';
      run = 1;
      at = lt + 1;
    }
    return out;
  };
}

/** Thrown by a handler to stop reading a part early; not an error. */
export class StopReading extends Error {}

/**
 * Reads a workbook part's XML as events, bounded: a run of text longer than a cell may hold is
 * refused without being held whole, and a document type declaration (where entities are
 * declared, which a workbook never has) is refused before anything could be expanded.
 *
 * @param where how the part is named to a person (`sheet "Schuhe"`).
 * @param options `filter`: text taken out before the parse; `clip`: long runs are cut to a
 *   little past a cell's limit instead of refused, for the handler to refuse where it knows more.
 * @throws {CatalogIoError} `WORKBOOK_UNSAFE` for a giant cell or entity declarations,
 *   `FORMAT_MISMATCH` for XML that is not well formed.
 */
export async function readXml(
  source: Readable | string,
  handlers: XmlHandlers,
  where: string,
  options: { readonly filter?: TextFilter; readonly clip?: boolean } = {},
): Promise<void> {
  const { filter } = options;
  const clip = options.clip ? clipLongText() : undefined;
  const parser = new SaxesParser({ position: false });
  let failure: unknown;
  parser.on('error', (error) => {
    failure ??= new CatalogIoError(
      'FORMAT_MISMATCH',
      `${where} is damaged: ${error.message.replace(/^undefined:\d+:\d+: /, '')}`,
      { cause: error },
    );
    throw failure;
  });
  parser.on('doctype', () => {
    throw new CatalogIoError(
      'WORKBOOK_UNSAFE',
      `${where} declares XML entities (a document type declaration), which no workbook does: refused, nothing of it was expanded`,
    );
  });
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  if (handlers.open) {
    const open = handlers.open;
    parser.on('opentag', (tag) => open(local(tag.name), tag.attributes as Record<string, string>));
  }
  if (handlers.text) parser.on('text', handlers.text);
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(local(tag.name)));
  }
  // Chunks are far shorter than the longest run allowed, so only a run that goes on from one
  // chunk into the next can be too long.
  let run = 0;
  const write = (raw: string) => {
    const text = clip ? clip(raw) : raw;
    const first = text.indexOf('<');
    if (first === -1) run += text.length;
    else {
      if (run + first > MAX_RUN_CHARS) throw cellTooLong(where);
      run = text.length - text.lastIndexOf('<');
    }
    if (run > MAX_RUN_CHARS) throw cellTooLong(where);
    parser.write(filter ? filter.push(text) : text);
  };
  try {
    if (typeof source === 'string') {
      for (let at = 0; at < source.length; at += CHUNK_CHARS) {
        write(source.slice(at, at + CHUNK_CHARS));
      }
    } else {
      const decoder = new StringDecoder('utf8');
      for await (const chunk of source) write(decoder.write(chunk as Buffer));
      write(decoder.end());
    }
    if (filter) parser.write(filter.end());
    parser.close();
  } catch (error) {
    if (typeof source !== 'string') source.destroy();
    if (error instanceof StopReading) return;
    throw zipReadError(error, where);
  }
}

/** The error of a cell longer than Excel allows. */
export function cellTooLong(where: string): CatalogIoError {
  return new CatalogIoError(
    'WORKBOOK_UNSAFE',
    `${where} has a cell longer than Excel's limit of 32,767 characters: refused (no spreadsheet app writes one)`,
  );
}
